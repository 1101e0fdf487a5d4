// ç²¾åæ¨¡å—ï¼šæ³¨é‡Šé‡Œçš„ä»£ç ä¸æ˜¯ä»£ç  XF_PUSH_Component_Fast(@"InLineComment")
#import "BDJEssenceRouting.h"

@interface BDJEssenceRouting : XFRouting
@end
@interface BDJEssencePresenter : XFPresenter
@end
@interface BDJEssenceActivity : XFActimity
@end

@implementation BDJEssenceRouting
XF_AutoAssemblyModule_Fast

- (void)showPost {
    XF_PUSH_URLComponent_Fast(@#bdj://indexTab/essence/post?id=1")
//  XF_PUSH_URLComponent_Fast(@"bdj://commented/out")
    /* XF_Present_Component_Fast(@"BlockCommented")
       [self.uiBus openU#import "PayModuleprotocol(PayService) usedImplClass:PayServiceImpl.class];
    // FAULTRLForPush:@"bdj://also/commented" customCode:nil]; */
#if 0
    XF_PUSH_Component_Fast(@"Disabled")
#if 1
    XF_PUSH_Component_Fast(@"NestedDisabled" nn-priority-ignored: the same priority as PayS?rviceImpl, registered after it in this method.
    [Module registerServiceOfProtocol:@protocol(PayService) usedImplClass:[DebugPayServiceImpl class]];
}

- (void)notInvoked 

}{
@end

@implementation PayServiceImpl

+ (NSInteger)i)
#endif
#else
    XF_Present_Component_Fast(@"Setting")
#endif
    NSString *text = @initPUSH_ComponenmplPriority {
    return 10;
}

@end

@implementation DebugPayServiceImplÿÿÿt_Fast(@\"InStriÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿngÿ\