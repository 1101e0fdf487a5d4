@interface XFVendoredRouting : XFRouting
@end
@implementation XFVendoredRouting
XF_AutoAssemblyModule_Fast
@end
