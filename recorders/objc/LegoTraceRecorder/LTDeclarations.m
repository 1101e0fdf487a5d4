// The app's modules, declared from its classes (`prefix.set`, then one `module.declare` per module class family),
// whether or not a journey reaches them (LTHookSupport.h).
#import "LTHookSupport.h"

#include <stdlib.h>
#include <string.h>

// Written the first time a hook takes the state lock in a session, not at start: on iOS the recorder starts in its
// own +load, before the app's Routing classes' +load have the framework infer its prefix
// (`XFVIPERModuleReflect inspectModulePrefixFromClass:`); every class of a loaded image exists by then.
int ltDeclarationsPending;
// The naming settings the modules were last declared under (a prefix list as its entries joined by '\n').
static int ltDeclared;
static char *ltDeclaredPrefix;
static char *ltDeclaredPrefixList;

#pragma mark - Naming settings of the framework

// `[XFLegoConfig shareInstance]` (XFLegoConfig.m), which the framework reads as LEGOConfig.
static id LTConfig(void) {
    Class config = NSClassFromString(@"XFLegoConfig");
    return config ? LTGet((id)config, "shareInstance") : nil;
}

// `classPrefix` (XF_Class_Prefix): inferred from the first Routing class or set by the app.
static NSString *LTClassPrefix(id config) {
    id prefix = LTGet(config, "classPrefix");
    return [prefix isKindOfClass:[NSString class]] ? prefix : nil;
}

static NSArray *LTClassPrefixList(id config) {
    id list = LTGet(config, "classPrefixList");
    return [list isKindOfClass:[NSArray class]] ? list : nil;
}

// `swiftNamespace`: "<CFBundleName>.", tried first for a Swift class.
static NSString *LTSwiftNamespace(id config) {
    id namespace = LTGet(config, "swiftNamespace");
    return [namespace isKindOfClass:[NSString class]] ? namespace : nil;
}

static char *LTJoined(NSArray *list) {
    return LTCopy([list componentsJoinedByString:@"\n"]);
}

static int LTSame(const char *left, const char *right) {
    return (!left && !right) || (left && right && strcmp(left, right) == 0);
}

#pragma mark - Names, as the reflection of the framework gives them

// The prefix `XFModuleReflect inspectModulePrefixWithModule:stuffixName:` finds for a module layer object (the
// branch for an object, which needs only its class name): the Swift namespace for a Swift class, none when the
// second letter is lower-case, else the app prefix, else the prefix-list entry the name starts with (the framework
// compares only the first entry, at lengths 3 to 5).
static NSString *LTObjectPrefix(NSString *className, NSString *suffix, NSString *prefix, NSArray *prefixList, NSString *namespace) {
    if ([className rangeOfString:@"."].location != NSNotFound) return namespace;
    if ([className length] > 1) {
        unichar second = [className characterAtIndex:1];
        if (second >= 'a' && second <= 'z') return @"";
    }
    if (prefix) return prefix;
    NSString *front = [[className componentsSeparatedByString:suffix] objectAtIndex:0];
    id first = [prefixList count] ? [prefixList objectAtIndex:0] : nil;
    if ([first isKindOfClass:[NSString class]] && [first length] >= 3 && [first length] <= 5 && [front hasPrefix:first]) return first;
    return nil;
}

// `XFVIPERModuleReflect moduleNameForRouting:`, `XFControllerReflect controllerNameForComponent:` and
// `LEMVVMModuleReflect moduleNameForViewModel:` take an instance; from the class the same rule: the part after the
// prefix's last occurrence, up to the suffix's first.
static NSString *LTDeclaredName(NSString *className, NSString *suffix, NSString *prefix, NSArray *prefixList, NSString *namespace) {
    NSString *modulePrefix = LTObjectPrefix(className, suffix, prefix, prefixList, namespace);
    NSString *name = className;
    if ([modulePrefix length]) name = [[className componentsSeparatedByString:modulePrefix] lastObject];
    return [[name componentsSeparatedByString:suffix] objectAtIndex:0];
}

// `XFModuleReflect inspectSuperModuleNameFromSubModuleName:stuffixName:`: the name read from its end; at each
// upper-case letter the suffix so far is a candidate, and the first with a `<P><Candidate>Routing` class, under the
// Swift namespace, the app prefix, no prefix or a prefix-list entry, is the gene. The module itself is no gene.
static NSString *LTGene(NSString *name, NSString *prefix, NSArray *prefixList, NSString *namespace) {
    NSMutableArray *prefixes = [NSMutableArray array];
    if (namespace) [prefixes addObject:namespace];
    if (prefix) [prefixes addObject:prefix];
    [prefixes addObject:@""];
    for (id entry in prefixList) {
        if ([entry isKindOfClass:[NSString class]]) [prefixes addObject:entry];
    }
    NSUInteger length = [name length];
    for (NSUInteger start = length; start > 1; start--) {
        unichar letter = [name characterAtIndex:start - 1];
        if (letter < 'A' || letter > 'Z') continue;
        NSString *candidate = [name substringFromIndex:start - 1];
        for (NSString *candidatePrefix in prefixes) {
            if (NSClassFromString([NSString stringWithFormat:@"%@%@Routing", candidatePrefix, candidate])) return candidate;
        }
    }
    return nil;
}

