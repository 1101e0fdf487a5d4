#import "PayModule.h"

@implementation ModuleRegisterService (Pay)

+ (void)registerPay {
    [Module registerServiceOfProtocol:@protocol(PayService) usedImplClass:PayServiceImpl.class];
    // FAULT nn-priority-ignored: the same priority as PayServiceImpl, registered after it in this method.
    [Module registerServiceOfProtocol:@protocol(PayService) usedImplClass:[DebugPayServiceImpl class]];
}

- (void)notInvoked {
}

@end

@implementation PayServiceImpl

+ (NSInteger)implPriority {
    return 10;
}

@end

@implementation DebugPayServiceImpl

+ (NSInteger)implPriority {
    return 10;
}

@end
