#import <UIKit/UIKit.h>

typedef void (^QFCallBackBlock)(id result);

@protocol QFMoudleProtocol <NSObject>
@property (nonatomic, weak) UIViewController *interfaceViewController;
@property (nonatomic, copy) QFCallBackBlock callbackBlock;
@end

@protocol MoudleHome <QFMoudleProtocol>
@end

@protocol MoudleMe <QFMoudleProtocol>
@property (nonatomic, copy) NSString *paramterForMe;
@end

@protocol MoudleDetail <QFMoudleProtocol>
@property (nonatomic, copy) NSString *titleString;
@property (nonatomic, assign) NSInteger commentCount;
@property (nonatomic, weak) NSString *source;
@end

@protocol MoudleCart <QFMoudleProtocol>
@end

@protocol MoudleSettings <QFMoudleProtocol>
@end

@protocol MoudleOrders <QFMoudleProtocol>
@end
// A copy of QFMoudle's router (QFRouter.m:45-63) renamed, with a suffix in its naming rule.
#import <Foundation/Foundation.h>
#import <objc/runtime.h>

#define XY_IMPL_FORMAT @"%@SI"

@interface XYRouter : NSObject
+ (instancetype)shared;
- (id)interfaceForProtocol:(Protocol *)protocol;
- (id)interfaceForURL:(NSURL *)url;
@end

@implementation XYRouter

- (id)interfaceForProtocol:(Protocol *)protocol {
    return [[[self implClassFor:protocol] alloc] init];
}

- (id)interfaceForURL:(NSURL *)url {
    id module = [self interfaceForProtocol:objc_getProtocol(url.scheme.UTF8String)];
    for (NSURLQueryItem *item in [NSURLComponents componentsWithURL:url resolvingAgainstBaseURL:NO].queryItems) {
        [module setValue:item.value forKey:item.name];
    }
    return module;
}

- (Class)implClassFor:(Protocol *)p {
    return NSClassFromString([NSString stringWithFormat:XY_IMPL_FORMAT, NSStringFromProtocol(p)]);
}

@end
#import "Protocols.h"

#define XYOpenURL(text) [[XYRouter shared] interfaceForURL:[NSURL URLWithString:text]]

@implementation QFHomeViewController

- (void)openAll {
    id<MoudleHome> again = [[XYRouter shared] interfaceForProtocol:@protocol(MoudleHome)];
    [self.navigationController pushViewController:again.interfaceViewController animated:YES];
    id cart = [[XYRouter shared] interfaceForProtocol:@protocol(MoudleCart)];                       // FAULT (b)
    id settings = [[XYRouter shared] interfaceForProtocol:@protocol(MoudleSettings)];               // FAULT (c)
    [[XYRouter shared] interfaceForURL:[NSURL URLWithString:@"moudleMe://?paramterForMe=x"]];     // FAULT (d)
    [[XYRouter shared] interfaceForURL:[NSURL URLWithString:@"MoudleDetail://?title=Hi"]];        // FAULT (e)
    NSURL *count = [NSURL URLWithString:@"MoudleDetail://?commentCount"];
    [[XYRouter shared] interfaceForURL:count];                                                     // FAULT (f)
    [[XYRouter shared] interfaceForURL:[NSURL URLWithString:[NSString stringWithFormat:@"MoudleDetail://?source=%@", self.campaign]]]; // FAULT (g)
    [[XYRouter shared] interfaceForURL:[NSURL URLWithString:@"MoudleDetail://?titleString=A&callbackBlock=1"]]; // FAULT (h)
    [[XYRouter shared] interfaceForURL:[NSURL URLWithString:self.link]];
    if ([self conformsToProtocol:@protocol(MoudleOrders)]) { }                                    // FAULT (i)
    /* [[XYRouter shared] interfaceForURL:[NSURL URLWithString:@"MoudleDetail://?gone=1"]]; */
}

@end