#pragma mark - The class list

static int LTEndsWith(const char *text, size_t length, const char *suffix, size_t suffixLength) {
    return length > suffixLength && memcmp(text + length - suffixLength, suffix, suffixLength) == 0;
}

static int LTInherits(Class cls, Class base) {
    if (!base) return 0;
    for (Class superclass = class_getSuperclass(cls); superclass; superclass = class_getSuperclass(superclass)) {
        if (superclass == base) return 1;
    }
    return 0;
}

static int LTProtocolIncludes(Protocol *protocol, const char *name) {
    if (strcmp(protocol_getName(protocol), name) == 0) return 1;
    unsigned int count = 0;
    Protocol *LT_UNRETAINED *inherited = protocol_copyProtocolList(protocol, &count);
    int found = 0;
    for (unsigned int index = 0; index < count && !found; index++) found = LTProtocolIncludes(inherited[index], name);
    free(inherited);
    return found;
}

// Whether the class or a superclass adopts the protocol `name` or one that inherits it (compared by name: a
// protocol no loaded class adopts has no runtime object to compare with).
static int LTConforms(Class cls, const char *name) {
    for (Class owner = cls; owner; owner = class_getSuperclass(owner)) {
        unsigned int count = 0;
        Protocol *LT_UNRETAINED *adopted = class_copyProtocolList(owner, &count);
        int found = 0;
        for (unsigned int index = 0; index < count && !found; index++) found = LTProtocolIncludes(adopted[index], name);
        free(adopted);
        if (found) return 1;
    }
    return 0;
}

// The three module class families: the class name's suffix, the base class and protocol that make it a module.
typedef struct LTFamily {
    const char *suffix;
    size_t suffixLength;
    const char *mk;
    const char *base;
    const char *protocol;
    // The framework's own base class of the family, which is no module.
    const char *frameworkClass;
} LTFamily;

static const LTFamily ltFamilies[] = {
    {"Routing", 7, "viper", "XFRouting", NULL, "XFRouting"},
    {"ViewController", 14, "controller", "UIViewController", "XFComponentRoutable", "XFComponentViewController"},
    {"ViewModel", 9, "viewModel", NULL, "XFComponentRoutable", "LEViewModel"},
};
enum { LTFamilyCount = sizeof ltFamilies / sizeof ltFamilies[0] };

typedef struct LTCandidate {
    LT_UNRETAINED Class cls;
    const LTFamily *family;
} LTCandidate;

static int LTCompareCandidates(const void *left, const void *right) {
    return strcmp(class_getName(((const LTCandidate *)left)->cls), class_getName(((const LTCandidate *)right)->cls));
}

// The family a class of the class list belongs to, or NULL; asks nothing of a class whose name has no family suffix.
static const LTFamily *LTFamilyOf(Class cls, Class LT_UNRETAINED bases[]) {
    const char *name = class_getName(cls);
    size_t length = strlen(name);
    for (int index = 0; index < LTFamilyCount; index++) {
        const LTFamily *family = &ltFamilies[index];
        if (!LTEndsWith(name, length, family->suffix, family->suffixLength)) continue;
        if (strcmp(name, family->frameworkClass) == 0) return NULL;
        if (family->base && !LTInherits(cls, bases[index])) return NULL;
        if (family->protocol && !LTConforms(cls, family->protocol)) return NULL;
        return family;
    }
    return NULL;
}

// `module.declare` of one module class. The name is read as the framework reads it (NSStringFromClass: a Swift
// class as "Module.Class"); `cls` is the runtime's class name, as in the module's `module.assemble`.
static void LTDeclareClass(const LTCandidate *candidate, NSString *prefix, NSArray *prefixList, NSString *namespace) {
    NSString *className = NSStringFromClass(candidate->cls);
    NSString *suffix = [NSString stringWithUTF8String:candidate->family->suffix];
    NSString *name = LTDeclaredName(className, suffix, prefix, prefixList, namespace);
    LTEvent event = LTEventMake("module.declare");
    event.cls = class_getName(candidate->cls);
    event.mk = candidate->family->mk;
    NSString *gene = nil;
    if (candidate->family == &ltFamilies[0]) {
        // A shell of a shared module has no Presenter of its own: it is assembled from its gene's layers.
        NSString *stem = [className substringToIndex:[className length] - [suffix length]];
        if (!NSClassFromString([stem stringByAppendingString:@"Presenter"])) {
            gene = LTGene(name, prefix, prefixList, namespace);
            if ([gene isEqualToString:name]) gene = nil;
            if (gene) event.mk = "virtual";
        }
    }
    event.name = LTText(name);
    event.gene = LTText(gene);
    if (event.name && *event.name) LTWriterRecord(&event);
}

