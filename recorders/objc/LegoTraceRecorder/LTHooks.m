#import "LTHooks.h"
#import "LTCompat.h"
#import "LTTables.h"
#import "LTWriter.h"

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
static volatile int ltRecording;
static LTNameTable *ltRoutingTable;
static LTNameTable *ltComponentTable;
static LTNameTable *ltReceiverTable;
static LTNameTable *ltRouteTable;
static char *ltHTTPHandler;

static Class ltPresenterClass;
static Class ltViewControllerClass;

// The URL open in progress on this thread, set by the XFUIBus openURL… family for XFURLRoute's open:.
static __thread LT_UNRETAINED NSString *ltContextURL;
static __thread const char *ltContextOperation;
static __thread uint64_t ltContextOpener;
// Transitions nest (pushComponent: calls putComponent:…): only the outermost is recorded.
static __thread int ltTransitionDepth;
// Inside XFRoutingFactory createRouingFromModuleName:, which evicts the name before making a sub-component.
static __thread int ltEvicting;

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

static void LTLock(void) { pthread_mutex_lock(&ltStateLock); }
static void LTUnlock(void) { pthread_mutex_unlock(&ltStateLock); }

void LTHooksBeginSession(void) {
    pthread_once(&ltStateOnce, LTStateInit);
    LTLock();
    LTObjectReset();
    LTNameTableClear(ltRoutingTable);
    LTNameTableClear(ltComponentTable);
    LTNameTableClear(ltReceiverTable);
    LTNameTableClear(ltRouteTable);
    free(ltHTTPHandler);
    ltHTTPHandler = NULL;
    ltRecording = 1;
    LTUnlock();
}

void LTHooksEndSession(void) {
    pthread_once(&ltStateOnce, LTStateInit);
    LTLock();
    ltRecording = 0;
    LTUnlock();
}

#pragma mark - Calling the framework

static const char *LTText(NSString *text) {
    if (!text || ![text isKindOfClass:[NSString class]]) return NULL;
    return [text UTF8String];
}

static char *LTCopy(NSString *text) {
    const char *utf8 = LTText(text);
    return utf8 ? strdup(utf8) : NULL;
}

// A getter or one-argument message through the public NSObject API, nil when the object does not answer it.
static id LTGet(id target, const char *selectorName) {
    if (!target) return nil;
    SEL selector = sel_registerName(selectorName);
    if (![target respondsToSelector:selector]) return nil;
    id (*function)(id, SEL) = (id (*)(id, SEL))[target methodForSelector:selector];
    return function(target, selector);
}

static id LTAsk(NSString *className, const char *selectorName, id argument) {
    Class owner = NSClassFromString(className);
    SEL selector = sel_registerName(selectorName);
    if (!owner || !argument || ![owner respondsToSelector:selector]) return nil;
    id (*function)(id, SEL, id) = (id (*)(id, SEL, id))[owner methodForSelector:selector];
    return function(owner, selector, argument);
}

static NSString *LTModuleName(id routing) {
    id name = LTAsk(@"XFVIPERModuleReflect", "moduleNameForRouting:", routing);
    return [name isKindOfClass:[NSString class]] ? name : nil;
}

static NSString *LTComponentName(id component) {
    id name = LTAsk(@"XFComponentReflect", "componentNameForComponent:", component);
    return [name isKindOfClass:[NSString class]] ? name : nil;
}

#pragma mark - Identities and module announcements (under the state lock)

// A relation set (`link`) or broken (`unlink`) from `obj` to `peer`.
static void LTRecordRelation(const char *kind, uint64_t obj, uint64_t peer, const char *relation) {
    LTEvent event = LTEventMake(kind);
    event.obj = obj;
    event.peer = peer;
    event.rel = relation;
    LTWriterRecord(&event);
}

static int LTAlive(uintptr_t address, uint64_t identity) {
    LTObject *object = LTObjectFind(address);
    return object && object->identity == identity;
}

