// A vendored copy of the framework: its macro definitions and base classes are not the app's.
#define XF_PUSH_URLComponent_Fast(urlString) [self.uiBus openURLForPush:urlString customCode:nil];

@interface XFUIBus : NSObject
- (void)openURLForPush:(NSString *)url customCode:(id)customCodeBlock;
@end
