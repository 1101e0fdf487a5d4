@interface BDJPostRouting : XFRouting
@end
@interface BDJPostPresenter : XFPresenter
@end
@interface BDJPostActivity : XFActivity
@end
@interface BDJVideoPostRouting : XFRouting
@end
@interface BDJPostCommentRouting : XFRouting
@end

@implementation BDJPostRouting
XF_AutoAssemblyModule_Fast
- (void)back {
    [self.uiBus popComponent];
    XF_SendEventForComponents_(@"refresh", nil, @"Essence")
    XF_SendEventForComponents_(@"refresh", nil, @"Nobody")
    [self.eventBus sendEventName:@"ping" intentData:nil forComponentNames:@[@"Essence"]];
}
@end

@implementation BDJVideoPostRouting
XF_AutoAssemblyModuleFromShareModuleName(@"Post")
@end
