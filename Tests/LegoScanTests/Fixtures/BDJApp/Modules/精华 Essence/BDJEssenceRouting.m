// 精华模块：注释里的代码不是代码 XF_PUSH_Component_Fast(@"InLineComment")
#import "BDJEssenceRouting.h"

@interface BDJEssenceRouting : XFRouting
@end
@interface BDJEssencePresenter : XFPresenter
@end
@interface BDJEssenceActivity : XFActivity
@end

@implementation BDJEssenceRouting
XF_AutoAssemblyModule_Fast

- (void)showPost {
    XF_PUSH_URLComponent_Fast(@"bdj://indexTab/essence/post?id=1")
//  XF_PUSH_URLComponent_Fast(@"bdj://commented/out")
    /* XF_Present_Component_Fast(@"BlockCommented")
       [self.uiBus openURLForPush:@"bdj://also/commented" customCode:nil]; */
#if 0
    XF_PUSH_Component_Fast(@"Disabled")
#if 1
    XF_PUSH_Component_Fast(@"NestedDisabled")
#endif
#else
    XF_Present_Component_Fast(@"Setting")
#endif
    NSString *text = @"XF_PUSH_Component_Fast(@\"InString\") 中文 \"引号\" \\";
    char bracket = '[';
    char quote = '\'';
    NSString *url = [NSString stringWithFormat:@"bdj://indexTab/essence/%@", self.postID];
    XF_PUSH_URLComponent_Fast(url)
    XF_PUSH_Component_Fast(@"Missing")
    [self.uiBus openURLForPresent:@"bdj://indexTab/nowhere" customCode:nil];
    XF_PUSH_Component_Fast(@"VideoPost")
}
@end

@implementation BDJEssencePresenter
- (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData
{
    XF_EventIs_(@"refresh", {
        NSLog(@"刷新");
    })
    if ([@"reload" isEqualToString:eventName]) {}
}
@end
