#import "FrameworkDouble.h"
#import "XFDoublePrivate.h"

// XFUIBus.m, XFVIPERModuleHandler.m and XFUInterfaceFactory.m: creating the next component, linking it, the
// transitions, and the release of a module when its screen goes.

static BOOL XFIsModule(id component) { return [component isKindOfClass:[XFPresenter class]]; }

@implementation XFRoutingFactory

+ (XFRouting *)createRouingFromModuleName:(NSString *)moduleName {
    id component = [XFComponentManager findComponentForName:moduleName];
    if (component) {
        [component setValue:nil forKey:@"userInterface"];
        [XFComponentManager removeComponent:component];
    }
    XFRouting *routing = [XFRoutingLinkManager findRoutingForModuleName:moduleName];
    if (routing) [XFRoutingLinkManager removeRouting:routing];
    return [self createRoutingFastFromModuleName:moduleName];
}

+ (XFRouting *)createRoutingFastFromModuleName:(NSString *)moduleName {
    Class routingClass = NSClassFromString([NSString stringWithFormat:@"%@%@Routing", XFDoublePrefix(), moduleName]);
    return [routingClass assembleRouting];
}
@end

// The controller component of that name, if the app has one.
static id XFCreateController(NSString *componentName) {
    Class controllerClass = NSClassFromString([NSString stringWithFormat:@"%@%@ViewController", XFDoublePrefix(), componentName]);
    return controllerClass ? [[[controllerClass alloc] init] autorelease] : nil;
}

// XFVIPERModuleHandler / XFControllerHandler createComponentFromName: (sub-components: evicts the name first).
static id XFCreateComponent(NSString *componentName) {
    XFRouting *routing = [XFRoutingFactory createRouingFromModuleName:componentName];
    return routing ? [routing uiOperator] : XFCreateController(componentName);
}

// component:createNextComponentFromName: links previous/next by key-value coding, as the framework does.
static id XFCreateNextComponent(id component, NSString *componentName) {
    XFRouting *created = [XFRoutingFactory createRoutingFastFromModuleName:componentName];
    id next = created ? [created uiOperator] : XFCreateController(componentName);
    if (XFIsModule(component)) {
        XFRouting *routing = [component routing];
        if (XFIsModule(next)) {
            XFRouting *nextRouting = [next routing];
            [routing setValue:nextRouting forKey:@"nextRouting"];
            [nextRouting setValue:routing forKey:@"previousRouting"];
        }
        [XFRoutingLinkManager setCurrentActionRounting:routing];
    }
    return next;
}

void XFDoubleRunTransition(XFDoubleTransition *transition, NSString *componentName, NSDictionary *params) {
    XFUIBus *bus = transition.bus;
    NSString *kind = transition.kind;
    id intent = [[bus componentRoutable] respondsToSelector:@selector(intentData)] ? [[bus componentRoutable] intentData] : nil;
    if ([kind isEqualToString:@"show"]) {
        [bus showComponent:componentName onWindow:(UIWindow *)transition.target params:params customCode:nil];
    } else if ([kind isEqualToString:@"push"]) {
        [bus pushComponent:componentName params:params intent:intent customCode:nil];
    } else if ([kind isEqualToString:@"present"]) {
        [bus presentComponent:componentName params:params intent:intent customCode:nil];
    } else if ([kind isEqualToString:@"get"]) {
        transition.target = XFCreateComponent(componentName);
    }
}

static void XFTransmitParams(NSDictionary *params, id component) {
    NSMutableDictionary *rest = [NSMutableDictionary dictionaryWithDictionary:params];
    [rest removeObjectsForKeys:[NSArray arrayWithObjects:@"nav", @"navC", @"navTitle", nil]];
    if ([rest count] && [component respondsToSelector:@selector(setURLParams:)]) [component setURLParams:rest];
}

@implementation XFUIBus
@synthesize componentRoutable, uInterface;

- (id)initWithComponentRoutable:(id)component {
    if ((self = [super init])) componentRoutable = component;
    return self;
}

