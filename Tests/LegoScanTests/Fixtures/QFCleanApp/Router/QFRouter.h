//  QFRouter.h: the router of QFMoudle (qingfengiOS/QFMoudle QFRouter.h), written anew for this fixture.
#import <Foundation/Foundation.h>

@interface QFRouter : NSObject
+ (instancetype)router;
- (id)interfaceForProtocol:(Protocol *)protocol;
- (id)interfaceForURL:(NSURL *)url;
@end
