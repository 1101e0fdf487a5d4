@implementation XFUIBus
- (void)openURLForPush:(NSString *)url customCode:(id)block {
    [self openURL:url withTransitionBlock:nil customCode:block];
}
@end
