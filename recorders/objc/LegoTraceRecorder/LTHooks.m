#import "LTHooks.h"
#import "LTHookSupport.h"
#import "LTCompat.h"
#import "LTTables.h"
#import "LTWriter.h"
#import "LTLeakWatch.h"

#import <objc/runtime.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// Every event is taken from the framework's own entry points (XFLegoVIPER 4.x, class and selector names as in
// its source); names come from its reflection (`XFVIPERModuleReflect moduleNameForRouting:`,
// `XFComponentReflect componentNameForComponent:`), never re-derived here.

#pragma mark - State

// One recursive lock around the recorder's tables and the events that describe them, so the order of lines
// is the order of the changes (hooks nest: a push adds a routing and a component).
static pthread_mutex_t ltStateLock;
static pthread_once_t ltStateOnce = PTHREAD_ONCE_INIT;
volatile int ltRecording;
LTNameTable *ltRoutingTable;
LTNameTable *ltComponentTable;
LTNameTable *ltReceiverTable;
LTNameTable *ltRouteTable;
char *ltHTTPHandler;

static Class ltPresenterClass;
static Class ltViewControllerClass;

// The URL open in progress on this thread, set by the XFUIBus openURL… family for XFURLRoute's open:.
__thread LT_UNRETAINED NSString *ltContextURL;
__thread const char *ltContextOperation;
__thread uint64_t ltContextOpener;
// Inside XFRoutingFactory createRouingFromModuleName:, which evicts the name before making a sub-component.
__thread int ltEvicting;

static void LTStateInit(void) {
    pthread_mutexattr_t attributes;
    pthread_mutexattr_init(&attributes);
    pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&ltStateLock, &attributes);
    pthread_mutexattr_destroy(&attributes);
    ltRoutingTable = LTNameTableCreate();
    ltComponentTable = LTNameTableCreate();
    ltReceiverTable = LTNameTableCreate();
    ltRouteTable = LTNameTableCreate();
}

void LTLock(void) {
    pthread_mutex_lock(&ltStateLock);
    if (ltDeclarationsPending && LTWriterIsOpen()) LTDeclareModules();
}
void LTUnlock(void) { pthread_mutex_unlock(&ltStateLock); }

void LTHooksBeginSession(void) {
    pthread_once(&ltStateOnce, LTStateInit);
    pthread_mutex_lock(&ltStateLock);
    LTObjectReset();
    LTNameTableClear(ltRoutingTable);
    LTNameTableClear(ltComponentTable);
    LTNameTableClear(ltReceiverTable);
    LTNameTableClear(ltRouteTable);
    free(ltHTTPHandler);
    ltHTTPHandler = NULL;
    LTDeclarationsBeginSession();
    LTQFBeginSession();
    LTLeakWatchReset();
    ltRecording = 1;
    LTUnlock();
}

void LTHooksEndSession(void) {
    pthread_once(&ltStateOnce, LTStateInit);
    pthread_mutex_lock(&ltStateLock);
    ltRecording = 0;
    ltDeclarationsPending = 0;
    LTUnlock();
}

#pragma mark - Calling the framework

const char *LTText(NSString *text) {
    if (!text || ![text isKindOfClass:[NSString class]]) return NULL;
    return [text UTF8String];
}

char *LTCopy(NSString *text) {
    const char *utf8 = LTText(text);
    return utf8 ? strdup(utf8) : NULL;
}

// A getter or one-argument message through the public NSObject API, nil when the object does not answer it.
id LTGet(id target, const char *selectorName) {
    if (!target) return nil;
    SEL selector = sel_registerName(selectorName);
    if (![target respondsToSelector:selector]) return nil;
    id (*function)(id, SEL) = (id (*)(id, SEL))[target methodForSelector:selector];
    return function(target, selector);
}

id LTAsk(NSString *className, const char *selectorName, id argument) {
    Class owner = NSClassFromString(className);
    SEL selector = sel_registerName(selectorName);
    if (!owner || !argument || ![owner respondsToSelector:selector]) return nil;
    id (*function)(id, SEL, id) = (id (*)(id, SEL, id))[owner methodForSelector:selector];
    return function(owner, selector, argument);
}

