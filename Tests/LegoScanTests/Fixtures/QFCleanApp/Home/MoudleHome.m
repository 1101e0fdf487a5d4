#import "MoudleHome.h"
#import "QFHomeViewController.h"

@implementation MoudleHome
@synthesize interfaceViewController = _interfaceViewController;
@synthesize callbackBlock;
@synthesize paramterForHome;

- (UIViewController *)interfaceViewController {
    QFHomeViewController *controller = [[QFHomeViewController alloc] init];
    controller.interface = self;
    return controller;
}
@end
