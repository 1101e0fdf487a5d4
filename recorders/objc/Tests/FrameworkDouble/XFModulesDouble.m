#import "FrameworkDouble.h"
#import "XFDoublePrivate.h"

#import <objc/runtime.h>

#pragma mark - Configuration (XFLegoConfig.m)

@implementation XFLegoConfig

+ (id)shareInstance {
    static XFLegoConfig *instance;
    if (!instance) instance = [[XFLegoConfig alloc] init];
    return instance;
}

- (id)setClassPrefix:(NSString *)prefix {
    if (prefix != _classPrefix) {
        [_classPrefix release];
        _classPrefix = [prefix copy];
    }
    return self;
}

- (NSString *)classPrefix { return _classPrefix; }

- (id)setClassPrefixList:(NSArray *)prefixList {
    if (prefixList != _classPrefixList) {
        [_classPrefixList release];
        _classPrefixList = [prefixList copy];
    }
    if (!_classPrefix && [prefixList count] == 1) [self setClassPrefix:[prefixList objectAtIndex:0]];
    return self;
}

- (NSArray *)classPrefixList { return _classPrefixList; }
@end

@implementation LEViewModel
@end

#pragma mark - Naming (XFVIPERModuleReflect.m, XFComponentReflect.m)

NSString *XFDoublePrefix(void) {
    NSString *prefix = [[XFLegoConfig shareInstance] classPrefix];
    return prefix ? prefix : @"";
}

static NSString *XFStrip(NSString *className, NSString *suffix) {
    NSString *name = className;
    NSString *prefix = XFDoublePrefix();
    if ([prefix length] && [name hasPrefix:prefix]) name = [name substringFromIndex:[prefix length]];
    return [[name componentsSeparatedByString:suffix] objectAtIndex:0];
}

@implementation XFVIPERModuleReflect

// The leading capitals up to the first lower-case letter, minus the last capital: XFHomeRouting → XF; kept in
// XFLegoConfig (`setClassPrefix:`), unless the app set a prefix or a prefix list first.
+ (void)inspectModulePrefixFromClass:(Class)clazz {
    XFLegoConfig *config = [XFLegoConfig shareInstance];
    if ([config classPrefix] || [[config classPrefixList] count]) return;
    // Called from +load, where no autorelease pool is in place yet.
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    NSString *name = NSStringFromClass(clazz);
    NSUInteger index = 0;
    while (index < [name length] && ![[NSCharacterSet lowercaseLetterCharacterSet] characterIsMember:[name characterAtIndex:index]]) index++;
    [config setClassPrefix:[name substringToIndex:index > 0 ? index - 1 : 0]];
    [pool release];
}

+ (NSString *)moduleNameForRouting:(XFRouting *)routing {
    if (!routing) return nil;
    [self inspectModulePrefixFromClass:[routing class]];
    return XFStrip(NSStringFromClass([routing class]), @"Routing");
}

+ (NSString *)moduleNameForModuleLayerObject:(id)moduleLayerObject {
    if ([moduleLayerObject isKindOfClass:[XFRouting class]]) return [self moduleNameForRouting:moduleLayerObject];
    if ([moduleLayerObject isKindOfClass:[XFPresenter class]]) return [self moduleNameForRouting:[moduleLayerObject routing]];
    if ([moduleLayerObject isKindOfClass:[XFActivity class]]) return [self moduleNameForModuleLayerObject:[moduleLayerObject eventHandler]];
    return nil;
}
@end

@implementation XFComponentReflect

+ (BOOL)existComponent:(NSString *)componentName {
    return NSClassFromString([NSString stringWithFormat:@"%@%@Routing", XFDoublePrefix(), componentName]) != nil
        || NSClassFromString([NSString stringWithFormat:@"%@%@ViewController", XFDoublePrefix(), componentName]) != nil;
}

+ (NSString *)componentNameForComponent:(id)component {
    if ([component isKindOfClass:[XFPresenter class]]) return [XFVIPERModuleReflect moduleNameForModuleLayerObject:component];
    if ([component isKindOfClass:[UIViewController class]]) return XFStrip(NSStringFromClass([component class]), @"ViewController");
    return nil;
}

+ (UIViewController *)uInterfaceForComponent:(id)component {
    if ([component isKindOfClass:[XFPresenter class]]) return [[component routing] realUInterface];
    return [component isKindOfClass:[UIViewController class]] ? component : nil;
}
@end

#pragma mark - VIPER layers (XFRouting.m, XFVIPERModuleAssembly.m)

@implementation XFRouting
@synthesize uiBus, uiOperator, previousRouting, nextRouting, parentRouting, subRoute, releaseSuff;

+ (id)routing {
    XFRouting *routing = [[[self alloc] init] autorelease];
    routing.uiBus = [[[XFUIBus alloc] init] autorelease];
    return routing;
}

+ (NSString *)shareModuleName { return nil; }

