// What the hook files (LTRoutingHooks.m, LTComponentHooks.m, LTURLRouteHooks.m, LTUIBusHooks.m, LTDeclarations.m) share: the
// recorder's state, its lock, calls into the framework, identities, module announcements and registry events.
// Defined in LTHooks.m. Functions marked "locked" expect the caller to hold LTLock.
#ifndef LT_HOOK_SUPPORT_H
#define LT_HOOK_SUPPORT_H

#import "LTCompat.h"
#import "LTTables.h"
#import "LTWriter.h"

#import <objc/runtime.h>

/// Whether a recording is on; every hook tests it first and only calls the original when it is off.
extern volatile int ltRecording;
/// The recorder's mirrors of the framework's name-keyed tables (routing link, component, event receiver) and of
/// its URL route table (route key → component name, in `text`).
extern LTNameTable *ltRoutingTable;
extern LTNameTable *ltComponentTable;
extern LTNameTable *ltReceiverTable;
extern LTNameTable *ltRouteTable;
/// The component `XFURLRoute setHTTPHandlerComponent:` named.
extern char *ltHTTPHandler;
/// The URL open in progress on this thread: the XFUIBus openURL… family sets it for XFURLRoute's open:.
extern __thread LT_UNRETAINED NSString *ltContextURL;
extern __thread const char *ltContextOperation;
extern __thread uint64_t ltContextOpener;
/// Non-zero inside XFRoutingFactory createRouingFromModuleName:, whose removals are evictions.
extern __thread int ltEvicting;

/// Set when a session starts: the app's modules are declared when a hook first takes the lock (LTDeclarations.m).
extern int ltDeclarationsPending;

/// The one recursive lock around the tables and the events that describe them (so lines follow the changes); the
/// first time a hook takes it in a session, the app's modules are declared before anything else is recorded.
void LTLock(void);
void LTUnlock(void);

/// UTF-8 of a string (valid while the string lives), NULL for nil or a non-string.
const char *LTText(NSString *text);
/// A malloc'd copy of a string's UTF-8, or NULL.
char *LTCopy(NSString *text);
/// A getter sent through NSObject's public API; nil when the object does not answer it.
id LTGet(id target, const char *selectorName);
/// A one-argument class method of the framework class `className`; nil when it is missing.
id LTAsk(NSString *className, const char *selectorName, id argument);
/// `[XFVIPERModuleReflect moduleNameForRouting:]`.
NSString *LTModuleName(id routing);
/// `[XFComponentReflect componentNameForComponent:]`.
NSString *LTComponentName(id component);

/// Locked: a `link` or `unlink` event from `obj` to `peer`.
void LTRecordRelation(const char *kind, uint64_t obj, uint64_t peer, const char *relation);
/// Locked: whether the object at `address` still has `identity` (it has not been deallocated since).
int LTAlive(uintptr_t address, uint64_t identity);
/// Locked: the object's entry, with a new identity on first sight.
LTObject *LTSee(id object);
/// Locked: a routing's entry; the first time, its layers' `object.alloc` and its `module.assemble`.
LTObject *LTAnnounceRouting(id routing);
/// Locked: a component's entry, announcing its module (a presenter's routing, or a controller or view model).
LTObject *LTAnnounceComponent(id component, NSString *name);
/// Locked: an add to a name-keyed table (`effect` added or overwritten, `peer` the live instance overwritten).
void LTRegistryAdd(LTNameTable *table, const char *kind, const char *name, id holder, uint64_t identity);
/// Locked: a removal by name (every copy of the name: `n`).
void LTRegistryRemove(LTNameTable *table, const char *kind, const char *name, uint64_t released, const char *effect);
/// Locked: the identity the table holds for `name` if that object is alive, else 0.
uint64_t LTLiveIdentity(LTNameTable *table, const char *name);
/// Locked: the `unlink` of a component from the one it was pushed or presented from.
void LTUnlinkFrom(LTObject *component);

/// Locked: a new session's modules are still to be declared.
void LTDeclarationsBeginSession(void);
/// Locked: `prefix.set` with the framework's prefix, then one `module.declare` per module class the process has.
void LTDeclareModules(void);
/// Locked: the modules declared again if the framework's prefix or prefix list changed since they were declared.
void LTDeclareIfNamingChanged(void);

/// Records the `object.deinit` of an object the recorder announced (a dealloc hook calls it before the original).
void LTRecordDealloc(LT_UNRETAINED id object);
/// A dealloc implementation.
typedef void (*LTDeallocFunction)(LT_UNRETAINED id, SEL);

/// QFMoudle (LTQFMoudleHooks.m): the router class found at install, Nil in an app of another framework.
extern Class ltQFRouter;
/// Finds the router and hooks its lookups and UIKit's screen changes; returns whether the app uses QFMoudle.
int LTQFInstall(void);
/// Forgets the naming rule read in the last session.
void LTQFBeginSession(void);
/// Locked: one `module.declare` (`mk: protocol`) per protocol of the app; 0 (nothing written) until a lookup of
/// the router has run, since the naming rule is asked of its instance.
int LTQFDeclareProtocols(void);
/// The verdict of `setValue:forKey:` on an instance of `cls`, NULL when plain; `raises` says whether it raises.
const char *LTQFVerdict(Class cls, NSString *key, NSString *text, int *raises, char *buffer, size_t size);
/// The same verdict for a property Apple's runtime describes as `attributes` (`T@"NSString",W,N,V_source`), with or
/// without a setter and an ivar (gcc's runtime keeps no attributes: the recorder tests read these through it).
const char *LTQFVerdictForAttributes(const char *attributes, int setter, int ivar, NSString *text, int *raises,
                                     char *buffer, size_t size);

/// One method to replace: class, selector, class or instance method, the replacement, where the original goes.
typedef struct LTHook {
    const char *className;
    const char *selectorName;
    int classMethod;
    IMP replacement;
    IMP *original;
} LTHook;

/// Replaces one method (see LTHooks.m); a class or method the app does not have is skipped.
void LTInstall(const LTHook *hook);

/// Each hook file's table, installed once by LTHooksInstall.
extern const LTHook LTRoutingHooks[];
extern const size_t LTRoutingHookCount;
extern const LTHook LTComponentHooks[];
extern const size_t LTComponentHookCount;
extern const LTHook LTURLRouteHooks[];
extern const size_t LTURLRouteHookCount;
extern const LTHook LTUIBusHooks[];
extern const size_t LTUIBusHookCount;
extern const LTHook LTConfigHooks[];
extern const size_t LTConfigHookCount;

#endif