- (void)openURL:(NSString *)url onWindow:(UIWindow *)mainWindow customCode:(id)customCodeBlock {
    (void)customCodeBlock;
    XFDoubleTransition *transition = [XFDoubleTransition transitionOfKind:@"show" bus:self];
    transition.target = (UIViewController *)mainWindow;
    [XFURLRoute open:url transitionBlock:transition];
}

- (void)openURLForPush:(NSString *)url customCode:(id)customCodeBlock {
    (void)customCodeBlock;
    [XFURLRoute open:url transitionBlock:[XFDoubleTransition transitionOfKind:@"push" bus:self]];
}

- (void)openURLForPresent:(NSString *)url customCode:(id)customCodeBlock {
    (void)customCodeBlock;
    [XFURLRoute open:url transitionBlock:[XFDoubleTransition transitionOfKind:@"present" bus:self]];
}

- (void)openURL:(NSString *)url withTransitionBlock:(id)transitionBlock customCode:(id)customCodeBlock {
    (void)transitionBlock;
    (void)customCodeBlock;
    [XFURLRoute open:url transitionBlock:[XFDoubleTransition transitionOfKind:@"push" bus:self]];
}

+ (id)openURLForGetComponent:(NSString *)url {
    XFDoubleTransition *transition = [XFDoubleTransition transitionOfKind:@"get" bus:nil];
    [XFURLRoute open:url transitionBlock:transition];
    return transition.target;
}

- (void)showComponent:(NSString *)componentName onWindow:(UIWindow *)mainWindow params:(NSDictionary *)params customCode:(id)customCodeBlock {
    (void)customCodeBlock;
    id next = XFCreateNextComponent(self.componentRoutable, componentName);
    if (!next) return;
    XFTransmitParams(params, next);
    UINavigationController *navigator = [[[UINavigationController alloc] initWithRootViewController:[XFComponentReflect uInterfaceForComponent:next]] autorelease];
    mainWindow.rootViewController = navigator;
    [XFComponentManager addComponent:next enableLog:YES];
}

- (void)pushComponent:(NSString *)componentName params:(NSDictionary *)params intent:(id)intentData customCode:(id)customCodeBlock {
    [self putComponent:componentName withTransitionBlock:[XFDoubleTransition transitionOfKind:@"push" bus:self] params:params intent:intentData customCode:customCodeBlock];
}

- (void)presentComponent:(NSString *)componentName params:(NSDictionary *)params intent:(id)intentData customCode:(id)customCodeBlock {
    [self putComponent:componentName withTransitionBlock:[XFDoubleTransition transitionOfKind:@"present" bus:self] params:params intent:intentData customCode:customCodeBlock];
}

- (void)putComponent:(NSString *)componentName withTransitionBlock:(id)transitionBlock params:(NSDictionary *)params intent:(id)intentData customCode:(id)customCodeBlock {
    (void)customCodeBlock;
    id from = self.componentRoutable;
    id next = XFCreateNextComponent(from, componentName);
    if (!next) return;
    [from setValue:next forKey:@"nextComponentRoutable"];
    [next setValue:from forKey:@"fromComponentRoutable"];
    XFTransmitParams(params, next);
    if (intentData && [next respondsToSelector:@selector(setComponentData:)]) [next setComponentData:intentData];
    if ([from respondsToSelector:@selector(componentWillResignFocus)]) [from componentWillResignFocus];
    UIViewController *thisInterface = [XFComponentReflect uInterfaceForComponent:from];
    UIViewController *nextInterface = [XFComponentReflect uInterfaceForComponent:next];
    if ([[transitionBlock kind] isEqualToString:@"present"]) {
        UINavigationController *navigator = [[[UINavigationController alloc] initWithRootViewController:nextInterface] autorelease];
        [thisInterface presentViewController:navigator animated:YES completion:nil];
    } else {
        [(UINavigationController *)thisInterface.navigationController pushViewController:nextInterface animated:YES];
    }
    if ([next respondsToSelector:@selector(componentWillBecomeFocus)]) [next componentWillBecomeFocus];
    [XFComponentManager addComponent:next enableLog:YES];
}

