#import "XFLegoVIPER.h"

@implementation VDAppDelegate
- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
    [XFLegoConfig setClassPrefix:@"VD"];
    [XFURLRoute initURLGroup:@[@"vd://home", @"vd://home/detail"]];
    XF_ShowURLComponent2Window_Fast(@"vd://home")
    return YES;
}
@end