NSString *LTModuleName(id routing) {
    id name = LTAsk(@"XFVIPERModuleReflect", "moduleNameForRouting:", routing);
    return [name isKindOfClass:[NSString class]] ? name : nil;
}

NSString *LTComponentName(id component) {
    id name = LTAsk(@"XFComponentReflect", "componentNameForComponent:", component);
    return [name isKindOfClass:[NSString class]] ? name : nil;
}

#pragma mark - Identities and module announcements (under the state lock)

// A relation set (`link`) or broken (`unlink`) from `obj` to `peer`.
void LTRecordRelation(const char *kind, uint64_t obj, uint64_t peer, const char *relation) {
    LTEvent event = LTEventMake(kind);
    event.obj = obj;
    event.peer = peer;
    event.rel = relation;
    LTWriterRecord(&event);
}

int LTAlive(uintptr_t address, uint64_t identity) {
    LTObject *object = LTObjectFind(address);
    return object && object->identity == identity;
}

// The identity of an object, assigned on first sight.
LTObject *LTSee(id object) {
    if (!object) return NULL;
    return LTObjectInsert(LT_ADDRESS(object));
}

static void LTAnnounceLayer(LTObject *object, id instance, const char *layer, NSString *name, uint64_t owner) {
    object->layer = layer;
    if (!object->name) object->name = LTCopy(name);
    if (!object->className) object->className = strdup(class_getName(object_getClass(instance)));
    object->announced = 1;
    LTEvent event = LTEventMake("object.alloc");
    event.name = object->name;
    event.cls = object->className;
    event.obj = object->identity;
    event.peer = owner == object->identity ? 0 : owner;
    event.layer = layer;
    LTWriterRecord(&event);
}

// A VIPER module the first time the recorder meets its routing: its layers' object.alloc, then module.assemble
// (the framework adds a routing to the link table right after assembling it, so the layers are in place).
LTObject *LTAnnounceRouting(id routing) {
    if (!routing) return NULL;
    LTObject *known = LTSee(routing);
    if (known->announced) return known;
    NSString *name = LTModuleName(routing);
    id presenter = LTGet(routing, "uiOperator");
    id activity = LTGet(routing, "realUInterface");
    if (!activity) activity = LTGet(presenter, "userInterface");
    id interactor = LTGet(presenter, "interactor");
    id dataManager = LTGet(interactor, "dataManager");
    uint64_t routingIdentity = known->identity;
    LTAnnounceLayer(known, routing, "routing", name, routingIdentity);
    id layers[4] = {activity, presenter, interactor, dataManager};
    const char *layerNames[4] = {"activity", "presenter", "interactor", "dataManager"};
    uint64_t members[5] = {routingIdentity};
    size_t memberCount = 1;
    uint64_t shared = 0;
    for (int index = 0; index < 4; index++) {
        if (!layers[index]) continue;
        LTObject *layer = LTSee(layers[index]);
        if (layer->announced) {
            // A shared module's Interactor (and its DataManager) belongs to the first live instance of the gene;
            // a later shell of the gene is known by it, since only the first enters the shared-module table.
            if (index == 2) {
                shared = layer->identity;
                LTObject *shell = LTObjectFind(LT_ADDRESS(routing));
                if (!shell->gene && layer->gene) shell->gene = strdup(layer->gene);
            }
            continue;
        }
        LTAnnounceLayer(layer, layers[index], layerNames[index], name, routingIdentity);
        const char *gene = LTObjectFind(LT_ADDRESS(routing))->gene;
        if (gene) layer->gene = strdup(gene);
        members[memberCount++] = layer->identity;
    }
    LTObject *routingObject = LTObjectFind(LT_ADDRESS(routing));
    LTEvent assemble = LTEventMake("module.assemble");
    assemble.name = routingObject->name;
    assemble.cls = routingObject->className;
    assemble.obj = routingIdentity;
    assemble.mk = routingObject->gene ? "virtual" : "viper";
    assemble.gene = routingObject->gene;
    assemble.objs = members;
    assemble.objsCount = memberCount;
    assemble.hasObjs = 1;
    LTWriterRecord(&assemble);
    if (routingObject->sharedEntry) {
        LTEvent sharedAdd = LTEventMake("shared.add");
        sharedAdd.name = routingObject->name;
        sharedAdd.obj = routingIdentity;
        sharedAdd.gene = routingObject->gene;
        LTWriterRecord(&sharedAdd);
    }
    if (shared) {
        LTRecordRelation("link", routingIdentity, shared, "shared.interactor");
    }
    return routingObject;
}

