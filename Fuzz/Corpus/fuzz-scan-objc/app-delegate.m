// Fixture for LegoScanTests: an app delegate that sets the prefix, registers URLs and shows the root.
#import "BDJAppDelegate.h"

@implementation BDJAppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    [[XFLegoConfig defaultConfig] setClassPrefix:@"BDJ"];
    [XFURLRoute initURLGroup:@[
        @"bdj://indexTab",
        @"bdj://indexTab/essence",
        @"bdj://indexTab/essence/post",
        @"bdj://indexTab/setting",
        @"bdj://indexTab/essence",
    ]];
    [XFURLRoute register:@"bdj://web" forComponent:@"Web"];
    XF_ShowRootComponent2Window_Fast(@"IndexTab")
    return YES;
}
@end
