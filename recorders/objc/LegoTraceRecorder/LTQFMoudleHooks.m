#import "LTBlockCaptures.h"
#import "LTHookSupport.h"
#import "LTLeakWatch.h"

#import <objc/runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// QFMoudle (qingfengiOS/QFMoudle@0ac5a23) has no registry: its router's two lookups are the whole framework.
// `-interfaceForProtocol:` (QFRouter.m:45-48) makes `[[NSClassFromString(NSStringFromProtocol(p)) alloc] init]`
// on every call; `-interfaceForURL:` (QFRouter.m:50-57) takes the URL's scheme as the protocol, calls the first and
// sets each query item on the result with `setValue:forKey:`. The recorder wraps both on the router class it finds
// (any class whose instances answer both: copies of the router rename it), writes the decision the framework makes
// (the class tried, the KVC verdict of each item, written before the set runs), and follows the module's view
// controllers through UIKit's push, pop, present, dismiss and the window's root, the only screen changes such an
// app has. Traces are format 2.0 (docs/trace-format.md, "QFMoudle").

#pragma mark - State

Class ltQFRouter;
// The router instance whose lookup ran last (QFMoudle's is a singleton that lives as long as the app): the naming
// rule is asked of it, never of a router the recorder would make itself (that would run the app's code early).
static LT_UNRETAINED id ltQFRouterInstance;
static IMP ltQFForProtocolOriginal;
static IMP ltQFForURLOriginal;
// The router's naming rule, `prefix + protocol + suffix`, read from a protocol whose class it finds (QFMoudle's own
// is empty: QFRouter.m:60-63); used only to name the class a failed lookup tried.
static char *ltQFPrefix;
static char *ltQFSuffix;
// The URL whose lookup is running on this thread: its inner interfaceForProtocol: is the same lookup, not another.
static __thread LT_UNRETAINED NSURL *ltQFURL;
static Class ltQFNavigationClass;
static Class ltQFTabBarClass;

typedef id (*LTQFLookup)(id, SEL, id);

#pragma mark - Naming and classes

static int LTQFAdopts(Class cls, Protocol *protocol) {
    for (Class current = cls; current; current = class_getSuperclass(current)) {
        if (class_conformsToProtocol(current, protocol)) return 1;
    }
    return 0;
}

// A malloc'd `prefix + protocol + suffix`.
static char *LTQFImplName(const char *protocolName) {
    size_t length = strlen(protocolName) + (ltQFPrefix ? strlen(ltQFPrefix) : 0) + (ltQFSuffix ? strlen(ltQFSuffix) : 0) + 1;
    char *name = malloc(length);
    if (!name) abort();
    snprintf(name, length, "%s%s%s", ltQFPrefix ? ltQFPrefix : "", protocolName, ltQFSuffix ? ltQFSuffix : "");
    return name;
}

// The class the router gives for `protocol`: its own protocol → class method when it has one (QFMoudle's
// `classForProtocol:`, QFRouter.m:60-63, a pure lookup), else the rule read so far (QFMoudle's by default).
static Class LTQFClassFor(id router, Protocol *protocol) {
    SEL selector = sel_registerName("classForProtocol:");
    if (router && [router respondsToSelector:selector]) {
        Class (*function)(id, SEL, Protocol *) = (Class (*)(id, SEL, Protocol *))[router methodForSelector:selector];
        return function(router, selector, protocol);
    }
    const char *name = protocol_getName(protocol);
    if (!name) return Nil;
    char *implName = LTQFImplName(name);
    Class cls = objc_getClass(implName);
    free(implName);
    return cls;
}

static int LTQFIsBaseOfAny(Protocol *base, Protocol *LT_UNRETAINED *protocols, const int *modules, unsigned int count) {
    for (unsigned int index = 0; index < count; index++) {
        if (modules[index] && protocols[index] != base && protocol_conformsToProtocol(protocols[index], base)) return 1;
    }
    return 0;
}

static int LTQFCompareProtocols(const void *left, const void *right) {
    return strcmp(protocol_getName(*(Protocol *const *)left), protocol_getName(*(Protocol *const *)right));
}

// Locked: one `module.declare` (`mk: protocol`) per protocol of the app, in name order. A protocol is the app's when
// the router finds a class for it, when a module protocol inherits it (QFMoudleProtocol, the base), or when it
// inherits such a base (a module protocol whose class is missing). Protocols named like a root class (NSObject) are
// the runtime's, not the app's. The naming rule is read on the way.
int LTQFDeclareProtocols(void) {
    id router = ltQFRouterInstance;
    if (!router) return 0;
    LT_POOL_BEGIN
    unsigned int count = 0;
    // The runtime's list, sorted in place (it is the caller's to free).
    Protocol *LT_UNRETAINED *protocols = objc_copyProtocolList(&count);
    int *modules = calloc(count ? count : 1, sizeof *modules);
    Class LT_UNRETAINED *classes = (Class LT_UNRETAINED *)calloc(count ? count : 1, sizeof(Class));
    if (!modules || !classes) abort();
    if (protocols) qsort((void *)protocols, count, sizeof(Protocol *), LTQFCompareProtocols);
    for (unsigned int index = 0; index < count; index++) {
        Class cls = LTQFClassFor(router, protocols[index]);
        if (!cls || !class_getSuperclass(cls)) continue;
        classes[index] = cls;
        modules[index] = 1;
        if (!ltQFPrefix) {
            const char *className = class_getName(cls), *protocolName = protocol_getName(protocols[index]);
            const char *found = strstr(className, protocolName);
            if (found) {
                ltQFPrefix = strndup(className, (size_t)(found - className));
                ltQFSuffix = strdup(found + strlen(protocolName));
            }
        }
    }
    int *bases = calloc(count ? count : 1, sizeof *bases);
    if (!bases) abort();
    for (unsigned int index = 0; index < count; index++) {
        bases[index] = !modules[index] && strcmp(protocol_getName(protocols[index]), "NSObject") != 0
            && LTQFIsBaseOfAny(protocols[index], protocols, modules, count);
    }
    for (unsigned int index = 0; index < count; index++) {
        int member = modules[index] || bases[index];
        for (unsigned int base = 0; !member && base < count; base++) {
            member = bases[base] && protocol_conformsToProtocol(protocols[index], protocols[base]);
        }
        if (!member) continue;
        LTEvent event = LTEventMake("module.declare");
        event.name = protocol_getName(protocols[index]);
        event.cls = classes[index] ? class_getName(classes[index]) : NULL;
        event.mk = "protocol";
        event.value = classes[index] ? (LTQFAdopts(classes[index], protocols[index]) ? "adopts" : "does not adopt") : NULL;
        LTWriterRecord(&event);
    }
    free(bases);
    free((void *)classes);
    free(modules);
    free((void *)protocols);
    LT_POOL_END
    return 1;
}

