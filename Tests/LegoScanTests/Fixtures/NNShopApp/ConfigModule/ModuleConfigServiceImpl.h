#import <Foundation/Foundation.h>
@import NNModule_swift;

@protocol ModuleConfigService;

@interface ModuleConfigServiceImpl : NSObject <ModuleConfigService>
@end
