#import "ModuleConfigServiceImpl.h"

@implementation ModuleRegisterService (ModuleConfigService)

+ (void)registerModuleConfigService {
    [Module registerServiceOfProtocol:@protocol(ModuleConfigService) usedImplClass:ModuleConfigServiceImpl.class];
}

@end

@implementation ModuleConfigServiceImpl

- (instancetype)init {
    if (self = [super init]) {
        // [Module serivceOfProtocol:@protocol(CommentedOutService)];
        _appScheme = @"nn";
    }
    return self;
}

- (void)showAbout {
    [Module.routeService openRoute:@"settings/about" parameters:@{}];
}

@end
