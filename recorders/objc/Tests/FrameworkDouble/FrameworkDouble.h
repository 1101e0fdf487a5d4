// A test double of XFLegoVIPER 4.x (yizzuide/XFLegoVIPER at c95d757) and of the little of UIKit it touches,
// for running the recorder on Linux with gcc + GNUstep base (manual reference counting).
//
// Class names and selectors are the framework's; so are the registry semantics the recorder reports:
// name-keyed tables whose add overwrites the entry and appends the name again, and whose remove deletes the entry
// and every copy of the name (XFRoutingLinkManager.m, XFComponentManager.m). Written from reading that source;
// nothing is copied. What differs, and why:
// - gcc has no blocks: the framework's transition and custom-code blocks are `XFDoubleTransition` objects (or nil).
// - gcc's runtime has no zeroing weak references: the tables hold their values unretained and the layers' dealloc
//   clears them, which is what a weak NSMapTable value does.
// - Transitions run synchronously; UIKit's deferred releases happen when the test drains its autorelease pool.
#import <Foundation/Foundation.h>
#import "UIKitDouble.h"

#pragma mark - Blocks

/// Stands in for the framework's blocks (gcc has none): a transition of a kind, run on demand.
@interface XFDoubleTransition : NSObject {
    NSString *kind;
    id bus;
    UIViewController *target;
}

@property (nonatomic, copy) NSString *kind;
@property (nonatomic, assign) id bus;
@property (nonatomic, assign) UIViewController *target;
+ (XFDoubleTransition *)transitionOfKind:(NSString *)kind bus:(id)bus;
@end

#pragma mark - Configuration and component protocols

/// The framework's configuration singleton (XFLegoConfig.m): the app-wide class prefix and prefix list.
@interface XFLegoConfig : NSObject {
    NSString *_classPrefix;
    NSArray *_classPrefixList;
}
+ (id)shareInstance;
- (id)setClassPrefix:(NSString *)prefix;
- (NSString *)classPrefix;
/// With no prefix set, a list of one prefix sets it too (`setClassPrefixList:`).
- (id)setClassPrefixList:(NSArray *)prefixList;
- (NSArray *)classPrefixList;
@end

/// What every component adopts (XFComponentRoutable.h; its event half is XFEventReceivable.h).
@protocol XFEventReceivable <NSObject>
@end
@protocol XFComponentRoutable <XFEventReceivable>
@end
/// A controller component or MVVM view model (XFControllerRunnable.h).
@protocol XFControllerRunnable <XFComponentRoutable>
@end
/// A VIPER module's Presenter (XFVIPERModuleRunnable.h; the framework's XFPresenter adopts it through XFUIOperatorPort).
@protocol XFVIPERModuleRunnable <XFComponentRoutable>
@end

#pragma mark - VIPER layers

@class XFUIBus;

@interface XFRouting : NSObject {
    XFUIBus *uiBus;
    id uiOperator;
    XFRouting *previousRouting;
    XFRouting *nextRouting;
    XFRouting *parentRouting;
    BOOL subRoute;
    BOOL releaseSuff;
    NSMutableArray *_subRoutings;
}
@property (nonatomic, retain) XFUIBus *uiBus;
@property (nonatomic, assign) id uiOperator;
@property (nonatomic, retain) XFRouting *previousRouting;
@property (nonatomic, retain) XFRouting *nextRouting;
@property (nonatomic, assign) XFRouting *parentRouting;
@property (nonatomic, assign, getter=isSubRoute) BOOL subRoute;
@property (nonatomic, assign, getter=hadReleaseSuff) BOOL releaseSuff;
+ (id)routing;
+ (id)assembleRouting;
/// The gene module a shell routing shares its layers with (`XF_AutoAssemblyModuleFromShareModuleName`), else nil.
+ (NSString *)shareModuleName;
- (NSMutableArray *)subRoutings;
- (void)addSubRouting:(XFRouting *)subRouting asChildViewController:(BOOL)asChild;
- (UIViewController *)realUInterface;
- (void)xfLego_releaseRouting:(XFRouting *)routing;
- (void)xfLego_destoryUInterfaceRef;
@end

@interface XFPresenter : NSObject <XFVIPERModuleRunnable> {
    id userInterface;
    id routing;
    id interactor;
    id fromComponentRoutable;
    id nextComponentRoutable;
    NSDictionary *URLParams;
    id componentData;
    id intentData;
}

