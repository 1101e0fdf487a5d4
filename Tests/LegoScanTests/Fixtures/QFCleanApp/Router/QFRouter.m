#import "QFRouter.h"
#import <objc/runtime.h>

@implementation QFRouter

+ (instancetype)router {
    static QFRouter *shared;
    static dispatch_once_t once;
    dispatch_once(&once, ^{ shared = [[self alloc] init]; });
    return shared;
}

- (id)interfaceForProtocol:(Protocol *)protocol {
    Class cls = [self classForProtocol:protocol];
    return [[cls alloc] init];
}

- (id)interfaceForURL:(NSURL *)url {
    id module = [self interfaceForProtocol:objc_getProtocol(url.scheme.UTF8String)];
    NSURLComponents *components = [NSURLComponents componentsWithURL:url resolvingAgainstBaseURL:NO];
    for (NSURLQueryItem *item in components.queryItems) {
        [module setValue:item.value forKey:item.name];
    }
    return module;
}

- (Class)classForProtocol:(Protocol *)protocol {
    NSString *name = NSStringFromProtocol(protocol);
    return NSClassFromString(name);
}

@end
