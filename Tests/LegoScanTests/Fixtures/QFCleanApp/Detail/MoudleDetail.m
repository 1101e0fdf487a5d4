#import "QFMoudleProtocol.h"
#import "QFDetailViewController.h"

@interface MoudleDetail : NSObject <MoudleDetail>
@end

@implementation MoudleDetail
@synthesize interfaceViewController, callbackBlock, titleString, commentCount;

- (UIViewController *)interfaceViewController {
    QFDetailViewController *controller = [[QFDetailViewController alloc] init];
    return controller;
}
@end

#if 0
static void legacy(void) {
    [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"MoudleDetail://?nope=1"]];
}
#endif
