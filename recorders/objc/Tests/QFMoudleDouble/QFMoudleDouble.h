// A test double of QFMoudle (qingfengiOS/QFMoudle@0ac5a23) for running the recorder on Linux with gcc + GNUstep base
// (manual reference counting): the router with its real class name and selectors, and the base protocol modules
// adopt. Written from reading QFRouter.h/.m and QFMoudleProtocol.h; nothing is copied. What differs, and why:
// - `callbackBlock` is typed `id` (gcc, which compiles the double, has no blocks); the app's journeys, compiled by
//   clang with blocks, set real blocks there.
// - gcc's runtime has no zeroing weak references: `interfaceViewController` is unretained (assign), and the journeys
//   never read it after its controller went.
#import <Foundation/Foundation.h>
#import "UIKitDouble.h"

/// QFMoudleProtocol.h:14-22: what every module protocol inherits.
@protocol QFMoudleProtocol <NSObject>
/// Weak in QFMoudle (QFMoudleProtocol.h:17).
@property (nonatomic, assign) UIViewController *interfaceViewController;
/// A block in QFMoudle, copied (QFMoudleProtocol.h:20).
@property (nonatomic, copy) id callbackBlock;
@end

/// QFRouter.h:18-41: a singleton with two lookups and no registry.
@interface QFRouter : NSObject
/// The singleton (QFRouter.m:17-24).
+ (id)router;
/// QFRouter.m:45-48: a new instance of the class named after the protocol on every call; nil when there is none.
- (id)interfaceForProtocol:(Protocol *)protocol;
/// QFRouter.m:50-57: the scheme names the protocol; each query item is then set on the module by key-value coding.
- (id)interfaceForURL:(NSURL *)url;
@end