// XF_AutoAssemblyModule_Fast: the layers are the classes named after the module (after the gene for a shell of a
// shared module, whose first live instance's Interactor the others share); the routing enters the link table only
// when it has a Presenter.
+ (id)assembleRouting {
    [XFVIPERModuleReflect inspectModulePrefixFromClass:self];
    XFRouting *routing = [self routing];
    NSString *gene = [self shareModuleName];
    NSString *stem = [NSString stringWithFormat:@"%@%@", XFDoublePrefix(), gene ? gene : [XFVIPERModuleReflect moduleNameForRouting:routing]];
    Class activityClass = NSClassFromString([stem stringByAppendingString:@"Activity"]);
    Class presenterClass = NSClassFromString([stem stringByAppendingString:@"Presenter"]);
    Class interactorClass = NSClassFromString([stem stringByAppendingString:@"Interactor"]);
    Class dataManagerClass = NSClassFromString([stem stringByAppendingString:@"DataManager"]);
    XFActivity *activity = [[[(activityClass ? activityClass : [XFActivity class]) alloc] init] autorelease];
    [routing.uiBus setUInterface:activity];
    id presenter = nil;
    if (presenterClass) {
        presenter = [[[presenterClass alloc] init] autorelease];
        [activity setValue:presenter forKey:@"eventHandler"];
        [presenter setValue:routing forKey:@"routing"];
        [presenter setValue:activity forKey:@"userInterface"];
        [routing setValue:presenter forKey:@"uiOperator"];
        [routing.uiBus setValue:presenter forKey:@"componentRoutable"];
    }
    XFRouting *shared = gene ? [XFRoutingLinkManager sharedRoutingForShareModule:gene] : nil;
    if (shared) {
        [presenter setValue:[[shared uiOperator] interactor] forKey:@"interactor"];
    } else {
        if (gene) [XFRoutingLinkManager setSharedRounting:routing shareModule:gene];
        if (interactorClass && presenter) {
            id interactor = [[[interactorClass alloc] init] autorelease];
            [presenter setValue:interactor forKey:@"interactor"];
            if (dataManagerClass) [interactor setValue:[[[dataManagerClass alloc] init] autorelease] forKey:@"dataManager"];
        }
    }
    if (routing.uiOperator) [XFRoutingLinkManager addRouting:routing];
    return routing;
}

- (NSMutableArray *)subRoutings {
    if (!_subRoutings) _subRoutings = [[NSMutableArray alloc] init];
    return _subRoutings;
}

- (void)addSubRouting:(XFRouting *)subRouting asChildViewController:(BOOL)asChild {
    (void)asChild;
    subRouting.subRoute = YES;
    [[self subRoutings] addObject:subRouting];
    subRouting.parentRouting = self;
}

- (UIViewController *)realUInterface {
    UIViewController *ui = [self.uiBus uInterface];
    return ui ? ui : [self.uiOperator userInterface];
}

// Breaks previous/next, releases the sub-routings and their components, leaves the link table.
- (void)xfLego_releaseRouting:(XFRouting *)routing {
    if (routing.previousRouting) {
        routing.previousRouting.nextRouting = nil;
        routing.previousRouting = nil;
    }
    if (routing->_subRoutings) {
        for (XFRouting *subRouting in [NSArray arrayWithArray:routing->_subRoutings]) {
            [self xfLego_releaseRouting:subRouting];
            NSString *moduleName = [XFVIPERModuleReflect moduleNameForRouting:subRouting];
            [XFComponentManager removeComponent:[XFComponentManager findComponentForName:moduleName]];
        }
        [routing->_subRoutings removeAllObjects];
        [routing->_subRoutings release];
        routing->_subRoutings = nil;
    }
    [XFRoutingLinkManager removeRouting:routing];
    routing.releaseSuff = YES;
}

- (void)xfLego_destoryUInterfaceRef {
    [self.uiBus setUInterface:nil];
}

- (void)dealloc {
    XFDoubleForget(self);
    [uiBus release];
    [previousRouting release];
    [nextRouting release];
    [_subRoutings release];
    [super dealloc];
}
@end

@implementation XFPresenter
@synthesize userInterface, routing, interactor, fromComponentRoutable, nextComponentRoutable, URLParams, componentData, intentData;

- (void)receiveComponentEventName:(NSString *)eventName intentData:(id)data {
    (void)eventName;
    (void)data;
}
- (void)componentWillBecomeFocus {}
- (void)componentWillResignFocus {}

- (void)dealloc {
    XFDoubleForget(self);
    [routing release];
    [interactor release];
    [URLParams release];
    [componentData release];
    [intentData release];
    [super dealloc];
}
@end

@implementation XFInteractor
@synthesize dataManager;

- (void)dealloc {
    [dataManager release];
    [super dealloc];
}
@end

@implementation XFDataManager
@end

@implementation XFActivity
@synthesize eventHandler;

- (void)dealloc {
    [eventHandler release];
    [super dealloc];
}
@end

@implementation XFComponentViewController
@synthesize fromComponentRoutable, nextComponentRoutable, URLParams, componentData, intentData, uiBus;