// One pass over the class list, filtered by suffix before anything else is asked; declared in class-name order
// (the class list's order differs from run to run).
static void LTDeclareClasses(NSString *prefix, NSArray *prefixList, NSString *namespace) {
    int total = objc_getClassList(NULL, 0);
    if (total <= 0) return;
    Class LT_UNRETAINED *classes = (Class LT_UNRETAINED *)malloc(sizeof(Class) * (size_t)total);
    LTCandidate *candidates = malloc(sizeof(LTCandidate) * (size_t)total);
    if (!classes || !candidates) {
        free(classes);
        free(candidates);
        return;
    }
    total = objc_getClassList(classes, total);
    Class LT_UNRETAINED bases[LTFamilyCount];
    for (int index = 0; index < LTFamilyCount; index++) {
        bases[index] = ltFamilies[index].base ? objc_getClass(ltFamilies[index].base) : nil;
    }
    size_t count = 0;
    for (int index = 0; index < total; index++) {
        const LTFamily *family = LTFamilyOf(classes[index], bases);
        if (family) candidates[count++] = (LTCandidate){classes[index], family};
    }
    free(classes);
    qsort(candidates, count, sizeof(LTCandidate), LTCompareCandidates);
    for (size_t index = 0; index < count; index++) {
        LT_POOL_BEGIN
        LTDeclareClass(&candidates[index], prefix, prefixList, namespace);
        LT_POOL_END
    }
    free(candidates);
}

#pragma mark - Declaring

void LTDeclarationsBeginSession(void) {
    ltDeclarationsPending = 1;
    ltDeclared = 0;
    free(ltDeclaredPrefix);
    free(ltDeclaredPrefixList);
    ltDeclaredPrefix = NULL;
    ltDeclaredPrefixList = NULL;
}

void LTDeclareModules(void) {
    if (ltQFRouter) {
        // QFMoudle's naming rule is asked of the router instance, known once one of its lookups runs.
        if (LTQFDeclareProtocols()) ltDeclarationsPending = 0;
        return;
    }
    ltDeclarationsPending = 0;
    LT_POOL_BEGIN
    id config = LTConfig();
    NSString *prefix = LTClassPrefix(config);
    NSArray *prefixList = LTClassPrefixList(config);
    free(ltDeclaredPrefix);
    free(ltDeclaredPrefixList);
    ltDeclaredPrefix = LTCopy(prefix);
    ltDeclaredPrefixList = LTJoined(prefixList);
    ltDeclared = 1;
    if (prefix) {
        // The framework keeps the prefix, not whether it inferred it or the app set it: no `ok`, no `cls`.
        LTEvent event = LTEventMake("prefix.set");
        event.value = ltDeclaredPrefix;
        LTWriterRecord(&event);
    }
    LTDeclareClasses(prefix, prefixList, LTSwiftNamespace(config));
    LT_POOL_END
}

void LTDeclareIfNamingChanged(void) {
    if (!ltDeclared) return;
    LT_POOL_BEGIN
    id config = LTConfig();
    char *list = LTJoined(LTClassPrefixList(config));
    int changed = !LTSame(LTText(LTClassPrefix(config)), ltDeclaredPrefix) || !LTSame(list, ltDeclaredPrefixList);
    free(list);
    if (changed) LTDeclareModules();
    LT_POOL_END
}

#pragma mark - XFLegoConfig

static IMP ltSetClassPrefix, ltSetClassPrefixList;

// The app setting its prefix (or list) after the modules were declared renames them: they are declared again, and
// a later declaration of a class replaces the earlier (docs/trace-format.md, module.declare).
static void LTNamingSettingStored(void) {
    if (!ltRecording) return;
    LTLock();
    LTDeclareIfNamingChanged();
    LTUnlock();
}

static id LTSetClassPrefix(id self, SEL _cmd, NSString *prefix) {
    id result = ((id (*)(id, SEL, NSString *))ltSetClassPrefix)(self, _cmd, prefix);
    LTNamingSettingStored();
    return result;
}

static id LTSetClassPrefixList(id self, SEL _cmd, NSArray *prefixList) {
    id result = ((id (*)(id, SEL, NSArray *))ltSetClassPrefixList)(self, _cmd, prefixList);
    LTNamingSettingStored();
    return result;
}

const LTHook LTConfigHooks[] = {
    {"XFLegoConfig", "setClassPrefix:", 0, (IMP)LTSetClassPrefix, &ltSetClassPrefix},
    {"XFLegoConfig", "setClassPrefixList:", 0, (IMP)LTSetClassPrefixList, &ltSetClassPrefixList},
};
const size_t LTConfigHookCount = sizeof LTConfigHooks / sizeof LTConfigHooks[0];
