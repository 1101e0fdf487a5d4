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
