// Hooks on XFUIBus: transitions and the URL opens it starts (LTHooks.h; shared pieces in LTHookSupport.h).
#import "LTHookSupport.h"
#import "LTLeakWatch.h"

#include <stdlib.h>
#include <string.h>

// Transitions nest (pushComponent: calls putComponent:…): only the outermost is recorded.
static __thread int ltTransitionDepth;

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

static uint64_t LTRecordTransition(const char *kind, const LTTransition *transition, uint64_t peer, int ok) {
    LTEvent event = LTEventMake(kind);
    event.name = transition->name;
    event.obj = transition->from;
    event.peer = peer;
    event.url = transition->url;
    event.op = transition->operation;
    event.ok = ok;
    return LTWriterRecord(&event);
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
    uint64_t seq = LTRecordTransition("transition.begin", &transition, transition.to, LTAbsent);
    LTLeakWatchScreenGone(object, operation, seq);
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

// Transitions and the opener of URL opens.
const LTHook LTUIBusHooks[] = {
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
};
const size_t LTUIBusHookCount = sizeof LTUIBusHooks / sizeof LTUIBusHooks[0];