- (void)popComponent {
    [self popComponent:nil animated:YES];
}

- (void)popComponent:(NSString *)componentName animated:(BOOL)animated {
    (void)animated;
    XFDoubleTransition *transition = [XFDoubleTransition transitionOfKind:@"pop" bus:self];
    if ([componentName length]) transition.target = [XFComponentReflect uInterfaceForComponent:[XFComponentManager findComponentForName:componentName]];
    [self removeComponentWithTransitionBlock:transition];
}

- (void)dismissComponent {
    [self removeComponentWithTransitionBlock:[XFDoubleTransition transitionOfKind:@"dismiss" bus:self]];
}

- (void)removeComponentWithTransitionBlock:(id)transitionBlock {
    [self xfLego_implicitRemoveComponentWithTransitionBlock:transitionBlock];
}

// The transition, then its completion: the previous component regains focus, the routing is released
// (willReleaseComponent:), from/next are cleared and the component leaves the table.
- (void)xfLego_implicitRemoveComponentWithTransitionBlock:(id)transitionBlock {
    id component = self.componentRoutable;
    if (!component) return;
    // The completion block keeps the bus and the component alive in the framework.
    [[self retain] autorelease];
    [[component retain] autorelease];
    if ([component respondsToSelector:@selector(componentWillResignFocus)]) [component componentWillResignFocus];
    UIViewController *thisInterface = [XFComponentReflect uInterfaceForComponent:component];
    if ([[transitionBlock kind] isEqualToString:@"dismiss"]) {
        [thisInterface.navigationController dismissViewControllerAnimated:YES completion:nil];
    } else if ([transitionBlock target]) {
        [(UINavigationController *)thisInterface.navigationController popToViewController:[transitionBlock target] animated:YES];
    } else {
        [(UINavigationController *)thisInterface.navigationController popViewControllerAnimated:YES];
    }
    id from = [component fromComponentRoutable];
    if ([from respondsToSelector:@selector(componentWillBecomeFocus)]) [from componentWillBecomeFocus];
    if (XFIsModule(component)) [[component routing] xfLego_releaseRouting:[component routing]];
    [from setValue:nil forKey:@"nextComponentRoutable"];
    [component setValue:nil forKey:@"fromComponentRoutable"];
    [XFComponentManager removeComponent:component];
    // What the activity's disappearance does in the framework: the bus lets go of the view.
    if (XFIsModule(component)) [[component routing] xfLego_destoryUInterfaceRef];
}
@end

@implementation XFUInterfaceFactory

+ (UIViewController *)subUInterfaceFromSubComponent:(id)component parentUInterface:(UIViewController *)parentUInterface {
    if (!component) return nil;
    id parent = [parentUInterface respondsToSelector:@selector(eventHandler)] ? [(XFActivity *)parentUInterface eventHandler] : nil;
    if (XFIsModule(component) && parent) [XFRoutingLinkManager setSubRouting:[component routing] forParentRouting:[parent routing]];
    // The framework adds it ~15 ms later, without a log.
    [XFComponentManager addComponent:component enableLog:NO];
    return [XFComponentReflect uInterfaceForComponent:component];
}

+ (UIViewController *)createSubUInterfaceFromComponentName:(NSString *)componentName parentUInterface:(UIViewController *)parentUInterface {
    return [self subUInterfaceFromSubComponent:XFCreateComponent(componentName) parentUInterface:parentUInterface];
}

+ (UIViewController *)createSubUInterfaceFromURLComponent:(NSString *)url parentUInterface:(UIViewController *)parentUInterface {
    return [self subUInterfaceFromSubComponent:[XFUIBus openURLForGetComponent:url] parentUInterface:parentUInterface];
}
@end

@implementation XFDoubleTransition
@synthesize kind, bus, target;

+ (XFDoubleTransition *)transitionOfKind:(NSString *)kind bus:(id)bus {
    XFDoubleTransition *transition = [[[XFDoubleTransition alloc] init] autorelease];
    transition.kind = kind;
    transition.bus = bus;
    return transition;
}

- (void)dealloc {
    [kind release];
    [super dealloc];
}
@end