- (id)init {
    if ((self = [super init])) uiBus = [[XFUIBus alloc] initWithComponentRoutable:self];
    return self;
}

- (void)receiveComponentEventName:(NSString *)eventName intentData:(id)data {
    (void)eventName;
    (void)data;
}

- (void)dealloc {
    [uiBus release];
    [URLParams release];
    [componentData release];
    [intentData release];
    [super dealloc];
}
@end

#pragma mark - URL routes (XFURLParse.m, XFURLRoute.m)

@implementation XFURLParse

+ (NSString *)pathForURL:(NSString *)url {
    NSRange query = [url rangeOfString:@"?"];
    return query.location == NSNotFound ? url : [url substringToIndex:query.location];
}

+ (NSDictionary *)paramsForURL:(NSString *)url {
    NSMutableDictionary *params = [NSMutableDictionary dictionary];
    NSRange query = [url rangeOfString:@"?"];
    if (query.location == NSNotFound) return params;
    for (NSString *pair in [[url substringFromIndex:query.location + 1] componentsSeparatedByString:@"&"]) {
        NSArray *parts = [pair componentsSeparatedByString:@"="];
        if ([parts count] == 2) [params setObject:[parts objectAtIndex:1] forKey:[parts objectAtIndex:0]];
    }
    return params;
}

+ (NSString *)lastPathComponentForURL:(NSString *)url {
    NSString *path = [self pathForURL:url];
    NSRange scheme = [path rangeOfString:@"://"];
    if (scheme.location != NSNotFound) path = [path substringFromIndex:scheme.location + 3];
    NSString *last = nil;
    for (NSString *part in [path componentsSeparatedByString:@"/"]) if ([part length]) last = part;
    return last;
}
@end

static NSMutableDictionary *routeTable;
static NSMutableDictionary *routeHandlers;

void XFDoubleRunTransition(XFDoubleTransition *transition, NSString *componentName, NSDictionary *params);

// +[XFURLRoute register:]: the component is the last path component with its first letter upper-cased.
static void XFRouteRegister(id self, SEL _cmd, NSString *url) {
    NSString *last = [XFURLParse lastPathComponentForURL:url];
    NSString *name = [last length] > 1
        ? [[[last substringToIndex:1] uppercaseString] stringByAppendingString:[last substringFromIndex:1]]
        : [last uppercaseString];
    XFDoubleRegister(url, name);
}

// +[XFURLRoute register:forComponent:]: silently overwrites an existing route.
static void XFRouteRegisterForComponent(id self, SEL _cmd, NSString *url, NSString *componentName) {
    [routeTable setObject:componentName forKey:url];
}

void XFDoubleRegister(NSString *url, NSString *componentName) {
    SEL selector = sel_registerName(componentName ? "register:forComponent:" : "register:");
    IMP implementation = [XFURLRoute methodForSelector:selector];
    if (componentName) ((void (*)(id, SEL, NSString *, NSString *))implementation)([XFURLRoute class], selector, url, componentName);
    else ((void (*)(id, SEL, NSString *))implementation)([XFURLRoute class], selector, url);
}

@implementation XFURLRoute

+ (void)load {
    routeTable = [[NSMutableDictionary alloc] init];
    routeHandlers = [[NSMutableDictionary alloc] init];
    Class meta = object_getClass(self);
    class_addMethod(meta, sel_registerName("register:"), (IMP)XFRouteRegister, "v@:@");
    class_addMethod(meta, sel_registerName("register:forComponent:"), (IMP)XFRouteRegisterForComponent, "v@:@@");
}

// A dictionary replaces the whole table; an array registers each URL.
+ (void)initURLGroup:(id)urlGroup {
    if ([urlGroup isKindOfClass:[NSDictionary class]]) {
        [routeTable setDictionary:urlGroup];
    } else {
        for (NSString *url in urlGroup) XFDoubleRegister(url, nil);
    }
}

+ (void)remove:(NSString *)url {
    [routeTable removeObjectForKey:url];
}

+ (void)setHTTPHandlerComponent:(NSString *)componentName {
    [routeHandlers setObject:componentName forKey:@"http"];
}

+ (BOOL)open:(NSString *)url transitionBlock:(id)transitionBlock {
    NSString *componentName = [routeTable objectForKey:[XFURLParse pathForURL:url]];
    NSDictionary *params;
    if ([url hasPrefix:@"http"]) {
        componentName = [routeHandlers objectForKey:@"http"];
        if (!componentName) return NO;
        params = [NSDictionary dictionaryWithObject:url forKey:@"url"];
    } else {
        params = [XFURLParse paramsForURL:url];
    }
    // The framework asserts here in debug builds; the double answers NO as its release builds do.
    if (![componentName length] || ![XFComponentReflect existComponent:componentName]) return NO;
    if (transitionBlock) XFDoubleRunTransition(transitionBlock, componentName, params);
    return YES;
}
@end