@property (nonatomic, assign) id userInterface;
@property (nonatomic, retain) id routing;
@property (nonatomic, retain) id interactor;
@property (nonatomic, assign) id fromComponentRoutable;
@property (nonatomic, assign) id nextComponentRoutable;
@property (nonatomic, copy) NSDictionary *URLParams;
@property (nonatomic, retain) id componentData;
@property (nonatomic, retain) id intentData;
- (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData;
- (void)componentWillBecomeFocus;
- (void)componentWillResignFocus;
@end

@interface XFInteractor : NSObject {
    id dataManager;
}

@property (nonatomic, retain) id dataManager;
@end

@interface XFDataManager : NSObject
@end

@interface XFActivity : UIViewController {
    id eventHandler;
}

@property (nonatomic, retain) id eventHandler;
@end

/// An MVC controller component.
@interface XFComponentViewController : UIViewController <XFControllerRunnable> {
    id fromComponentRoutable;
    id nextComponentRoutable;
    NSDictionary *URLParams;
    id componentData;
    id intentData;
    XFUIBus *uiBus;
}

@property (nonatomic, assign) id fromComponentRoutable;
@property (nonatomic, assign) id nextComponentRoutable;
@property (nonatomic, copy) NSDictionary *URLParams;
@property (nonatomic, retain) id componentData;
@property (nonatomic, retain) id intentData;
@property (nonatomic, retain) XFUIBus *uiBus;
- (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData;
@end

/// An MVVM module's view model (LEViewModel.h). The double only has the class: its journeys open no MVVM module.
@interface LEViewModel : NSObject <XFControllerRunnable>
@end

#pragma mark - Managers

@interface XFRoutingLinkManager : NSObject
+ (void)addRouting:(XFRouting *)routing;
+ (void)removeRouting:(XFRouting *)routing;
+ (void)setCurrentActionRounting:(XFRouting *)routing;
+ (XFRouting *)currentActionRouting;
+ (void)setSharedRounting:(XFRouting *)routing shareModule:(NSString *)moduleName;
+ (XFRouting *)sharedRoutingForShareModule:(NSString *)moduleName;
+ (void)setSubRouting:(XFRouting *)subRouting forParentRouting:(XFRouting *)parentRouting;
+ (NSInteger)count;
+ (XFRouting *)findRoutingForModuleName:(NSString *)moduleName;
@end

@interface XFComponentManager : NSObject
+ (void)addComponent:(id)component enableLog:(BOOL)enableLog;
+ (void)addComponent:(id)component forName:(NSString *)componentName;
+ (void)removeComponent:(id)component;
+ (void)removeComponentForName:(NSString *)componentName;
+ (void)addEventReceiver:(id)receiver componentName:(NSString *)componentName;
+ (void)removeEventReceiverComponentWithName:(NSString *)componentName;
+ (NSInteger)count;
+ (id)findComponentForName:(NSString *)componentName;
+ (void)sendEventName:(NSString *)eventName intentData:(id)intentData forComponent:(NSString *)componentName;
+ (void)sendEventName:(NSString *)eventName intentData:(id)intentData forComponents:(NSArray *)componentNames;
+ (void)sendGlobalEventName:(NSString *)eventName intentData:(id)intentData;
@end

#pragma mark - Reflection

@interface XFVIPERModuleReflect : NSObject
+ (NSString *)moduleNameForRouting:(XFRouting *)routing;
+ (NSString *)moduleNameForModuleLayerObject:(id)moduleLayerObject;
+ (void)inspectModulePrefixFromClass:(Class)clazz;
@end

@interface XFComponentReflect : NSObject
+ (BOOL)existComponent:(NSString *)componentName;
+ (NSString *)componentNameForComponent:(id)component;
+ (UIViewController *)uInterfaceForComponent:(id)component;
@end

#pragma mark - URL routes

@interface XFURLParse : NSObject
+ (NSString *)pathForURL:(NSString *)url;
+ (NSDictionary *)paramsForURL:(NSString *)url;
+ (NSString *)lastPathComponentForURL:(NSString *)url;
@end

@interface XFURLRoute : NSObject
+ (void)initURLGroup:(id)urlGroup;
// `register:` and `register:forComponent:` too, added at run time under those selectors: gcc cannot spell a
// selector that starts with the C keyword `register` (clang can). Call them with XFDoubleRegister below.
+ (void)remove:(NSString *)url;
+ (void)setHTTPHandlerComponent:(NSString *)componentName;
+ (BOOL)open:(NSString *)url transitionBlock:(id)transitionBlock;
@end

#pragma mark - UI bus and factories

@interface XFUIBus : NSObject {
    id componentRoutable;
    UIViewController *uInterface;
}

@property (nonatomic, assign) id componentRoutable;
@property (nonatomic, retain) UIViewController *uInterface;
- (id)initWithComponentRoutable:(id)componentRoutable;
- (void)openURL:(NSString *)url onWindow:(UIWindow *)mainWindow customCode:(id)customCodeBlock;
- (void)openURLForPush:(NSString *)url customCode:(id)customCodeBlock;
- (void)openURLForPresent:(NSString *)url customCode:(id)customCodeBlock;
- (void)openURL:(NSString *)url withTransitionBlock:(id)transitionBlock customCode:(id)customCodeBlock;
+ (id)openURLForGetComponent:(NSString *)url;
- (void)showComponent:(NSString *)componentName onWindow:(UIWindow *)mainWindow params:(NSDictionary *)params customCode:(id)customCodeBlock;
- (void)pushComponent:(NSString *)componentName params:(NSDictionary *)params intent:(id)intentData customCode:(id)customCodeBlock;
- (void)popComponent;
- (void)popComponent:(NSString *)componentName animated:(BOOL)animated;
- (void)presentComponent:(NSString *)componentName params:(NSDictionary *)params intent:(id)intentData customCode:(id)customCodeBlock;
- (void)dismissComponent;
- (void)putComponent:(NSString *)componentName withTransitionBlock:(id)transitionBlock params:(NSDictionary *)params intent:(id)intentData customCode:(id)customCodeBlock;
- (void)removeComponentWithTransitionBlock:(id)transitionBlock;
- (void)xfLego_implicitRemoveComponentWithTransitionBlock:(id)transitionBlock;
@end

@interface XFRoutingFactory : NSObject
/// Evicts the component and routing of that name first, then assembles a new one (sub-components).
+ (XFRouting *)createRouingFromModuleName:(NSString *)moduleName;
/// Assembles a new routing (push and present).
+ (XFRouting *)createRoutingFastFromModuleName:(NSString *)moduleName;
@end

@interface XFUInterfaceFactory : NSObject
+ (UIViewController *)createSubUInterfaceFromComponentName:(NSString *)componentName parentUInterface:(UIViewController *)parentUInterface;
+ (UIViewController *)createSubUInterfaceFromURLComponent:(NSString *)url parentUInterface:(UIViewController *)parentUInterface;
@end

/// `[XFURLRoute register:url forComponent:name]` (name nil: `[XFURLRoute register:url]`).
void XFDoubleRegister(NSString *url, NSString *componentName);

/// A shared-module shell: `<Prefix><Name>Routing` assembled from the layers of the gene module `Gene`.
#define XF_DOUBLE_SHARED_MODULE(Prefix, Name, Gene) \
    @interface Prefix##Name##Routing : XFRouting @end \
    @implementation Prefix##Name##Routing \
    + (void)load { [XFVIPERModuleReflect inspectModulePrefixFromClass:self]; } \
    + (NSString *)shareModuleName { return @#Gene; } \
    @end

/// Declares and implements a VIPER module's five classes, as an app's `XF_AutoAssemblyModule_Fast` module has them.
#define XF_DOUBLE_MODULE_INTERFACE(Prefix, Name) \
    @interface Prefix##Name##Routing : XFRouting @end \
    @interface Prefix##Name##Presenter : XFPresenter @end \
    @interface Prefix##Name##Activity : XFActivity @end \
    @interface Prefix##Name##Interactor : XFInteractor @end \
    @interface Prefix##Name##DataManager : XFDataManager @end
#define XF_DOUBLE_MODULE_IMPLEMENTATION(Prefix, Name) \
    @implementation Prefix##Name##Routing \
    + (void)load { [XFVIPERModuleReflect inspectModulePrefixFromClass:self]; } \
    @end \
    @implementation Prefix##Name##Activity @end \
    @implementation Prefix##Name##Interactor @end \
    @implementation Prefix##Name##DataManager @end
