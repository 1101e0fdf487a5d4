@implementation XFRouting
+ (instancetype)assembleRouting { return [self new]; }
- (void)pop { [self.uiBus popComponent]; }
@end

@interface XFTemplateRouting : XFRouting
@end
