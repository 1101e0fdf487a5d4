@interface XFEvilRouting : XFRouting
@end
[XFURLRoute initURLGroup:@[@"x://evil", @"x://evil/a\"b<script>\n\u001b[31m"]];
@implementation XFEvilRouting
XF_AutoAssemblyModule_Fast
- (void)go {
    XF_PUSH_URLComponent_Fast(@"x://evil/a\"b\n::error::x")
    XF_SendEventForComponents_(@"e\\\"vent \n##[add-mask]x", nil, @"Ghost\"\n")
}
@end
