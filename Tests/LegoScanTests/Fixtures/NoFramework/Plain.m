#import <Foundation/Foundation.h>
@interface Plain : NSObject
@end