// A component: a VIPER module's Presenter (announced through its routing), else a controller component
// (an MVC view controller) or an MVVM view model, announced as a module of its own.
LTObject *LTAnnounceComponent(id component, NSString *name) {
    if (!component) return NULL;
    LTObject *known = LTObjectFind(LT_ADDRESS(component));
    if (known && known->announced) return known;
    if (ltPresenterClass && [component isKindOfClass:ltPresenterClass]) {
        LTAnnounceRouting(LTGet(component, "routing"));
        known = LTObjectFind(LT_ADDRESS(component));
        if (known && known->announced) return known;
    }
    int controller = ltViewControllerClass && [component isKindOfClass:ltViewControllerClass];
    LTObject *object = LTSee(component);
    LTAnnounceLayer(object, component, controller ? "viewController" : "viewModel", name ?: LTComponentName(component), object->identity);
    LTEvent assemble = LTEventMake("module.assemble");
    assemble.name = object->name;
    assemble.cls = object->className;
    assemble.obj = object->identity;
    assemble.mk = controller ? "controller" : "viewModel";
    assemble.objs = &object->identity;
    assemble.objsCount = 1;
    assemble.hasObjs = 1;
    LTWriterRecord(&assemble);
    return LTObjectFind(LT_ADDRESS(component));
}

#pragma mark - Registries (under the state lock)

void LTRegistryAdd(LTNameTable *table, const char *kind, const char *name, id holder, uint64_t identity) {
    if (!name) return;
    LTNameEntry *entry = LTNameTableEntry(table, name);
    int overwrites = entry->copies > 0 && entry->identity != identity && LTAlive(entry->address, entry->identity);
    LTEvent event = LTEventMake(kind);
    event.name = name;
    event.obj = identity;
    event.effect = overwrites ? "overwritten" : "added";
    event.peer = overwrites ? entry->identity : 0;
    LTWriterRecord(&event);
    entry->address = LT_ADDRESS(holder);
    entry->identity = identity;
    entry->copies++;
}

// Removing by name deletes the entry and every copy of the name (`n`), whoever holds it.
void LTRegistryRemove(LTNameTable *table, const char *kind, const char *name, uint64_t released, const char *effect) {
    if (!name) return;
    LTNameEntry *entry = LTNameTableFind(table, name);
    LTEvent event = LTEventMake(kind);
    event.name = name;
    event.obj = released;
    event.peer = entry && LTAlive(entry->address, entry->identity) ? entry->identity : 0;
    event.effect = effect;
    if (table != ltReceiverTable) {
        event.hasCount = 1;
        event.count = entry ? entry->copies : 0;
    }
    LTWriterRecord(&event);
    LTNameTableRemove(table, name);
}

uint64_t LTLiveIdentity(LTNameTable *table, const char *name) {
    LTNameEntry *entry = name ? LTNameTableFind(table, name) : NULL;
    return entry && LTAlive(entry->address, entry->identity) ? entry->identity : 0;
}

// A component left the table: its from → next link goes with it.
void LTUnlinkFrom(LTObject *component) {
    if (!component || !component->from) return;
    LTRecordRelation("unlink", component->from, component->identity, "component.next");
    component->from = 0;
}

#pragma mark - Dealloc of the layer classes

