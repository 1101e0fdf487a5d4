@implementation XFOddRouting
- (void)go { [self foo:(
}
/* unterminated comment
XF_PUSH_Component_Fast(@"Good"
@end