// The identity of an object, assigned on first sight.
static LTObject *LTSee(id object) {
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
static LTObject *LTAnnounceRouting(id routing) {
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
static LTObject *LTAnnounceComponent(id component, NSString *name) {
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

static void LTRegistryAdd(LTNameTable *table, const char *kind, const char *name, id holder, uint64_t identity) {
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
static void LTRegistryRemove(LTNameTable *table, const char *kind, const char *name, uint64_t released, const char *effect) {
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

static uint64_t LTLiveIdentity(LTNameTable *table, const char *name) {
    LTNameEntry *entry = name ? LTNameTableFind(table, name) : NULL;
    return entry && LTAlive(entry->address, entry->identity) ? entry->identity : 0;
}

// A component left the table: its from → next link goes with it.
static void LTUnlinkFrom(LTObject *component) {
    if (!component || !component->from) return;
    LTRecordRelation("unlink", component->from, component->identity, "component.next");
    component->from = 0;
}

#pragma mark - Dealloc of the layer classes

static void LTRecordDealloc(LT_UNRETAINED id object) {
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

typedef void (*LTDeallocFunction)(LT_UNRETAINED id, SEL);

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

#pragma mark - XFRoutingLinkManager

static IMP ltAddRouting, ltRemoveRouting, ltSetSubRouting, ltSetShared, ltSetAction, ltSetNextRouting;

static void LTAddRouting(id self, SEL _cmd, id routing) {
    if (ltRecording && routing) {
        LTLock();
        LTObject *object = LTAnnounceRouting(routing);
        const char *name = LTText(LTModuleName(routing));
        LTRegistryAdd(ltRoutingTable, "routing.add", name, routing, object->identity);
        LTUnlock();
    }
    ((void (*)(id, SEL, id))ltAddRouting)(self, _cmd, routing);
}

static void LTRemoveRouting(id self, SEL _cmd, id routing) {
    if (ltRecording && routing) {
        LTLock();
        LTObject *object = LTSee(routing);
        LTRegistryRemove(ltRoutingTable, "routing.remove", LTText(LTModuleName(routing)), object->identity, NULL);
        LTUnlock();
    }
    ((void (*)(id, SEL, id))ltRemoveRouting)(self, _cmd, routing);
}

static void LTSetSubRouting(id self, SEL _cmd, id subRouting, id parentRouting) {
    if (ltRecording && subRouting && parentRouting) {
        LTLock();
        LTObject *parent = LTAnnounceRouting(parentRouting);
        uint64_t parentIdentity = parent->identity;
        LTObject *sub = LTAnnounceRouting(subRouting);
        LTRecordRelation("link", parentIdentity, sub->identity, "sub");
        // The sub-module's component hangs off its parent's component too (the component tree's children).
        LTObject *parentComponent = LTObjectFind(LT_ADDRESS(LTGet(parentRouting, "uiOperator")));
        uint64_t parentComponentIdentity = parentComponent ? parentComponent->identity : 0;
        LTObject *subComponent = LTObjectFind(LT_ADDRESS(LTGet(subRouting, "uiOperator")));
        if (parentComponentIdentity && subComponent) {
            LTRecordRelation("link", parentComponentIdentity, subComponent->identity, "sub.component");
        }
        LTUnlock();
    }
    ((void (*)(id, SEL, id, id))ltSetSubRouting)(self, _cmd, subRouting, parentRouting);
}

// Called while the routing is assembled, before its Interactor exists: the gene is kept and written with
// the module's announcement (shared.add follows module.assemble).
static void LTSetShared(id self, SEL _cmd, id routing, NSString *moduleName) {
    if (ltRecording && routing && moduleName) {
        LTLock();
        LTObject *object = LTSee(routing);
        if (!object->gene) object->gene = LTCopy(moduleName);
        object->sharedEntry = 1;
        LTUnlock();
    }
    ((void (*)(id, SEL, id, NSString *))ltSetShared)(self, _cmd, routing, moduleName);
}

static void LTSetAction(id self, SEL _cmd, id routing) {
    if (ltRecording) {
        LTLock();
        LTEvent event = LTEventMake("action.set");
        LTObject *object = routing ? LTAnnounceRouting(routing) : NULL;
        event.obj = object ? object->identity : 0;
        event.name = object ? object->name : NULL;
        LTWriterRecord(&event);
        LTUnlock();
    }
    ((void (*)(id, SEL, id))ltSetAction)(self, _cmd, routing);
}

// XFRouting's `nextRouting` setter, which the VIPER handler sets by key-value coding on push and present and
// the routing's release clears: the strong previous/next pair.
static void LTSetNextRouting(id self, SEL _cmd, id next) {
    if (ltRecording) {
        id old = LTGet(self, "nextRouting");
        if (old != next) {
            LTLock();
            LTObject *from = LTAnnounceRouting(self);
            uint64_t fromIdentity = from->identity;
            if (old) {
                LTRecordRelation("unlink", fromIdentity, LTAnnounceRouting(old)->identity, "routing.next");
            }
            if (next) {
                LTRecordRelation("link", fromIdentity, LTAnnounceRouting(next)->identity, "routing.next");
            }
            LTUnlock();
        }
    }
    ((void (*)(id, SEL, id))ltSetNextRouting)(self, _cmd, next);
}

#pragma mark - XFComponentManager

static IMP ltAddComponent, ltAddComponentForName, ltRemoveComponent, ltRemoveComponentForName;
static IMP ltAddReceiver, ltRemoveReceiver, ltSendEvent, ltSendGlobalEvent;

static void LTRecordComponentAdd(id component, NSString *givenName) {
    LTLock();
    NSString *name = givenName ?: LTComponentName(component);
    LTObject *object = LTAnnounceComponent(component, name);
    uint64_t identity = object->identity;
    // The framework links from → next just before it adds the pushed or presented component.
    LTObject *from = LTObjectFind(LT_ADDRESS(LTGet(component, "fromComponentRoutable")));
    if (from && object->from != from->identity) {
        LTUnlinkFrom(object);
        LTRecordRelation("link", from->identity, identity, "component.next");
        object = LTObjectFind(LT_ADDRESS(component));
        object->from = from->identity;
    }
    LTRegistryAdd(ltComponentTable, "component.add", LTText(name), component, identity);
    LTUnlock();
}

static void LTAddComponent(id self, SEL _cmd, id component, BOOL enableLog) {
    if (ltRecording && component) LTRecordComponentAdd(component, nil);
    ((void (*)(id, SEL, id, BOOL))ltAddComponent)(self, _cmd, component, enableLog);
}

static void LTAddComponentForName(id self, SEL _cmd, id component, NSString *name) {
    if (ltRecording && component && name) LTRecordComponentAdd(component, name);
    ((void (*)(id, SEL, id, NSString *))ltAddComponentForName)(self, _cmd, component, name);
}

static void LTRemoveComponent(id self, SEL _cmd, id component) {
    if (ltRecording && component) {
        LTLock();
        LTObject *object = LTSee(component);
        LTUnlinkFrom(object);
        object = LTObjectFind(LT_ADDRESS(component));
        LTRegistryRemove(ltComponentTable, "component.remove", LTText(LTComponentName(component)), object->identity,
                         ltEvicting ? "evicted" : "removed");
        LTUnlock();
    }
    ((void (*)(id, SEL, id))ltRemoveComponent)(self, _cmd, component);
}

static void LTRemoveComponentForName(id self, SEL _cmd, NSString *name) {
    if (ltRecording && name) {
        LTLock();
        LTNameEntry *entry = LTNameTableFind(ltComponentTable, LTText(name));
        if (entry && LTAlive(entry->address, entry->identity)) LTUnlinkFrom(LTObjectFind(entry->address));
        LTRegistryRemove(ltComponentTable, "component.remove", LTText(name), 0, ltEvicting ? "evicted" : "removed");
        LTUnlock();
    }
    ((void (*)(id, SEL, NSString *))ltRemoveComponentForName)(self, _cmd, name);
}

static void LTAddReceiver(id self, SEL _cmd, id receiver, NSString *name) {
    if (ltRecording && receiver && name) {
        LTLock();
        LTObject *object = LTSee(receiver);
        LTRegistryAdd(ltReceiverTable, "receiver.add", LTText(name), receiver, object->identity);
        LTUnlock();
    }
    ((void (*)(id, SEL, id, NSString *))ltAddReceiver)(self, _cmd, receiver, name);
}

static void LTRemoveReceiver(id self, SEL _cmd, NSString *name) {
    if (ltRecording && name) {
        LTLock();
        LTRegistryRemove(ltReceiverTable, "receiver.remove", LTText(name), 0, NULL);
        LTUnlock();
    }
    ((void (*)(id, SEL, NSString *))ltRemoveReceiver)(self, _cmd, name);
}

// `sendEventName:intentData:forComponents:` calls this once per name, so it is not hooked itself.
static void LTSendEvent(id self, SEL _cmd, NSString *eventName, id intentData, NSString *componentName) {
    if (ltRecording) {
        LTLock();
        const char *name = LTText(componentName);
        // The event-receiver table first, else the component table; only the newest holder of a name.
        uint64_t receiver = LTLiveIdentity(ltReceiverTable, name);
        if (!receiver) receiver = LTLiveIdentity(ltComponentTable, name);
        LTEvent event = LTEventMake("event.send");
        event.name = name;
        event.value = LTText(eventName);
        event.hasCount = 1;
        event.count = receiver ? 1 : 0;
        event.objs = &receiver;
        event.objsCount = receiver ? 1 : 0;
        event.hasObjs = 1;
        LTWriterRecord(&event);
        LTUnlock();
    }
    ((void (*)(id, SEL, NSString *, id, NSString *))ltSendEvent)(self, _cmd, eventName, intentData, componentName);
}

typedef struct LTReceivers {
    uint64_t *identities;
    size_t count;
    size_t capacity;
} LTReceivers;

static void LTCollectLive(const char *name, LTNameEntry *entry, void *context) {
    (void)name;
    LTReceivers *receivers = context;
    if (!LTAlive(entry->address, entry->identity)) return;
    if (receivers->count == receivers->capacity) {
        receivers->capacity = receivers->capacity ? receivers->capacity * 2 : 16;
        receivers->identities = realloc(receivers->identities, receivers->capacity * sizeof(uint64_t));
        if (!receivers->identities) abort();
    }
    receivers->identities[receivers->count++] = entry->identity;
}

static int LTCompareIdentities(const void *left, const void *right) {
    uint64_t a = *(const uint64_t *)left, b = *(const uint64_t *)right;
    return a < b ? -1 : a > b;
}

static void LTSendGlobalEvent(id self, SEL _cmd, NSString *eventName, id intentData) {
    if (ltRecording) {
        LTLock();
        LTReceivers receivers = {0};
        LTNameTableForEach(ltComponentTable, LTCollectLive, &receivers);
        qsort(receivers.identities, receivers.count, sizeof(uint64_t), LTCompareIdentities);
        LTEvent event = LTEventMake("event.send");
        event.value = LTText(eventName);
        event.hasCount = 1;
        event.count = (int64_t)receivers.count;
        event.objs = receivers.identities;
        event.objsCount = receivers.count;
        event.hasObjs = 1;
        LTWriterRecord(&event);
        free(receivers.identities);
        LTUnlock();
    }
    ((void (*)(id, SEL, NSString *, id))ltSendGlobalEvent)(self, _cmd, eventName, intentData);
}

#pragma mark - XFRoutingFactory

static IMP ltCreateEvicting;

// Creating a sub-component by name first removes any component and routing of that name: those removals are evictions.
static id LTCreateEvicting(id self, SEL _cmd, NSString *moduleName) {
    ltEvicting++;
    id routing = ((id (*)(id, SEL, NSString *))ltCreateEvicting)(self, _cmd, moduleName);
    ltEvicting--;
    return routing;
}

#pragma mark - XFURLRoute

static IMP ltInitURLGroup, ltRegisterURL, ltRemoveURL, ltSetHTTPHandler, ltOpenURL;

// The route key: what the framework's own parser calls the URL's path (the text before `?`).
static NSString *LTRouteKey(NSString *url) {
    id path = LTAsk(@"XFURLParse", "pathForURL:", url);
    if ([path isKindOfClass:[NSString class]]) return path;
    NSRange query = [url rangeOfString:@"?"];
    return query.location == NSNotFound ? url : [url substringToIndex:query.location];
}

// `register:` names the component and calls this, so registrations are recorded once, here.
static void LTRegisterURL(id self, SEL _cmd, NSString *url, NSString *componentName) {
    if (ltRecording && url && componentName) {
        LTLock();
        const char *key = LTText(LTRouteKey(url));
        LTNameEntry *entry = key ? LTNameTableFind(ltRouteTable, key) : NULL;
        LTEvent event = LTEventMake("url.register");
        event.name = LTText(componentName);
        event.url = LTText(url);
        event.effect = entry ? "overwritten" : "added";
        event.peerName = entry ? entry->text : NULL;
        LTWriterRecord(&event);
        if (key) {
            entry = LTNameTableEntry(ltRouteTable, key);
            free(entry->text);
            entry->text = LTCopy(componentName);
        }
        LTUnlock();
    }
    ((void (*)(id, SEL, NSString *, NSString *))ltRegisterURL)(self, _cmd, url, componentName);
}

static void LTCountRoute(const char *name, LTNameEntry *entry, void *context) {
    (void)name;
    (void)entry;
    (*(size_t *)context)++;
}

static void LTInitURLGroup(id self, SEL _cmd, id group) {
    // The array form registers each URL through register:forComponent: (recorded there); the dictionary form
    // replaces the whole table without it.
    if (ltRecording && [group isKindOfClass:[NSDictionary class]]) {
        LTLock();
        size_t dropped = 0;
        LTNameTableForEach(ltRouteTable, LTCountRoute, &dropped);
        LTEvent event = LTEventMake("url.replaceAll");
        event.hasCount = 1;
        event.count = (int64_t)dropped;
        LTWriterRecord(&event);
        LTNameTableClear(ltRouteTable);
        NSDictionary *routes = group;
        for (NSString *url in [[routes allKeys] sortedArrayUsingSelector:@selector(compare:)]) {
            NSString *component = [routes objectForKey:url];
            LTEvent added = LTEventMake("url.register");
            added.name = LTText(component);
            added.url = LTText(url);
            added.effect = "added";
            LTWriterRecord(&added);
            const char *key = LTText(LTRouteKey(url));
            if (!key) continue;
            LTNameEntry *entry = LTNameTableEntry(ltRouteTable, key);
            free(entry->text);
            entry->text = LTCopy(component);
        }
        LTUnlock();
    }
    ((void (*)(id, SEL, id))ltInitURLGroup)(self, _cmd, group);
}

static void LTRemoveURL(id self, SEL _cmd, NSString *url) {
    if (ltRecording && url) {
        LTLock();
        const char *key = LTText(LTRouteKey(url));
        LTNameEntry *entry = key ? LTNameTableFind(ltRouteTable, key) : NULL;
        LTEvent event = LTEventMake("url.remove");
        event.name = entry ? entry->text : NULL;
        event.url = LTText(url);
        LTWriterRecord(&event);
        if (key) LTNameTableRemove(ltRouteTable, key);
        LTUnlock();
    }
    ((void (*)(id, SEL, NSString *))ltRemoveURL)(self, _cmd, url);
}

static void LTSetHTTPHandler(id self, SEL _cmd, NSString *componentName) {
    if (ltRecording && componentName) {
        LTLock();
        free(ltHTTPHandler);
        ltHTTPHandler = LTCopy(componentName);
        LTEvent event = LTEventMake("url.handler");
        event.name = ltHTTPHandler;
        LTWriterRecord(&event);
        LTUnlock();
    }
    ((void (*)(id, SEL, NSString *))ltSetHTTPHandler)(self, _cmd, componentName);
}

// The open's place in the trace is taken before the framework runs it (the transition it starts follows it),
// and filled with the result afterwards.
static BOOL LTOpenURL(id self, SEL _cmd, NSString *url, id transitionBlock) {
    if (!ltRecording || !url) return ((BOOL (*)(id, SEL, NSString *, id))ltOpenURL)(self, _cmd, url, transitionBlock);
    int fromBus = ltContextURL == url;
    uint64_t opener = fromBus ? ltContextOpener : 0;
    const char *operation = fromBus ? ltContextOperation : NULL;
    LTSlot *slot = LTWriterReserve();
    BOOL opened = ((BOOL (*)(id, SEL, NSString *, id))ltOpenURL)(self, _cmd, url, transitionBlock);
    LTLock();
    int http = [url hasPrefix:@"http"];
    LTNameEntry *route = LTNameTableFind(ltRouteTable, LTText(LTRouteKey(url)));
    const char *target = http ? ltHTTPHandler : (route ? route->text : NULL);
    // Parameters as the framework's parser reads them, in the order the query writes them.
    NSDictionary *parsed = http ? [NSDictionary dictionaryWithObject:url forKey:@"url"] : LTAsk(@"XFURLParse", "paramsForURL:", url);
    NSMutableArray *keys = [NSMutableArray array];
    if (http) {
        [keys addObject:@"url"];
    } else {
        NSRange query = [url rangeOfString:@"?"];
        NSString *text = query.location == NSNotFound ? @"" : [url substringFromIndex:query.location + 1];
        for (NSString *pair in [text componentsSeparatedByString:@"&"]) {
            NSString *key = [[pair componentsSeparatedByString:@"="] objectAtIndex:0];
            if ([key length] && [parsed objectForKey:key] && ![keys containsObject:key]) [keys addObject:key];
        }
    }
    size_t count = [keys count];
    LTParam *params = count ? calloc(count, sizeof *params) : NULL;
    for (size_t index = 0; index < count; index++) {
        NSString *key = [keys objectAtIndex:index];
        id value = [parsed objectForKey:key];
        params[index].key = LTText(key);
        params[index].value = LTText([value isKindOfClass:[NSString class]] ? value : [value description]);
    }
    LTEvent event = LTEventMake("url.open");
    event.name = target;
    event.obj = opener;
    event.url = LTText(url);
    event.op = operation;
    event.params = params;
    event.paramsCount = count;
    event.hasParams = 1;
    event.ok = opened ? 1 : 0;
    NSString *reason = nil;
    if (!opened) {
        reason = target ? [NSString stringWithFormat:@"the framework refused to open %@ (an interceptor, or no component %s)", url, target]
                        : [NSString stringWithFormat:@"no component registered for %@", url];
    }
    event.value = LTText(reason);
    LTWriterFill(slot, &event);
    free(params);
    LTUnlock();
    return opened;
}

#pragma mark - XFUIBus

typedef struct LTURLContext {
    LT_UNRETAINED NSString *url;
    const char *operation;
    uint64_t opener;
} LTURLContext;

static LTURLContext LTEnterURL(id bus, NSString *url, const char *operation) {
    LTURLContext saved = {ltContextURL, ltContextOperation, ltContextOpener};
    uint64_t opener = 0;
    if (ltRecording) {
        LTLock();
        id component = LTGet(bus, "componentRoutable");
        LTObject *object = component ? LTAnnounceComponent(component, nil) : NULL;
        opener = object ? object->identity : 0;
        LTUnlock();
    }
    ltContextURL = url;
    ltContextOperation = operation;
    ltContextOpener = opener;
    return saved;
}

static void LTLeaveURL(LTURLContext saved) {
    ltContextURL = saved.url;
    ltContextOperation = saved.operation;
    ltContextOpener = saved.opener;
}

typedef struct LTTransition {
    int counted;
    int recorded;
    int removal;
    const char *operation;
    uint64_t from;
    uint64_t to;
    char *name;
    char *url;
} LTTransition;

static void LTRecordTransition(const char *kind, const LTTransition *transition, uint64_t peer, int ok) {
    LTEvent event = LTEventMake(kind);
    event.name = transition->name;
    event.obj = transition->from;
    event.peer = peer;
    event.url = transition->url;
    event.op = transition->operation;
    event.ok = ok;
    LTWriterRecord(&event);
}

// Only the outermost transition of a thread is recorded; the count is kept only while recording.
static int LTEnterTransition(LTTransition *transition) {
    if (!ltRecording) return 0;
    transition->counted = 1;
    return ltTransitionDepth++ == 0;
}

// A transition the bus starts: push, present or show a component by name (also the second half of a URL open).
static LTTransition LTBeginForward(id bus, const char *operation, NSString *target) {
    LTTransition transition = {0};
    if (!LTEnterTransition(&transition)) return transition;
    LTLock();
    id component = LTGet(bus, "componentRoutable");
    LTObject *from = component ? LTAnnounceComponent(component, nil) : NULL;
    transition.recorded = 1;
    transition.operation = operation;
    transition.from = from ? from->identity : 0;
    transition.name = LTCopy(target);
    transition.url = ltContextURL ? LTCopy(ltContextURL) : NULL;
    LTRecordTransition("transition.begin", &transition, 0, LTAbsent);
    LTUnlock();
    return transition;
}

// A transition that takes the bus's component away: pop, pop to a name, dismiss, or the user's back gesture.
static LTTransition LTBeginRemoval(id bus, const char *operation) {
    LTTransition transition = {0};
    transition.removal = 1;
    if (!LTEnterTransition(&transition)) return transition;
    id component = LTGet(bus, "componentRoutable");
    if (!component) return transition;
    LTLock();
    LTObject *object = LTAnnounceComponent(component, nil);
    transition.recorded = 1;
    transition.operation = operation;
    transition.from = object->identity;
    transition.to = object->from;
    transition.name = object->name ? strdup(object->name) : NULL;
    LTRecordTransition("transition.begin", &transition, transition.to, LTAbsent);
    LTUnlock();
    return transition;
}

static void LTEndTransition(LTTransition *transition) {
    if (transition->counted) ltTransitionDepth--;
    if (transition->recorded && ltRecording) {
        LTLock();
        uint64_t peer = transition->removal ? transition->to : LTLiveIdentity(ltComponentTable, transition->name);
        LTRecordTransition("transition.end", transition, peer, transition->removal || peer ? 1 : 0);
        LTUnlock();
    }
    free(transition->name);
    free(transition->url);
}

static IMP ltOpenOnWindow, ltOpenForPush, ltOpenForPresent, ltOpenWithTransition, ltOpenForComponent;
static IMP ltShowComponent, ltPushComponent, ltPresentComponent, ltPutComponent;
static IMP ltPopComponent, ltDismissComponent, ltRemoveWithTransition, ltImplicitRemove;

static void LTOpenOnWindow(id self, SEL _cmd, NSString *url, id window, id customCode) {
    LTURLContext saved = LTEnterURL(self, url, "show");
    ((void (*)(id, SEL, NSString *, id, id))ltOpenOnWindow)(self, _cmd, url, window, customCode);
    LTLeaveURL(saved);
}

static void LTOpenForPush(id self, SEL _cmd, NSString *url, id customCode) {
    LTURLContext saved = LTEnterURL(self, url, "push");
    ((void (*)(id, SEL, NSString *, id))ltOpenForPush)(self, _cmd, url, customCode);
    LTLeaveURL(saved);
}

static void LTOpenForPresent(id self, SEL _cmd, NSString *url, id customCode) {
    LTURLContext saved = LTEnterURL(self, url, "present");
    ((void (*)(id, SEL, NSString *, id))ltOpenForPresent)(self, _cmd, url, customCode);
    LTLeaveURL(saved);
}

static void LTOpenWithTransition(id self, SEL _cmd, NSString *url, id transitionBlock, id customCode) {
    LTURLContext saved = LTEnterURL(self, url, "push");
    ((void (*)(id, SEL, NSString *, id, id))ltOpenWithTransition)(self, _cmd, url, transitionBlock, customCode);
    LTLeaveURL(saved);
}

// `+openURLForGetComponent:` (XF_SubUInterface_URL): a sub-component made from a URL, with no opener.
static id LTOpenForComponent(id self, SEL _cmd, NSString *url) {
    LTURLContext saved = LTEnterURL(nil, url, "sub");
    id component = ((id (*)(id, SEL, NSString *))ltOpenForComponent)(self, _cmd, url);
    LTLeaveURL(saved);
    return component;
}

static void LTShowComponent(id self, SEL _cmd, NSString *name, id window, NSDictionary *params, id customCode) {
    LTTransition transition = LTBeginForward(self, "show", name);
    ((void (*)(id, SEL, NSString *, id, NSDictionary *, id))ltShowComponent)(self, _cmd, name, window, params, customCode);
    LTEndTransition(&transition);
}

static void LTPushComponent(id self, SEL _cmd, NSString *name, NSDictionary *params, id intent, id customCode) {
    LTTransition transition = LTBeginForward(self, "push", name);
    ((void (*)(id, SEL, NSString *, NSDictionary *, id, id))ltPushComponent)(self, _cmd, name, params, intent, customCode);
    LTEndTransition(&transition);
}

static void LTPresentComponent(id self, SEL _cmd, NSString *name, NSDictionary *params, id intent, id customCode) {
    LTTransition transition = LTBeginForward(self, "present", name);
    ((void (*)(id, SEL, NSString *, NSDictionary *, id, id))ltPresentComponent)(self, _cmd, name, params, intent, customCode);
    LTEndTransition(&transition);
}

// A custom transition (`putComponent:withTransitionBlock:…`): recorded as a push.
static void LTPutComponent(id self, SEL _cmd, NSString *name, id transitionBlock, NSDictionary *params, id intent, id customCode) {
    LTTransition transition = LTBeginForward(self, "push", name);
    ((void (*)(id, SEL, NSString *, id, NSDictionary *, id, id))ltPutComponent)(self, _cmd, name, transitionBlock, params, intent, customCode);
    LTEndTransition(&transition);
}

static void LTPopComponent(id self, SEL _cmd, NSString *name, BOOL animated) {
    LTTransition transition = LTBeginRemoval(self, [name length] ? "popTo" : "pop");
    ((void (*)(id, SEL, NSString *, BOOL))ltPopComponent)(self, _cmd, name, animated);
    LTEndTransition(&transition);
}

static void LTDismissComponent(id self, SEL _cmd) {
    LTTransition transition = LTBeginRemoval(self, "dismiss");
    ((void (*)(id, SEL))ltDismissComponent)(self, _cmd);
    LTEndTransition(&transition);
}

static void LTRemoveWithTransition(id self, SEL _cmd, id transitionBlock) {
    LTTransition transition = LTBeginRemoval(self, "pop");
    ((void (*)(id, SEL, id))ltRemoveWithTransition)(self, _cmd, transitionBlock);
    LTEndTransition(&transition);
}

// The user's back gesture and the framework's own removals reach only this one.
static void LTImplicitRemove(id self, SEL _cmd, id transitionBlock) {
    LTTransition transition = LTBeginRemoval(self, "pop");
    ((void (*)(id, SEL, id))ltImplicitRemove)(self, _cmd, transitionBlock);
    LTEndTransition(&transition);
}

#pragma mark - Installing

typedef struct LTHook {
    const char *className;
    const char *selectorName;
    int classMethod;
    IMP replacement;
    IMP *original;
} LTHook;

// Replaces the method `selectorName` defined by `className` itself; a method it only inherits gets an override
// of its own that calls the inherited implementation, so the superclass (NSObject, UIViewController) is untouched.
static void LTInstall(const LTHook *hook) {
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
    LTLock();
    if (installed) {
        LTUnlock();
        return;
    }
    installed = 1;
    ltPresenterClass = NSClassFromString(@"XFPresenter");
    ltViewControllerClass = NSClassFromString(@"UIViewController");
    const LTHook hooks[] = {
        {"XFRoutingLinkManager", "addRouting:", 1, (IMP)LTAddRouting, &ltAddRouting},
        {"XFRoutingLinkManager", "removeRouting:", 1, (IMP)LTRemoveRouting, &ltRemoveRouting},
        {"XFRoutingLinkManager", "setSubRouting:forParentRouting:", 1, (IMP)LTSetSubRouting, &ltSetSubRouting},
        {"XFRoutingLinkManager", "setSharedRounting:shareModule:", 1, (IMP)LTSetShared, &ltSetShared},
        {"XFRoutingLinkManager", "setCurrentActionRounting:", 1, (IMP)LTSetAction, &ltSetAction},
        {"XFRouting", "setNextRouting:", 0, (IMP)LTSetNextRouting, &ltSetNextRouting},
        {"XFComponentManager", "addComponent:enableLog:", 1, (IMP)LTAddComponent, &ltAddComponent},
        {"XFComponentManager", "addComponent:forName:", 1, (IMP)LTAddComponentForName, &ltAddComponentForName},
        {"XFComponentManager", "removeComponent:", 1, (IMP)LTRemoveComponent, &ltRemoveComponent},
        {"XFComponentManager", "removeComponentForName:", 1, (IMP)LTRemoveComponentForName, &ltRemoveComponentForName},
        {"XFComponentManager", "addEventReceiver:componentName:", 1, (IMP)LTAddReceiver, &ltAddReceiver},
        {"XFComponentManager", "removeEventReceiverComponentWithName:", 1, (IMP)LTRemoveReceiver, &ltRemoveReceiver},
        {"XFComponentManager", "sendEventName:intentData:forComponent:", 1, (IMP)LTSendEvent, &ltSendEvent},
        {"XFComponentManager", "sendGlobalEventName:intentData:", 1, (IMP)LTSendGlobalEvent, &ltSendGlobalEvent},
        {"XFRoutingFactory", "createRouingFromModuleName:", 1, (IMP)LTCreateEvicting, &ltCreateEvicting},
        {"XFURLRoute", "initURLGroup:", 1, (IMP)LTInitURLGroup, &ltInitURLGroup},
        {"XFURLRoute", "register:forComponent:", 1, (IMP)LTRegisterURL, &ltRegisterURL},
        {"XFURLRoute", "remove:", 1, (IMP)LTRemoveURL, &ltRemoveURL},
        {"XFURLRoute", "setHTTPHandlerComponent:", 1, (IMP)LTSetHTTPHandler, &ltSetHTTPHandler},
        {"XFURLRoute", "open:transitionBlock:", 1, (IMP)LTOpenURL, &ltOpenURL},
        {"XFUIBus", "openURL:onWindow:customCode:", 0, (IMP)LTOpenOnWindow, &ltOpenOnWindow},
        {"XFUIBus", "openURLForPush:customCode:", 0, (IMP)LTOpenForPush, &ltOpenForPush},
        {"XFUIBus", "openURLForPresent:customCode:", 0, (IMP)LTOpenForPresent, &ltOpenForPresent},
        {"XFUIBus", "openURL:withTransitionBlock:customCode:", 0, (IMP)LTOpenWithTransition, &ltOpenWithTransition},
        {"XFUIBus", "openURLForGetComponent:", 1, (IMP)LTOpenForComponent, &ltOpenForComponent},
        {"XFUIBus", "showComponent:onWindow:params:customCode:", 0, (IMP)LTShowComponent, &ltShowComponent},
        {"XFUIBus", "pushComponent:params:intent:customCode:", 0, (IMP)LTPushComponent, &ltPushComponent},
        {"XFUIBus", "presentComponent:params:intent:customCode:", 0, (IMP)LTPresentComponent, &ltPresentComponent},
        {"XFUIBus", "putComponent:withTransitionBlock:params:intent:customCode:", 0, (IMP)LTPutComponent, &ltPutComponent},
        {"XFUIBus", "popComponent:animated:", 0, (IMP)LTPopComponent, &ltPopComponent},
        {"XFUIBus", "dismissComponent", 0, (IMP)LTDismissComponent, &ltDismissComponent},
        {"XFUIBus", "removeComponentWithTransitionBlock:", 0, (IMP)LTRemoveWithTransition, &ltRemoveWithTransition},
        {"XFUIBus", "xfLego_implicitRemoveComponentWithTransitionBlock:", 0, (IMP)LTImplicitRemove, &ltImplicitRemove},
        // The layer base classes and the view-controller base class (activities and controller components).
        {"XFRouting", "dealloc", 0, (IMP)LTDealloc0, &ltDeallocOriginal0},
        {"XFPresenter", "dealloc", 0, (IMP)LTDealloc1, &ltDeallocOriginal1},
        {"XFInteractor", "dealloc", 0, (IMP)LTDealloc2, &ltDeallocOriginal2},
        {"XFDataManager", "dealloc", 0, (IMP)LTDealloc3, &ltDeallocOriginal3},
        {"UIViewController", "dealloc", 0, (IMP)LTDealloc4, &ltDeallocOriginal4},
    };
    for (size_t index = 0; index < sizeof hooks / sizeof hooks[0]; index++) LTInstall(&hooks[index]);
    LTUnlock();
}