void LTRecordDealloc(LT_UNRETAINED id object) {
    if (!ltRecording) return;
    LTLock();
    LTObject removed;
    if (LTObjectRemove(LT_ADDRESS(object), &removed)) {
        if (removed.announced) {
            LTEvent event = LTEventMake("object.deinit");
            event.name = removed.name;
            event.cls = removed.className;
            event.obj = removed.identity;
            event.layer = removed.layer;
            LTWriterRecord(&event);
        }
        LTObjectFree(&removed);
    }
    LTUnlock();
}

// One function per hooked class, each with the implementation it replaced.
#define LT_DEALLOC_HOOK(slot) \
    static IMP ltDeallocOriginal##slot; \
    static void LTDealloc##slot(LT_UNRETAINED id self, SEL _cmd) { \
        LTRecordDealloc(self); \
        ((LTDeallocFunction)ltDeallocOriginal##slot)(self, _cmd); \
    }
LT_DEALLOC_HOOK(0)
LT_DEALLOC_HOOK(1)
LT_DEALLOC_HOOK(2)
LT_DEALLOC_HOOK(3)
LT_DEALLOC_HOOK(4)

#pragma mark - Installing

// Replaces the method `selectorName` defined by `className` itself; a method it only inherits gets an override
// of its own that calls the inherited implementation, so the superclass (NSObject, UIViewController) is untouched.
void LTInstall(const LTHook *hook) {
    Class owner = NSClassFromString([NSString stringWithUTF8String:hook->className]);
    if (!owner) return;
    Class target = hook->classMethod ? object_getClass((id)owner) : owner;
    SEL selector = sel_registerName(hook->selectorName);
    Method method = class_getInstanceMethod(target, selector);
    if (!method) return;
    unsigned int count = 0;
    Method *own = class_copyMethodList(target, &count);
    int defined = 0;
    for (unsigned int index = 0; index < count; index++) {
        if (sel_isEqual(method_getName(own[index]), selector)) {
            defined = 1;
            method = own[index];
            break;
        }
    }
    free(own);
    if (defined) {
        *hook->original = method_setImplementation(method, hook->replacement);
    } else {
        *hook->original = method_getImplementation(method);
        class_addMethod(target, selector, hook->replacement, method_getTypeEncoding(method));
    }
}

void LTHooksInstall(void) {
    static int installed;
    pthread_once(&ltStateOnce, LTStateInit);
    pthread_mutex_lock(&ltStateLock);
    if (installed) {
        LTUnlock();
        return;
    }
    installed = 1;
    ltPresenterClass = NSClassFromString(@"XFPresenter");
    ltViewControllerClass = NSClassFromString(@"UIViewController");
    // The layer base classes and the view-controller base class (activities and controller components).
    static const LTHook deallocs[] = {
        {"XFRouting", "dealloc", 0, (IMP)LTDealloc0, &ltDeallocOriginal0},
        {"XFPresenter", "dealloc", 0, (IMP)LTDealloc1, &ltDeallocOriginal1},
        {"XFInteractor", "dealloc", 0, (IMP)LTDealloc2, &ltDeallocOriginal2},
        {"XFDataManager", "dealloc", 0, (IMP)LTDealloc3, &ltDeallocOriginal3},
        {"UIViewController", "dealloc", 0, (IMP)LTDealloc4, &ltDeallocOriginal4},
    };
    struct { const LTHook *hooks; size_t count; } tables[] = {
        {LTRoutingHooks, LTRoutingHookCount}, {LTComponentHooks, LTComponentHookCount},
        {LTURLRouteHooks, LTURLRouteHookCount}, {LTUIBusHooks, LTUIBusHookCount}, {LTConfigHooks, LTConfigHookCount},
        {deallocs, sizeof deallocs / sizeof deallocs[0]},
    };
    // A QFMoudle app (its router found) gets the QFMoudle hooks; the XFLegoVIPER tables find nothing to hook there.
    LTQFInstall();
    for (size_t table = 0; table < sizeof tables / sizeof tables[0]; table++) {
        for (size_t index = 0; index < tables[table].count; index++) LTInstall(&tables[table].hooks[index]);
    }
    LTUnlock();
}
