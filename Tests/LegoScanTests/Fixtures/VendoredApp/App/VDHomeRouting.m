@interface VDHomeRouting : XFRouting
@end

@implementation VDHomeRouting
XF_AutoAssemblyModule_Fast
- (void)showDetail { XF_PUSH_URLComponent_Fast(@"vd://home/detail") }
@end

// A category adds methods to UIKit's class: it is never a class or a module of the app.
@implementation UIViewController (VDHelpers)
- (void)vd_back { [self.navigationController popViewControllerAnimated:YES]; }
@end

@implementation VDHomeRouting (Tracking)
- (void)track {}
@end
