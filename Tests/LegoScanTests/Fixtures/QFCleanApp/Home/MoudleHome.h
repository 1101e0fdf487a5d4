#import "QFMoudleProtocol.h"

@interface MoudleHome : NSObject <MoudleHome>
@end
