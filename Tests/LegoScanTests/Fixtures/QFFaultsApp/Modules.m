#import "Protocols.h"

@interface MoudleHomeSI : NSObject <MoudleHome>
@end
@implementation MoudleHomeSI
@synthesize interfaceViewController, callbackBlock;
- (UIViewController *)interfaceViewController { return [[QFHomeViewController alloc] init]; }
@end

@interface MoudleMeSI : NSObject <MoudleMe>
@end
@implementation MoudleMeSI
@synthesize interfaceViewController, callbackBlock, paramterForMe;
@end

@interface MoudleDetailSI : NSObject <MoudleDetail>
@end
@implementation MoudleDetailSI
@synthesize interfaceViewController, callbackBlock, titleString, commentCount, source;
- (UIViewController *)interfaceViewController { return [[QFDetailViewController alloc] init]; }
@end

// FAULT (b): the cart's class was renamed, so MoudleCart names no class MoudleCartSI.
@interface MoudleCartModuleSI : NSObject <MoudleCart>
@end
@implementation MoudleCartModuleSI
@synthesize interfaceViewController, callbackBlock;
@end

// FAULT (c): MoudleSettingsSI forgot to adopt <MoudleSettings>.
@interface MoudleSettingsSI : NSObject
@end
@implementation MoudleSettingsSI
@end
