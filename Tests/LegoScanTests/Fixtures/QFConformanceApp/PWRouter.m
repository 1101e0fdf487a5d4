// A QFMoudle copy whose router finds a module by conformance, not by name: it walks every class for the first that
// adopts the protocol (the pattern of yujiabo/YJBRouter's PWModuleRouter and fangzan/FMoudle's FMoudleRouter), caches
// it, and has no interfaceForURL:.
#import <Foundation/Foundation.h>
#import <objc/runtime.h>

@interface PWRouter : NSObject
+ (instancetype)router;
- (id)interfaceForProtocol:(Protocol *)protocol;
- (id)interfaceCacheModuleForProtocol:(Protocol *)protocol;
@end

@implementation PWRouter {
    NSMutableDictionary *_cache;
}

- (id)interfaceForProtocol:(Protocol *)protocol {
    return [[[self classForProtocol:protocol] alloc] init];
}

- (id)interfaceCacheModuleForProtocol:(Protocol *)protocol {
    NSString *key = NSStringFromProtocol(protocol);
    if (!_cache[key]) { _cache[key] = [self interfaceForProtocol:protocol]; }
    return _cache[key];
}

- (Class)classForProtocol:(Protocol *)protocol {
    unsigned int count = 0;
    Class *classes = objc_copyClassList(&count);
    Class found = Nil;
    for (unsigned int i = 0; i < count; i++) {
        if (class_conformsToProtocol(classes[i], protocol)) { found = classes[i]; break; }
    }
    free(classes);
    return found;
}

@end