#pragma mark - Module lifetimes and callbacks

static void LTQFRecordCallback(LT_UNRETAINED id module, LT_UNRETAINED id block);

// A module class's dealloc and `setCallbackBlock:`, hooked the first time an instance is met: one slot per class (C
// has no closures, and a subclass's method must call its own original, not its superclass's).
#define LT_QF_CLASS_SLOTS 48
typedef void (*LTQFSetterFunction)(LT_UNRETAINED id, SEL, LT_UNRETAINED id);
static Class ltQFWatched[LT_QF_CLASS_SLOTS];
static IMP ltQFDeallocOriginals[LT_QF_CLASS_SLOTS];
static IMP ltQFSetCallbackOriginals[LT_QF_CLASS_SLOTS];
// Non-zero inside a hooked setter on this thread: a subclass's setter calling its superclass's is one set.
static __thread int ltQFSettingCallback;
#define LT_QF_SLOT(slot) \
    static void LTQFDealloc##slot(LT_UNRETAINED id self, SEL _cmd) { \
        LTRecordDealloc(self); \
        ((LTDeallocFunction)ltQFDeallocOriginals[slot])(self, _cmd); \
    } \
    static void LTQFSetCallback##slot(LT_UNRETAINED id self, SEL _cmd, LT_UNRETAINED id block) { \
        if (!ltQFSettingCallback++) LTQFRecordCallback(self, block); \
        ((LTQFSetterFunction)ltQFSetCallbackOriginals[slot])(self, _cmd, block); \
        ltQFSettingCallback--; \
    }
LT_QF_SLOT(0) LT_QF_SLOT(1) LT_QF_SLOT(2) LT_QF_SLOT(3) LT_QF_SLOT(4) LT_QF_SLOT(5) LT_QF_SLOT(6) LT_QF_SLOT(7)
LT_QF_SLOT(8) LT_QF_SLOT(9) LT_QF_SLOT(10) LT_QF_SLOT(11) LT_QF_SLOT(12) LT_QF_SLOT(13) LT_QF_SLOT(14) LT_QF_SLOT(15)
LT_QF_SLOT(16) LT_QF_SLOT(17) LT_QF_SLOT(18) LT_QF_SLOT(19) LT_QF_SLOT(20) LT_QF_SLOT(21) LT_QF_SLOT(22) LT_QF_SLOT(23)
LT_QF_SLOT(24) LT_QF_SLOT(25) LT_QF_SLOT(26) LT_QF_SLOT(27) LT_QF_SLOT(28) LT_QF_SLOT(29) LT_QF_SLOT(30) LT_QF_SLOT(31)
LT_QF_SLOT(32) LT_QF_SLOT(33) LT_QF_SLOT(34) LT_QF_SLOT(35) LT_QF_SLOT(36) LT_QF_SLOT(37) LT_QF_SLOT(38) LT_QF_SLOT(39)
LT_QF_SLOT(40) LT_QF_SLOT(41) LT_QF_SLOT(42) LT_QF_SLOT(43) LT_QF_SLOT(44) LT_QF_SLOT(45) LT_QF_SLOT(46) LT_QF_SLOT(47)
static const IMP ltQFDeallocs[LT_QF_CLASS_SLOTS] = {
    (IMP)LTQFDealloc0, (IMP)LTQFDealloc1, (IMP)LTQFDealloc2, (IMP)LTQFDealloc3, (IMP)LTQFDealloc4, (IMP)LTQFDealloc5,
    (IMP)LTQFDealloc6, (IMP)LTQFDealloc7, (IMP)LTQFDealloc8, (IMP)LTQFDealloc9, (IMP)LTQFDealloc10, (IMP)LTQFDealloc11,
    (IMP)LTQFDealloc12, (IMP)LTQFDealloc13, (IMP)LTQFDealloc14, (IMP)LTQFDealloc15, (IMP)LTQFDealloc16, (IMP)LTQFDealloc17,
    (IMP)LTQFDealloc18, (IMP)LTQFDealloc19, (IMP)LTQFDealloc20, (IMP)LTQFDealloc21, (IMP)LTQFDealloc22, (IMP)LTQFDealloc23,
    (IMP)LTQFDealloc24, (IMP)LTQFDealloc25, (IMP)LTQFDealloc26, (IMP)LTQFDealloc27, (IMP)LTQFDealloc28, (IMP)LTQFDealloc29,
    (IMP)LTQFDealloc30, (IMP)LTQFDealloc31, (IMP)LTQFDealloc32, (IMP)LTQFDealloc33, (IMP)LTQFDealloc34, (IMP)LTQFDealloc35,
    (IMP)LTQFDealloc36, (IMP)LTQFDealloc37, (IMP)LTQFDealloc38, (IMP)LTQFDealloc39, (IMP)LTQFDealloc40, (IMP)LTQFDealloc41,
    (IMP)LTQFDealloc42, (IMP)LTQFDealloc43, (IMP)LTQFDealloc44, (IMP)LTQFDealloc45, (IMP)LTQFDealloc46, (IMP)LTQFDealloc47,
};
static const IMP ltQFSetCallbacks[LT_QF_CLASS_SLOTS] = {
    (IMP)LTQFSetCallback0, (IMP)LTQFSetCallback1, (IMP)LTQFSetCallback2, (IMP)LTQFSetCallback3, (IMP)LTQFSetCallback4,
    (IMP)LTQFSetCallback5, (IMP)LTQFSetCallback6, (IMP)LTQFSetCallback7, (IMP)LTQFSetCallback8, (IMP)LTQFSetCallback9,
    (IMP)LTQFSetCallback10, (IMP)LTQFSetCallback11, (IMP)LTQFSetCallback12, (IMP)LTQFSetCallback13, (IMP)LTQFSetCallback14,
    (IMP)LTQFSetCallback15, (IMP)LTQFSetCallback16, (IMP)LTQFSetCallback17, (IMP)LTQFSetCallback18, (IMP)LTQFSetCallback19,
    (IMP)LTQFSetCallback20, (IMP)LTQFSetCallback21, (IMP)LTQFSetCallback22, (IMP)LTQFSetCallback23, (IMP)LTQFSetCallback24,
    (IMP)LTQFSetCallback25, (IMP)LTQFSetCallback26, (IMP)LTQFSetCallback27, (IMP)LTQFSetCallback28, (IMP)LTQFSetCallback29,
    (IMP)LTQFSetCallback30, (IMP)LTQFSetCallback31, (IMP)LTQFSetCallback32, (IMP)LTQFSetCallback33, (IMP)LTQFSetCallback34,
    (IMP)LTQFSetCallback35, (IMP)LTQFSetCallback36, (IMP)LTQFSetCallback37, (IMP)LTQFSetCallback38, (IMP)LTQFSetCallback39,
    (IMP)LTQFSetCallback40, (IMP)LTQFSetCallback41, (IMP)LTQFSetCallback42, (IMP)LTQFSetCallback43, (IMP)LTQFSetCallback44,
    (IMP)LTQFSetCallback45, (IMP)LTQFSetCallback46, (IMP)LTQFSetCallback47,
};

