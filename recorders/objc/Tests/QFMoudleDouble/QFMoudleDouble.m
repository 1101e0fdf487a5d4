#import "QFMoudleDouble.h"

#import <objc/runtime.h>

// The router's behaviour as QFRouter.m has it, re-implemented; the comments cite the lines each part follows.

static QFRouter *sharedRouter;

@interface QFRouter ()
- (Class)classForProtocol:(Protocol *)protocol;
@end

@implementation QFRouter

// QFRouter.m:17-24 (its +allocWithZone: and copies returning the singleton change nothing here).
+ (id)router {
    if (!sharedRouter) sharedRouter = [[QFRouter alloc] init];
    return sharedRouter;
}

// QFRouter.m:45-48: no check that the class adopts the protocol, no cache.
- (id)interfaceForProtocol:(Protocol *)protocol {
    Class cls = [self classForProtocol:protocol];
    return [[[cls alloc] init] autorelease];
}

// QFRouter.m:50-57: objc_getProtocol of the scheme (NULL when no protocol has that name: a nil module, whose sets do
// nothing), then every query item in order with setValue:forKey:, which raises for an unknown key or nil into a
// scalar, inside the router.
- (id)interfaceForURL:(NSURL *)url {
    const char *scheme = [[url scheme] UTF8String];
    id result = [self interfaceForProtocol:scheme ? objc_getProtocol(scheme) : NULL];
    NSURLComponents *components = [NSURLComponents componentsWithURL:url resolvingAgainstBaseURL:NO];
    for (NSURLQueryItem *item in [components queryItems]) [result setValue:[item value] forKey:[item name]];
    return result;
}

// QFRouter.m:60-63: the class named exactly as the protocol.
- (Class)classForProtocol:(Protocol *)protocol {
    if (!protocol) return Nil;
    return NSClassFromString([NSString stringWithUTF8String:protocol_getName(protocol)]);
}
@end
