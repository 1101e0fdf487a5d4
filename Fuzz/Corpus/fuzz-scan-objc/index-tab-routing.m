#import "BDJIndexTabRouting.h"

@interface BDJIndexTabRouting : XFRouting
@end
@interface BDJIndexTabPresenter : XFPresenter
@end
@interface BDJIndexTabActivity : XFActivity
@end

@implementation BDJIndexTabRouting
XF_AutoAssemblyModule_Fast

- (void)viewDidLoad {
    XF_SubUInterface_URL(@"bdj://indexTab/essence");
}
@end