// Locked: `cls`'s dealloc records the `object.deinit` of its instances from now on, and its `setCallbackBlock:`
// (QFMoudleProtocol.h:20) the `callback.set` of each block set (hooks stay for the process). Past the slots, a
// module class's instances get neither: they would never count as released, nor their callbacks as captures.
static void LTQFWatchClass(Class cls) {
    for (int slot = 0; slot < LT_QF_CLASS_SLOTS; slot++) {
        if (ltQFWatched[slot] == cls) return;
        if (ltQFWatched[slot]) continue;
        ltQFWatched[slot] = cls;
        LTHook dealloc = {class_getName(cls), "dealloc", 0, ltQFDeallocs[slot], &ltQFDeallocOriginals[slot]};
        LTInstall(&dealloc);
        LTHook setter = {class_getName(cls), "setCallbackBlock:", 0, ltQFSetCallbacks[slot],
                         &ltQFSetCallbackOriginals[slot]};
        LTInstall(&setter);
        return;
    }
}

#pragma mark - Key-value coding, judged before the set runs

// What KVC's setter search (setValue:forKey:: `set<Key>:`, `_set<Key>:`, then the ivars `_<key>`, `_is<Key>`,
// `<key>`, `is<Key>`) finds for a key, with the property's attributes when the runtime keeps them (Apple's does;
// gcc's traditional ABI keeps none, so weak, copy and readonly are unknown there and never claimed).
typedef struct LTQFKey {
    int setter;
    int ivar;
    int attributes;
    int weak;
    int readonly;
    char type[256];   // an Objective-C type encoding: `@"NSString"`, `@?`, `q`, …
} LTQFKey;

static void LTQFTypeOf(const char *encoding, char *type, size_t size) {
    while (encoding && *encoding && strchr("rnNoORV", *encoding)) encoding++;
    snprintf(type, size, "%s", encoding ? encoding : "");
}

// Apple's property attribute string: `T@"NSString",C,N,V_coupon`, `Tq,N,V_count`, `T@,W,N,V_source`, `T@?,C,N`, `R`.
static void LTQFReadAttributes(const char *attributes, LTQFKey *key) {
    key->attributes = 1;
    const char *cursor = attributes;
    while (cursor && *cursor) {
        const char *end = cursor;
        int quoted = 0;
        while (*end && (quoted || *end != ',')) {
            if (*end == '"') quoted = !quoted;
            end++;
        }
        if (*cursor == 'T') {
            size_t length = (size_t)(end - cursor - 1);
            if (length >= sizeof key->type) length = sizeof key->type - 1;
            memcpy(key->type, cursor + 1, length);
            key->type[length] = 0;
        } else if (*cursor == 'W' && end == cursor + 1) {
            key->weak = 1;
        } else if (*cursor == 'R' && end == cursor + 1) {
            key->readonly = 1;
        }
        cursor = *end ? end + 1 : end;
    }
}

