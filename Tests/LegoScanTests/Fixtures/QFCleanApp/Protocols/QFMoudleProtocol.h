#import <UIKit/UIKit.h>

typedef void (^QFCallBackBlock)(id result);

@protocol QFMoudleProtocol <NSObject>
@property (nonatomic, weak) UIViewController *interfaceViewController;
@property (nonatomic, copy) QFCallBackBlock callbackBlock;
@end

@protocol MoudleHome <QFMoudleProtocol>
@property (nonatomic, copy) NSString *paramterForHome;
@end

@protocol MoudleMe <QFMoudleProtocol>
@property (nonatomic, copy) NSString *paramterForMe;
@end

@protocol MoudleDetail <QFMoudleProtocol>
@property (nonatomic, copy) NSString *titleString;
@property (nonatomic, assign) NSInteger commentCount;
@end
