// Hooks on XFRoutingLinkManager, XFRouting's next-routing setter and XFRoutingFactory (LTHooks.h; shared pieces in LTHookSupport.h).
#import "LTHookSupport.h"

#include <stdlib.h>
#include <string.h>

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

#pragma mark - XFRoutingFactory

static IMP ltCreateEvicting;

// Creating a sub-component by name first removes any component and routing of that name: those removals are evictions.
static id LTCreateEvicting(id self, SEL _cmd, NSString *moduleName) {
    ltEvicting++;
    id routing = ((id (*)(id, SEL, NSString *))ltCreateEvicting)(self, _cmd, moduleName);
    ltEvicting--;
    return routing;
}

// The routing link table, the previous/next relation, shared modules, sub-modules, evictions.
const LTHook LTRoutingHooks[] = {
    {"XFRoutingLinkManager", "addRouting:", 1, (IMP)LTAddRouting, &ltAddRouting},
    {"XFRoutingLinkManager", "removeRouting:", 1, (IMP)LTRemoveRouting, &ltRemoveRouting},
    {"XFRoutingLinkManager", "setSubRouting:forParentRouting:", 1, (IMP)LTSetSubRouting, &ltSetSubRouting},
    {"XFRoutingLinkManager", "setSharedRounting:shareModule:", 1, (IMP)LTSetShared, &ltSetShared},
    {"XFRoutingLinkManager", "setCurrentActionRounting:", 1, (IMP)LTSetAction, &ltSetAction},
    {"XFRouting", "setNextRouting:", 0, (IMP)LTSetNextRouting, &ltSetNextRouting},
    {"XFRoutingFactory", "createRouingFromModuleName:", 1, (IMP)LTCreateEvicting, &ltCreateEvicting},
};
const size_t LTRoutingHookCount = sizeof LTRoutingHooks / sizeof LTRoutingHooks[0];