static const char *LTQFProtocolAttributes(Protocol *protocol, const char *name) {
    objc_property_t property = protocol_getProperty(protocol, name, YES, YES);
    if (property) return property_getAttributes(property);
    unsigned int count = 0;
    Protocol *LT_UNRETAINED *bases = protocol_copyProtocolList(protocol, &count);
    const char *found = NULL;
    for (unsigned int index = 0; !found && index < count; index++) found = LTQFProtocolAttributes(bases[index], name);
    free(bases);
    return found;
}

// The property's attributes: the class's own or inherited, else those of a protocol it (or a superclass) adopts.
static const char *LTQFPropertyAttributes(Class cls, const char *name) {
    for (Class current = cls; current; current = class_getSuperclass(current)) {
        objc_property_t property = class_getProperty(current, name);
        if (property) return property_getAttributes(property);
    }
    for (Class current = cls; current; current = class_getSuperclass(current)) {
        unsigned int count = 0;
        Protocol *LT_UNRETAINED *adopted = class_copyProtocolList(current, &count);
        const char *found = NULL;
        for (unsigned int index = 0; !found && index < count; index++) found = LTQFProtocolAttributes(adopted[index], name);
        free(adopted);
        if (found) return found;
    }
    return NULL;
}

static LTQFKey LTQFFindKey(Class cls, NSString *key) {
    LTQFKey found = {0};
    if (![key length]) return found;
    NSString *capitalized = [[[key substringToIndex:1] uppercaseString] stringByAppendingString:[key substringFromIndex:1]];
    NSString *setters[2] = {[NSString stringWithFormat:@"set%@:", capitalized], [NSString stringWithFormat:@"_set%@:", capitalized]};
    for (int index = 0; index < 2 && !found.setter; index++) {
        Method method = class_getInstanceMethod(cls, sel_registerName([setters[index] UTF8String]));
        if (!method) continue;
        found.setter = 1;
        char *argument = method_copyArgumentType(method, 2);
        LTQFTypeOf(argument, found.type, sizeof found.type);
        free(argument);
    }
    NSString *ivars[4] = {[@"_" stringByAppendingString:key], [@"_is" stringByAppendingString:capitalized], key,
                          [@"is" stringByAppendingString:capitalized]};
    for (int index = 0; index < 4 && !found.ivar; index++) {
        Ivar ivar = class_getInstanceVariable(cls, [ivars[index] UTF8String]);
        if (!ivar) continue;
        found.ivar = 1;
        // An ivar's encoding names its class (`@"UIViewController"`) where a setter's says only `@`.
        LTQFTypeOf(ivar_getTypeEncoding(ivar), found.type, sizeof found.type);
    }
    const char *attributes = LTQFPropertyAttributes(cls, [key UTF8String]);
    if (attributes) LTQFReadAttributes(attributes, &found);
    return found;
}

// The type's name as a person writes it: `NSString`, `id`, `block`, `NSInteger`, `double`, `CGPoint`.
static void LTQFTypeName(const char *type, char *name, size_t size) {
    static const struct { char code; const char *name; } scalars[] = {
        {'c', "char"}, {'i', "int"}, {'s', "short"}, {'l', "long"}, {'q', "NSInteger"}, {'C', "unsigned char"},
        {'I', "unsigned int"}, {'S', "unsigned short"}, {'L', "unsigned long"}, {'Q', "NSUInteger"}, {'f', "float"},
        {'d', "double"}, {'B', "bool"}, {'*', "char *"}, {'#', "Class"}, {':', "SEL"},
    };
    if (type[0] == '@') {
        if (type[1] == '?') snprintf(name, size, "block");
        else if (type[1] == '"') {
            const char *start = type + 2, *end = strchr(start, '"');
            int length = end ? (int)(end - start) : (int)strlen(start);
            if (*start == '<') snprintf(name, size, "id%.*s", length, start);
            else snprintf(name, size, "%.*s", length, start);
        } else snprintf(name, size, "id");
        return;
    }
    if (type[0] == '{') {
        const char *end = strpbrk(type + 1, "=}");
        snprintf(name, size, "%.*s", end ? (int)(end - type - 1) : (int)strlen(type + 1), type + 1);
        return;
    }
    for (size_t index = 0; index < sizeof scalars / sizeof scalars[0]; index++) {
        if (scalars[index].code == type[0] && type[1] == 0) {
            snprintf(name, size, "%s", scalars[index].name);
            return;
        }
    }
    snprintf(name, size, "%s", type);
}

// Whether NSString's conversion for the scalar reads `text` as written rather than making it 0 or NO.
static int LTQFReadsAsNumber(const char *text, char code) {
    while (*text == ' ') text++;
    if (code == 'B') return *text && strchr("YyTtNnFf0123456789", *text) != NULL;
    char *end = NULL;
    strtod(text, &end);
    return end != text && *end == 0;
}

