#import "AppDelegate.h"
#import "QFRouter.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    id<MoudleHome> home = [[QFRouter router] interfaceForProtocol:@protocol(MoudleHome)];
    id<MoudleMe> me = [[QFRouter router] interfaceForProtocol:@protocol(MoudleMe)];
    UITabBarController *tabs = [[UITabBarController alloc] init];
    tabs.viewControllers = @[home.interfaceViewController, me.interfaceViewController];
    return YES;
}

@end
