#import <Foundation/Foundation.h>
@import NNModule_swift;

@protocol PayService;

@interface PayServiceImpl : NSObject <PayService>
@end

@interface DebugPayServiceImpl : NSObject <PayService>
@end