// The verdict of a set of `text` on what KVC found (the `kvc.set` `value`, NULL when plain), as the runtime model
// judges it (QFKeyValueCoding.swift); `raises` says whether the set raises; `buffer` holds a composed verdict.
static const char *LTQFJudge(LTQFKey found, NSString *text, int *raises, char *buffer, size_t size) {
    *raises = 0;
    if (!found.setter && !found.ivar) {
        *raises = 1;   // setValue:forUndefinedKey: raises NSUndefinedKeyException
        return "undefined key";
    }
    char typeName[256];
    LTQFTypeName(found.type, typeName, sizeof typeName);
    int object = found.type[0] == '@';
    int scalar = !object && found.type[0] && strchr("cislqCISLQfdB", found.type[0]) && found.type[1] == 0;
    if (!text) {
        if (object) return NULL;
        *raises = 1;   // setNilValueForKey: raises NSInvalidArgumentException
        return "nil into scalar";
    }
    if (!object) {
        // NSString answers intValue, integerValue, longLongValue, floatValue, doubleValue and boolValue only.
        int convertible = scalar && strchr("ilqfdB", found.type[0]) != NULL;
        if (!convertible || !LTQFReadsAsNumber([text UTF8String], found.type[0])) {
            snprintf(buffer, size, "string into %s", typeName);
            return buffer;
        }
    } else if (found.weak) {
        return "weak property";
    } else if (strcmp(typeName, "NSString") != 0 && strcmp(typeName, "id") != 0 && strcmp(typeName, "NSObject") != 0
               && strcmp(typeName, "id<NSCopying>") != 0) {
        snprintf(buffer, size, "string into %s", typeName);
        return buffer;
    }
    return found.readonly && !found.setter ? "readonly bypassed" : NULL;
}

const char *LTQFVerdict(Class cls, NSString *key, NSString *text, int *raises, char *buffer, size_t size) {
    return LTQFJudge(LTQFFindKey(cls, key), text, raises, buffer, size);
}

const char *LTQFVerdictForAttributes(const char *attributes, int setter, int ivar, NSString *text, int *raises,
                                     char *buffer, size_t size) {
    LTQFKey found = {0};
    found.setter = setter;
    found.ivar = ivar;
    LTQFReadAttributes(attributes, &found);
    return LTQFJudge(found, text, raises, buffer, size);
}

#pragma mark - Lookups

// Locked: a module instance the router returned: its `object.alloc` (the protocol as its name, no layer).
static uint64_t LTQFAnnounceModule(id module, const char *protocolName) {
    LTObject *object = LTSee(module);
    if (object->announced) return object->identity;
    object->announced = 1;
    object->qfModule = 1;
    object->name = strdup(protocolName);
    object->className = strdup(class_getName(object_getClass(module)));
    LTEvent event = LTEventMake("object.alloc");
    event.name = object->name;
    event.cls = object->className;
    event.obj = object->identity;
    uint64_t identity = object->identity;
    LTWriterRecord(&event);
    LTQFWatchClass(object_getClass(module));
    return identity;
}

// A URL's query items as written (`params` of url.open): `key=value`, a key without `=` as an empty value.
static size_t LTQFRawParams(NSURL *url, LTParam *params, char **storage, size_t capacity) {
    const char *query = LTText([url query]);
    if (!query) return 0;
    char *copy = strdup(query);
    *storage = copy;
    size_t count = 0;
    for (char *piece = copy; piece && count < capacity;) {
        char *next = strchr(piece, '&');
        if (next) *next++ = 0;
        if (*piece) {
            char *equals = strchr(piece, '=');
            if (equals) *equals = 0;
            params[count].key = piece;
            params[count].value = equals ? equals + 1 : "";
            count++;
        }
        piece = next;
    }
    return count;
}

// Locked: one `kvc.set` per query item, in order, up to the first that raises (the framework stops there).
static void LTQFRecordKVC(id module, uint64_t identity, NSURL *url) {
    NSURLComponents *components = [NSURLComponents componentsWithURL:url resolvingAgainstBaseURL:NO];
    Class cls = object_getClass(module);
    const char *className = class_getName(cls);
    for (NSURLQueryItem *item in [components queryItems]) {
        NSString *key = [item name];
        NSString *text = [item value];
        int raises = 0;
        char buffer[300];
        LTEvent event = LTEventMake("kvc.set");
        event.name = LTText(key);
        event.cls = className;
        event.obj = identity;
        event.value = LTQFVerdict(cls, key, text, &raises, buffer, sizeof buffer);
        event.ok = !raises;
        LTParam param = {LTText(key), LTText(text)};
        if (text) {
            event.params = &param;
            event.paramsCount = 1;
            event.hasParams = 1;
        }
        LTWriterRecord(&event);
        if (raises) return;
    }
}

static id LTQFInterfaceForProtocol(id self, SEL _cmd, Protocol *protocol) {
    ltQFRouterInstance = self;
    id module = ((LTQFLookup)ltQFForProtocolOriginal)(self, _cmd, (id)protocol);
    // A scheme that names no protocol gives NULL here; the URL's own event says so.
    if (!ltRecording || !protocol) return module;
    LTLock();
    const char *protocolName = protocol_getName(protocol);
    LTEvent event = LTEventMake("module.resolve");
    event.name = protocolName;
    event.url = ltQFURL ? LTText([ltQFURL absoluteString]) : NULL;
    char problem[600];
    char *tried = NULL;
    if (module) {
        uint64_t identity = LTQFAnnounceModule(module, protocolName);
        Class cls = object_getClass(module);
        event.cls = class_getName(cls);
        event.obj = identity;
        event.mk = "protocol";
        event.ok = 1;
        if (!LTQFAdopts(cls, protocol)) {
            snprintf(problem, sizeof problem, "%s does not adopt %s", event.cls, protocolName);
            event.value = problem;
        }
        LTWriterRecord(&event);
        // The sets interfaceForURL: is about to make on this instance, judged before any runs.
        if (ltQFURL) LTQFRecordKVC(module, identity, ltQFURL);
    } else {
        tried = LTQFImplName(protocolName);
        snprintf(problem, sizeof problem, "no class %s", tried);
        event.cls = tried;
        event.value = problem;
        event.ok = 0;
        LTWriterRecord(&event);
    }
    free(tried);
    LTUnlock();
    return module;
}

