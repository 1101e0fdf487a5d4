#import "QFMoudleProtocol.h"
#import "QFMeViewController.h"

@interface MoudleMe : NSObject <MoudleMe>
@end

@implementation MoudleMe
@synthesize interfaceViewController, callbackBlock, paramterForMe;

- (UIViewController *)interfaceViewController {
    return [[QFMeViewController alloc] init];
}
@end
