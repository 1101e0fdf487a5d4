// Hooks on XFComponentManager: the component and event-receiver tables and component events (LTHooks.h; shared pieces in LTHookSupport.h).
#import "LTHookSupport.h"

#include <stdlib.h>
#include <string.h>

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

// The component and event-receiver tables, directed and global events.
const LTHook LTComponentHooks[] = {
    {"XFComponentManager", "addComponent:enableLog:", 1, (IMP)LTAddComponent, &ltAddComponent},
    {"XFComponentManager", "addComponent:forName:", 1, (IMP)LTAddComponentForName, &ltAddComponentForName},
    {"XFComponentManager", "removeComponent:", 1, (IMP)LTRemoveComponent, &ltRemoveComponent},
    {"XFComponentManager", "removeComponentForName:", 1, (IMP)LTRemoveComponentForName, &ltRemoveComponentForName},
    {"XFComponentManager", "addEventReceiver:componentName:", 1, (IMP)LTAddReceiver, &ltAddReceiver},
    {"XFComponentManager", "removeEventReceiverComponentWithName:", 1, (IMP)LTRemoveReceiver, &ltRemoveReceiver},
    {"XFComponentManager", "sendEventName:intentData:forComponent:", 1, (IMP)LTSendEvent, &ltSendEvent},
    {"XFComponentManager", "sendGlobalEventName:intentData:", 1, (IMP)LTSendGlobalEvent, &ltSendGlobalEvent},
};
const size_t LTComponentHookCount = sizeof LTComponentHooks / sizeof LTComponentHooks[0];