// Locked: `url.open` when interfaceForURL: returned or raised.
static void LTQFRecordURLOpen(NSURL *url, id result, const char *raised) {
    const char *scheme = LTText([url scheme]);
    Protocol *protocol = scheme ? objc_getProtocol(scheme) : NULL;
    LTParam params[64];
    char *storage = NULL;
    size_t count = LTQFRawParams(url, params, &storage, 64);
    char problem[600];
    char *tried = NULL;
    LTEvent event = LTEventMake("url.open");
    event.name = scheme ? scheme : "";
    event.url = LTText([url absoluteString]);
    LTObject *module = result ? LTObjectFind(LT_ADDRESS(result)) : NULL;
    event.obj = module ? module->identity : 0;
    if (raised) {
        snprintf(problem, sizeof problem, "raised %s", raised);
        event.value = problem;
    } else if (!protocol) {
        snprintf(problem, sizeof problem, "no protocol %s", scheme ? scheme : "");
        event.value = problem;
    } else if (!result) {
        tried = LTQFImplName(protocol_getName(protocol));
        snprintf(problem, sizeof problem, "no class %s", tried);
        event.value = problem;
    }
    event.ok = !event.value && result;
    if (count) {
        event.params = params;
        event.paramsCount = count;
        event.hasParams = 1;
    }
    LTWriterRecord(&event);
    free(tried);
    free(storage);
}

static id LTQFInterfaceForURL(id self, SEL _cmd, NSURL *url) {
    ltQFRouterInstance = self;
    if (!ltRecording) return ((LTQFLookup)ltQFForURLOriginal)(self, _cmd, url);
    NSURL *outer = ltQFURL;
    ltQFURL = url;
    id result = nil;
    @try {
        result = ((LTQFLookup)ltQFForURLOriginal)(self, _cmd, url);
    } @catch (NSException *exception) {
        ltQFURL = outer;
        NSString *name = [exception name];
        // NSUndefinedKeyException's text is "NSUnknownKeyException"; the trace names the constant the docs use.
        const char *raised = [name isEqualToString:NSUndefinedKeyException] ? "NSUndefinedKeyException" : LTText(name);
        LTLock();
        LTQFRecordURLOpen(url, nil, raised ? raised : "an exception");
        LTUnlock();
        // The app is likely to die of it: the evidence goes to the file first.
        LTWriterFlush();
        @throw;
    }
    ltQFURL = outer;
    LTLock();
    LTQFRecordURLOpen(url, result, NULL);
    LTUnlock();
    return result;
}

#pragma mark - Screens (UIKit)

// Locked: the module a view controller holds: the first object ivar (its class's or a superclass's) pointing at a
// module the recorder met. QFMoudle's controllers keep theirs strongly (`interface`, QFHomeViewController.h:15).
static LTObject *LTQFModuleOf(id controller) {
    for (Class cls = object_getClass(controller); cls; cls = class_getSuperclass(cls)) {
        unsigned int count = 0;
        Ivar *ivars = class_copyIvarList(cls, &count);
        for (unsigned int index = 0; index < count; index++) {
            const char *encoding = ivar_getTypeEncoding(ivars[index]);
            if (!encoding || encoding[0] != '@' || encoding[1] == '?') continue;
            // Read as an address only: the value may be a dangling unretained pointer, so it is never messaged.
            uintptr_t address = *(uintptr_t *)((char *)(LT_ADDRESS(controller)) + ivar_getOffset(ivars[index]));
            LTObject *object = address ? LTObjectFind(address) : NULL;
            if (object && object->qfModule) {
                free(ivars);
                return object;
            }
        }
        free(ivars);
    }
    return NULL;
}

// Locked: a view controller met on screen for the first time: `object.alloc` with its module as `peer` (it joins
// the module), the protocol as its name. A controller no module made (the app's own root) has neither.
static LTObject *LTQFAnnounceController(id controller) {
    if (!controller) return NULL;
    LTObject *known = LTObjectFind(LT_ADDRESS(controller));
    if (known && known->announced) return known;
    LTObject *module = LTQFModuleOf(controller);
    uint64_t moduleIdentity = module ? module->identity : 0;
    char *protocolName = module && module->name ? strdup(module->name) : NULL;
    LTObject *object = LTSee(controller);
    object->announced = 1;
    object->name = protocolName;
    object->className = strdup(class_getName(object_getClass(controller)));
    LTEvent event = LTEventMake("object.alloc");
    event.name = object->name;
    event.cls = object->className;
    event.obj = object->identity;
    event.peer = moduleIdentity;
    LTWriterRecord(&event);
    return LTObjectFind(LT_ADDRESS(controller));
}

// Whether `cls` is `base` or a subclass of it, asked of the runtime (a captured object of any class is not messaged).
static int LTQFInherits(Class cls, Class base) {
    for (Class current = cls; base && current; current = class_getSuperclass(current)) {
        if (current == base) return 1;
    }
    return 0;
}

