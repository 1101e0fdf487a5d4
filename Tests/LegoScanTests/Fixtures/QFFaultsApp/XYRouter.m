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
