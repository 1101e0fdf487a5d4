#import "FrameworkDouble.h"
#import "XFDoublePrivate.h"

// The registries of XFRoutingLinkManager.m and XFComponentManager.m: name → weak value plus an ordered array of
// names that allows duplicates. Adding under a name overwrites the entry and appends the name again; removing by
// name deletes the entry and every copy of the name. A lock makes the double safe to drive from several threads.

static NSRecursiveLock *XFDoubleLock(void) {
    static NSRecursiveLock *lock;
    if (!lock) lock = [[NSRecursiveLock alloc] init];
    return lock;
}

static void XFTableSet(NSMutableDictionary *table, NSMutableArray *names, id value, NSString *name) {
    [table setObject:[NSValue valueWithNonretainedObject:value] forKey:name];
    [names addObject:name];
}

static id XFTableGet(NSMutableDictionary *table, NSString *name) {
    return name ? [[table objectForKey:name] nonretainedObjectValue] : nil;
}

static void XFTableRemove(NSMutableDictionary *table, NSMutableArray *names, NSString *name) {
    if (!name) return;
    [table removeObjectForKey:name];
    [names removeObject:name];
}

// What a zeroing weak value does when its object goes: the entry reads nil (the name stays until removed).
static void XFTableForget(NSMutableDictionary *table, id value) {
    for (NSString *name in [table allKeys]) {
        if (XFTableGet(table, name) == value) [table removeObjectForKey:name];
    }
}

static NSMutableDictionary *routingTable, *sharedTable, *componentTable, *receiverTable;
static NSMutableArray *routingNames, *componentNames;
static XFRouting *currentAction;

static void XFDoubleTablesInit(void) {
    if (routingTable) return;
    routingTable = [[NSMutableDictionary alloc] init];
    sharedTable = [[NSMutableDictionary alloc] init];
    componentTable = [[NSMutableDictionary alloc] init];
    receiverTable = [[NSMutableDictionary alloc] init];
    routingNames = [[NSMutableArray alloc] init];
    componentNames = [[NSMutableArray alloc] init];
}

// A view controller (an activity, a controller component) leaving clears the tables that hold it weakly.
__attribute__((constructor)) static void XFDoubleObserveControllers(void) {
    UIKitDoubleControllerWillDeallocate = XFDoubleForget;
}

void XFDoubleForget(id object) {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    XFTableForget(routingTable, object);
    XFTableForget(sharedTable, object);
    XFTableForget(componentTable, object);
    XFTableForget(receiverTable, object);
    if (currentAction == object) currentAction = nil;
    [XFDoubleLock() unlock];
}

@implementation XFRoutingLinkManager

+ (void)addRouting:(XFRouting *)routing {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    XFTableSet(routingTable, routingNames, routing, [XFVIPERModuleReflect moduleNameForRouting:routing]);
    [XFDoubleLock() unlock];
}

+ (void)removeRouting:(XFRouting *)routing {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    XFTableRemove(routingTable, routingNames, [XFVIPERModuleReflect moduleNameForRouting:routing]);
    [XFDoubleLock() unlock];
}

+ (void)setCurrentActionRounting:(XFRouting *)routing { currentAction = routing; }

+ (XFRouting *)currentActionRouting { return currentAction; }

+ (void)setSharedRounting:(XFRouting *)routing shareModule:(NSString *)moduleName {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    [sharedTable setObject:[NSValue valueWithNonretainedObject:routing] forKey:moduleName];
    [XFDoubleLock() unlock];
}

+ (XFRouting *)sharedRoutingForShareModule:(NSString *)moduleName {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    XFRouting *routing = XFTableGet(sharedTable, moduleName);
    [XFDoubleLock() unlock];
    return routing;
}

+ (void)setSubRouting:(XFRouting *)subRouting forParentRouting:(XFRouting *)parentRouting {
    subRouting.subRoute = YES;
    [parentRouting addSubRouting:subRouting asChildViewController:NO];
}

+ (NSInteger)count {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    NSInteger count = (NSInteger)[routingTable count];
    [XFDoubleLock() unlock];
    return count;
}

+ (XFRouting *)findRoutingForModuleName:(NSString *)moduleName {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    XFRouting *routing = XFTableGet(routingTable, moduleName);
    [XFDoubleLock() unlock];
    return routing;
}
@end

@implementation XFComponentManager

+ (void)addComponent:(id)component enableLog:(BOOL)enableLog {
    (void)enableLog;
    // Its own body, as in the framework: it does not go through addComponent:forName:.
    NSString *componentName = [XFComponentReflect componentNameForComponent:component];
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    XFTableSet(componentTable, componentNames, component, componentName);
    [XFDoubleLock() unlock];
}

+ (void)addComponent:(id)component forName:(NSString *)componentName {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    XFTableSet(componentTable, componentNames, component, componentName);
    [XFDoubleLock() unlock];
}

+ (void)removeComponent:(id)component {
    if (!component) return;
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    XFTableRemove(componentTable, componentNames, [XFComponentReflect componentNameForComponent:component]);
    [XFDoubleLock() unlock];
}

+ (void)removeComponentForName:(NSString *)componentName {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    XFTableRemove(componentTable, componentNames, componentName);
    [XFDoubleLock() unlock];
}

+ (void)addEventReceiver:(id)receiver componentName:(NSString *)componentName {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    [receiverTable setObject:[NSValue valueWithNonretainedObject:receiver] forKey:componentName];
    [XFDoubleLock() unlock];
}

+ (void)removeEventReceiverComponentWithName:(NSString *)componentName {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    [receiverTable removeObjectForKey:componentName];
    [XFDoubleLock() unlock];
}

+ (NSInteger)count {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    NSInteger count = (NSInteger)[componentTable count];
    [XFDoubleLock() unlock];
    return count;
}

+ (id)findComponentForName:(NSString *)componentName {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    id component = XFTableGet(componentTable, componentName);
    [XFDoubleLock() unlock];
    return component;
}

// The event-receiver table first, else the component table; only the newest holder of the name receives.
// Delivered under the lock, so a component cannot finish deallocating while it receives.
+ (void)sendEventName:(NSString *)eventName intentData:(id)intentData forComponent:(NSString *)componentName {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    id receiver = XFTableGet(receiverTable, componentName);
    if (!receiver) receiver = XFTableGet(componentTable, componentName);
    if ([receiver respondsToSelector:@selector(receiveComponentEventName:intentData:)]) {
        [receiver receiveComponentEventName:eventName intentData:intentData];
    }
    [XFDoubleLock() unlock];
}

+ (void)sendEventName:(NSString *)eventName intentData:(id)intentData forComponents:(NSArray *)names {
    for (NSString *name in names) [self sendEventName:eventName intentData:intentData forComponent:name];
}

+ (void)sendGlobalEventName:(NSString *)eventName intentData:(id)intentData {
    [XFDoubleLock() lock];
    XFDoubleTablesInit();
    for (NSString *name in [componentTable allKeys]) {
        id component = XFTableGet(componentTable, name);
        if ([component respondsToSelector:@selector(receiveComponentEventName:intentData:)]) {
            [component receiveComponentEventName:eventName intentData:intentData];
        }
    }
    [XFDoubleLock() unlock];
}
@end