// `callback.set` when a block is set on a module the recorder met: `objs` the module and view controllers it
// captures strongly (LTBlockCaptures.h), a controller met for the first time announced on the way, as the getter
// made it before. No `peerName`: a hook cannot see its caller. A value that is no block (a string set by
// `interfaceForURL:`, whose `kvc.set` tells it; nil) is no callback.
static void LTQFRecordCallback(LT_UNRETAINED id module, LT_UNRETAINED id block) {
    if (!ltRecording || !LTIsBlock(block)) return;
    // Read outside the lock: the block's dispose helper is called (on a fake, it touches nothing of the app's).
    uintptr_t captured[LT_BLOCK_MAX_CAPTURES];
    size_t count = LTBlockStrongCaptures(block, captured, LT_BLOCK_MAX_CAPTURES);
    Class controllerClass = objc_getClass("UIViewController");
    LTLock();
    LTObject *object = LTObjectFind(LT_ADDRESS(module));
    if (!object || !object->qfModule) {
        LTUnlock();
        return;
    }
    uint64_t identity = object->identity;
    char *className = object->className ? strdup(object->className) : NULL;
    uint64_t identities[LT_BLOCK_MAX_CAPTURES];
    size_t known = 0;
    for (size_t index = 0; index < count; index++) {
        LTObject *found = LTObjectFind(captured[index]);
        // Alive: the block holds it. Only a view controller is announced here (it may hold a module); other objects
        // the trace has never named are left out.
        if (!found || !found->announced) {
            id candidate = LT_OBJECT(captured[index]);
            int controller = LTQFInherits(object_getClass(candidate), controllerClass);
            found = controller ? LTQFAnnounceController(candidate) : NULL;
        }
        if (!found) continue;
        int repeated = 0;
        for (size_t seen = 0; seen < known; seen++) repeated |= identities[seen] == found->identity;
        if (!repeated) identities[known++] = found->identity;
    }
    LTEvent event = LTEventMake("callback.set");
    event.cls = className;
    event.obj = identity;
    event.value = "callbackBlock";
    event.objs = identities;
    event.objsCount = known;
    event.hasObjs = 1;
    LTWriterRecord(&event);
    LTUnlock();
    free(className);
}

// What a container shows: a navigation stack's top, a tab bar's selected stack's top; a plain controller itself.
static id LTQFVisible(id controller) {
    if (ltQFTabBarClass && [controller isKindOfClass:ltQFTabBarClass]) controller = LTGet(controller, "selectedViewController");
    if (ltQFNavigationClass && [controller isKindOfClass:ltQFNavigationClass]) controller = LTGet(controller, "topViewController");
    return controller;
}

// The controller a presented or tab container opens with: a navigation stack's root.
static id LTQFRootOf(id controller) {
    if (ltQFNavigationClass && [controller isKindOfClass:ltQFNavigationClass]) {
        NSArray *stack = LTGet(controller, "viewControllers");
        return [stack count] ? [stack objectAtIndex:0] : nil;
    }
    return controller;
}

// One side of a transition, copied out of the identity table (which moves when it grows).
typedef struct LTQFSide {
    uint64_t identity;
    char *name;
} LTQFSide;

// Locked: `controller`'s side, announcing it on first sight; an empty side for nil.
static LTQFSide LTQFSideOf(id controller) {
    LTQFSide side = {0, NULL};
    LTObject *object = LTQFAnnounceController(controller);
    if (!object) return side;
    side.identity = object->identity;
    side.name = object->name ? strdup(object->name) : NULL;
    return side;
}

// Locked: `transition.begin` or `.end`, named after the controller shown (or leaving); returns its seq.
static uint64_t LTQFTransition(const char *kind, const char *operation, LTQFSide from, LTQFSide to, int ok) {
    LTEvent event = LTEventMake(kind);
    event.name = to.identity ? to.name : from.name;
    event.obj = from.identity;
    event.peer = to.identity;
    event.op = operation;
    event.ok = ok;
    return LTWriterRecord(&event);
}

static void LTQFSidesFree(LTQFSide from, LTQFSide to) {
    free(from.name);
    free(to.name);
}

static int LTQFScreensOn(void) { return ltRecording && ltQFRouter; }

typedef void (*LTQFPushFunction)(id, SEL, id, BOOL);
typedef id (*LTQFPopFunction)(id, SEL, BOOL);
typedef void (*LTQFPresentFunction)(id, SEL, id, BOOL, id);
typedef void (*LTQFDismissFunction)(id, SEL, BOOL, id);
typedef void (*LTQFSetRootFunction)(id, SEL, id);
static IMP ltQFPushOriginal, ltQFPopOriginal, ltQFPresentOriginal, ltQFDismissOriginal, ltQFSetRootOriginal;

static void LTQFPush(id self, SEL _cmd, id controller, BOOL animated) {
    // An empty stack getting its root (initWithRootViewController:) is no screen change: its container's show or
    // present is.
    id top = LTQFScreensOn() ? LTGet(self, "topViewController") : nil;
    if (!top || !controller) {
        ((LTQFPushFunction)ltQFPushOriginal)(self, _cmd, controller, animated);
        return;
    }
    LTLock();
    LTQFSide to = LTQFSideOf(controller);
    LTQFSide from = LTQFSideOf(top);
    LTQFTransition("transition.begin", "push", from, to, LTAbsent);
    LTUnlock();
    ((LTQFPushFunction)ltQFPushOriginal)(self, _cmd, controller, animated);
    LTLock();
    LTQFTransition("transition.end", "push", from, to, 1);
    LTUnlock();
    LTQFSidesFree(from, to);
}

static id LTQFPop(id self, SEL _cmd, BOOL animated) {
    id top = LTQFScreensOn() ? LTGet(self, "topViewController") : nil;
    if (!top) return ((LTQFPopFunction)ltQFPopOriginal)(self, _cmd, animated);
    LTQFSide none = {0, NULL};
    LTLock();
    LTQFSide leaving = LTQFSideOf(top);
    uint64_t seq = LTQFTransition("transition.begin", "pop", leaving, none, LTAbsent);
    LTLeakWatchScreenGone(LTObjectFind(LT_ADDRESS(top)), "pop", seq);
    LTUnlock();
    id popped = ((LTQFPopFunction)ltQFPopOriginal)(self, _cmd, animated);
    LTLock();
    LTQFTransition("transition.end", "pop", leaving, none, popped != nil);
    LTUnlock();
    LTQFSidesFree(leaving, none);
    return popped;
}

static void LTQFPresent(id self, SEL _cmd, id controller, BOOL animated, id completion) {
    if (!LTQFScreensOn() || !controller) {
        ((LTQFPresentFunction)ltQFPresentOriginal)(self, _cmd, controller, animated, completion);
        return;
    }
    LTLock();
    LTQFSide to = LTQFSideOf(LTQFRootOf(controller));
    LTQFSide from = LTQFSideOf(LTQFVisible(self));
    LTQFTransition("transition.begin", "present", from, to, LTAbsent);
    LTUnlock();
    ((LTQFPresentFunction)ltQFPresentOriginal)(self, _cmd, controller, animated, completion);
    LTLock();
    LTQFTransition("transition.end", "present", from, to, 1);
    LTUnlock();
    LTQFSidesFree(from, to);
}

static void LTQFDismiss(id self, SEL _cmd, BOOL animated, id completion) {
    id presenter = LTQFScreensOn() ? LTGet(self, "presentingViewController") : nil;
    if (!presenter) presenter = self;
    id presented = LTQFScreensOn() ? LTGet(presenter, "presentedViewController") : nil;
    id root = presented ? LTQFRootOf(presented) : nil;
    if (!root) {
        ((LTQFDismissFunction)ltQFDismissOriginal)(self, _cmd, animated, completion);
        return;
    }
    LTQFSide none = {0, NULL};
    LTLock();
    LTQFSide leaving = LTQFSideOf(root);
    uint64_t seq = LTQFTransition("transition.begin", "dismiss", leaving, none, LTAbsent);
    LTLeakWatchScreenGone(LTObjectFind(LT_ADDRESS(root)), "dismiss", seq);
    LTUnlock();
    ((LTQFDismissFunction)ltQFDismissOriginal)(self, _cmd, animated, completion);
    LTLock();
    LTQFTransition("transition.end", "dismiss", leaving, none, 1);
    LTUnlock();
    LTQFSidesFree(leaving, none);
}

// The window's root: each tab (or the one root) is shown, its navigation stack's root first.
static void LTQFSetRoot(id self, SEL _cmd, id root) {
    if (LTQFScreensOn() && root) {
        NSArray *tabs = ltQFTabBarClass && [root isKindOfClass:ltQFTabBarClass] ? LTGet(root, "viewControllers")
                                                                               : [NSArray arrayWithObject:root];
        LTQFSide none = {0, NULL};
        LTLock();
        for (id tab in tabs) {
            id shown = LTQFRootOf(tab);
            if (!shown) continue;
            LTQFSide to = LTQFSideOf(shown);
            LTQFTransition("transition.begin", "show", none, to, LTAbsent);
            LTQFTransition("transition.end", "show", none, to, 1);
            LTQFSidesFree(none, to);
        }
        LTUnlock();
    }
    ((LTQFSetRootFunction)ltQFSetRootOriginal)(self, _cmd, root);
}

#pragma mark - Installing

// The router: a class whose instances answer both lookups, taken where it defines them (not a subclass).
static Class LTQFFindRouter(void) {
    SEL byProtocol = sel_registerName("interfaceForProtocol:");
    SEL byURL = sel_registerName("interfaceForURL:");
    int count = objc_getClassList(NULL, 0);
    if (count <= 0) return Nil;
    Class LT_UNRETAINED *classes = (Class LT_UNRETAINED *)calloc((size_t)count, sizeof(Class));
    if (!classes) abort();
    count = objc_getClassList(classes, count);
    Class found = Nil;
    for (int index = 0; index < count && !found; index++) {
        Class cls = classes[index];
        if (!class_getInstanceMethod(cls, byProtocol) || !class_getInstanceMethod(cls, byURL)) continue;
        Class superclass = class_getSuperclass(cls);
        if (superclass && class_getInstanceMethod(superclass, byProtocol)) continue;
        found = cls;
    }
    free((void *)classes);
    return found;
}

int LTQFInstall(void) {
    ltQFRouter = LTQFFindRouter();
    if (!ltQFRouter) return 0;
    ltQFNavigationClass = objc_getClass("UINavigationController");
    ltQFTabBarClass = objc_getClass("UITabBarController");
    const char *router = class_getName(ltQFRouter);
    const LTHook hooks[] = {
        {router, "interfaceForProtocol:", 0, (IMP)LTQFInterfaceForProtocol, &ltQFForProtocolOriginal},
        {router, "interfaceForURL:", 0, (IMP)LTQFInterfaceForURL, &ltQFForURLOriginal},
        {"UINavigationController", "pushViewController:animated:", 0, (IMP)LTQFPush, &ltQFPushOriginal},
        {"UINavigationController", "popViewControllerAnimated:", 0, (IMP)LTQFPop, &ltQFPopOriginal},
        {"UIViewController", "presentViewController:animated:completion:", 0, (IMP)LTQFPresent, &ltQFPresentOriginal},
        {"UIViewController", "dismissViewControllerAnimated:completion:", 0, (IMP)LTQFDismiss, &ltQFDismissOriginal},
        {"UIWindow", "setRootViewController:", 0, (IMP)LTQFSetRoot, &ltQFSetRootOriginal},
    };
    for (size_t index = 0; index < sizeof hooks / sizeof hooks[0]; index++) LTInstall(&hooks[index]);
    return 1;
}

void LTQFBeginSession(void) {
    ltQFRouterInstance = nil;
    free(ltQFPrefix);
    free(ltQFSuffix);
    ltQFPrefix = NULL;
    ltQFSuffix = NULL;
}
