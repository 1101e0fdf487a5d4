// Journeys through a small QFMoudle app (the demo's Home and Me tabs, a detail, and modules with faults) built on the
// QFMoudle double, recorded by LegoTraceRecorder. Each drives the app as its button handlers would: the router's two
// lookups, the module's getter, UIKit's push, pop, present and dismiss. `qf-journeys NAME TRACE` runs one. What each
// must report is Tests/expected/qf-NAME.findings; the same journey as a runtime scenario is Tests/scenarios/qf-NAME.yml.
// The callbacks are real blocks, made in QFCallbacks.m (clang: gcc has none).
#import "QFCallbacks.h"
#import "QFMoudleDouble.h"
#import "LegoTraceRecorder.h"
#import "LTHookSupport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <Block.h>

#pragma mark - The app

// libBlocksRuntime's block classes: a block's isa is one of them.
extern void *_NSConcreteStackBlock[] __attribute__((weak));
extern void *_NSConcreteMallocBlock[] __attribute__((weak));
extern void *_NSConcreteGlobalBlock[] __attribute__((weak));

// Whether `value` is a block: on gcc's runtime blocks are no objects (they answer no -copy), so a copy property
// copies them with Block_copy, as Apple's `copy` does by messaging the block.
static int isBlock(id value) {
    void *isa = value ? *(void **)value : NULL;
    return isa && (isa == _NSConcreteStackBlock || isa == _NSConcreteMallocBlock || isa == _NSConcreteGlobalBlock);
}

@protocol MoudleHome <QFMoudleProtocol>
@property (nonatomic, copy) NSString *paramterForHome;
@end

@protocol MoudleMe <QFMoudleProtocol>
@property (nonatomic, copy) NSString *paramterForMe;
@end

/// Reached by URL: GNUstep's NSURL folds a scheme's letters after the first to lower case (Apple's keeps the case the
/// router relies on), so the protocol a URL names here is spelled the same either way.
@protocol Detail <QFMoudleProtocol>
@property (nonatomic, copy) NSString *titleString;
@property (nonatomic, assign) NSInteger commentCount;
@end

/// A module protocol no class is named after: interfaceForProtocol: returns nil.
@protocol MoudleCart <QFMoudleProtocol>
@end

/// A module protocol whose class of the same name does not adopt it.
@protocol MoudleSettings <QFMoudleProtocol>
@end

/// A controller a module's getter makes: it holds its module strongly (`interface`, as QFHomeViewController.h:15),
/// and may keep another module in a strong property.
@interface QFModuleViewController : UIViewController {
    id interface;
    id kept;
}
- (id)initWithInterface:(id)module;
- (void)keep:(id)module;
@end

@implementation QFModuleViewController
- (id)initWithInterface:(id)module {
    if ((self = [super init])) interface = [module retain];
    return self;
}
- (void)keep:(id)module {
    [kept autorelease];
    kept = [module retain];
}
- (void)dealloc {
    [interface release];
    [kept release];
    [super dealloc];
}
@end

@interface QFHomeViewController : QFModuleViewController @end
@implementation QFHomeViewController @end
@interface QFMeViewController : QFModuleViewController @end
@implementation QFMeViewController @end
@interface QFDetailViewController : QFModuleViewController @end
@implementation QFDetailViewController @end
@interface QFSettingsViewController : QFModuleViewController @end
@implementation QFSettingsViewController @end

/// The base protocol's storage, shared by the module classes; its getter makes a new controller on every call and
/// keeps it unretained (weak in QFMoudle).
@interface QFAppModule : NSObject {
    UIViewController *interfaceViewController;
    id callbackBlock;
}
- (UIViewController *)interfaceViewController;
- (void)setInterfaceViewController:(UIViewController *)controller;
- (id)callbackBlock;
- (void)setCallbackBlock:(id)block;
@end

@implementation QFAppModule
- (Class)controllerClass { return [QFModuleViewController class]; }
- (UIViewController *)interfaceViewController {
    UIViewController *controller = [[[[self controllerClass] alloc] initWithInterface:self] autorelease];
    interfaceViewController = controller;
    return controller;
}
- (void)setInterfaceViewController:(UIViewController *)controller { interfaceViewController = controller; }
- (id)callbackBlock { return callbackBlock; }
- (void)setCallbackBlock:(id)block {
    id old = callbackBlock;
    callbackBlock = isBlock(block) ? Block_copy(block) : [block copy];
    if (isBlock(old)) Block_release(old);
    else [old release];
}
- (void)dealloc {
    if (isBlock(callbackBlock)) Block_release(callbackBlock);
    else [callbackBlock release];
    [super dealloc];
}
@end

@interface MoudleHome : QFAppModule <MoudleHome> {
    NSString *_paramterForHome;
}
@property (nonatomic, copy) NSString *paramterForHome;
@end
@implementation MoudleHome
@synthesize paramterForHome = _paramterForHome;
- (Class)controllerClass { return [QFHomeViewController class]; }
- (void)dealloc {
    [_paramterForHome release];
    [super dealloc];
}
@end

@interface MoudleMe : QFAppModule <MoudleMe> {
    NSString *_paramterForMe;
}
@property (nonatomic, copy) NSString *paramterForMe;
@end
@implementation MoudleMe
@synthesize paramterForMe = _paramterForMe;
- (Class)controllerClass { return [QFMeViewController class]; }
- (void)dealloc {
    [_paramterForMe release];
    [super dealloc];
}
@end

@interface Detail : QFAppModule <Detail> {
    NSString *_titleString;
    NSInteger _commentCount;
}
@property (nonatomic, copy) NSString *titleString;
@property (nonatomic, assign) NSInteger commentCount;
@end
@implementation Detail
@synthesize titleString = _titleString, commentCount = _commentCount;
- (Class)controllerClass { return [QFDetailViewController class]; }
- (void)dealloc {
    [_titleString release];
    [super dealloc];
}
@end

/// Named after MoudleSettings, but adopts it not: the router returns it anyway.
@interface MoudleSettings : QFAppModule @end
@implementation MoudleSettings
- (Class)controllerClass { return [QFSettingsViewController class]; }
@end

#pragma mark - Steps

static UIWindow *window;
static UITabBarController *tabs;

static void drain(NSAutoreleasePool **pool) {
    // The run loop's turn: what UIKit and the step let go of is released here.
    [*pool release];
    *pool = [[NSAutoreleasePool alloc] init];
}

static id resolve(Protocol *protocol) {
    return [[QFRouter router] interfaceForProtocol:protocol];
}

// A lookup by URL; a raising set would end the app: the journey notes it and goes on, as `record` does.
static id resolveURL(NSString *text) {
    @try {
        return [[QFRouter router] interfaceForURL:[NSURL URLWithString:text]];
    } @catch (NSException *exception) {
        fprintf(stderr, "qf-journeys: %s raised %s (the app would crash here)\n", [text UTF8String], [[exception name] UTF8String]);
        return nil;
    }
}

static UINavigationController *visibleStack(void) {
    return (UINavigationController *)[tabs selectedViewController];
}

static UINavigationController *stackOf(id module) {
    return [[[UINavigationController alloc] initWithRootViewController:[module interfaceViewController]] autorelease];
}

// AppDelegate: one module per tab, its interfaceViewController at the root of the tab's navigation stack.
static void showRoot(NSAutoreleasePool **pool) {
    tabs = [[UITabBarController alloc] init];
    [tabs setViewControllers:[NSArray arrayWithObjects:stackOf(resolve(@protocol(MoudleHome))), stackOf(resolve(@protocol(MoudleMe))), nil]];
    [window setRootViewController:tabs];
    drain(pool);
}

static void push(id module, NSAutoreleasePool **pool) {
    if (module) [visibleStack() pushViewController:[module interfaceViewController] animated:YES];
    drain(pool);
}

static void pop(NSAutoreleasePool **pool) {
    [visibleStack() popViewControllerAnimated:YES];
    drain(pool);
}

static void present(id module, NSAutoreleasePool **pool) {
    [tabs presentViewController:stackOf(module) animated:YES completion:nil];
    drain(pool);
}

static void dismiss(NSAutoreleasePool **pool) {
    [tabs dismissViewControllerAnimated:YES completion:nil];
    drain(pool);
}

#pragma mark - Journeys

// Clean: a detail pushed by protocol and popped, pushed by URL from the other tab and popped, presented and dismissed.
static void pushPop(NSAutoreleasePool **pool) {
    showRoot(pool);
    push(resolve(@protocol(Detail)), pool);
    pop(pool);
    [tabs setSelectedIndex:1];
    push(resolveURL(@"Detail://detail/me?titleString=Me&commentCount=3"), pool);
    pop(pool);
    present(resolve(@protocol(Detail)), pool);
    dismiss(pool);
}

// One of each fault the router lets through: a protocol with no class, a class that does not adopt its protocol,
// a scheme in the wrong case, an unknown key, a key without `=` on a scalar, text a scalar cannot read, and a
// second Home kept by Home's controller and never shown.
static void faults(NSAutoreleasePool **pool) {
    showRoot(pool);
    resolve(@protocol(MoudleCart));
    drain(pool);
    resolve(@protocol(MoudleSettings));
    drain(pool);
    resolveURL(@"detail://detail/x?titleString=A");
    drain(pool);
    resolveURL(@"Detail://detail/x?title=Hi");
    drain(pool);
    resolveURL(@"Detail://detail/x?commentCount");
    drain(pool);
    resolveURL(@"Detail://detail/x?commentCount=many");
    drain(pool);
    [(QFModuleViewController *)[visibleStack() topViewController] keep:resolve(@protocol(MoudleHome))];
    drain(pool);
}

// The detail's callback captures the detail's own controller: controller → module → callback → controller. After the
// pop neither goes; the recorder reads the capture from the block (qf-callback-retains-caller) and sees the leak.
static void callbackCycle(NSAutoreleasePool **pool) {
    showRoot(pool);
    id detail = resolve(@protocol(Detail));
    UIViewController *controller = [detail interfaceViewController];
    QFSetCallbackCapturing(detail, controller);
    [visibleStack() pushViewController:controller animated:YES];
    drain(pool);
    pop(pool);
}

// One detail per kind of callback, each set before its controller is shown (as the demo does): a block capturing
// the detail's controller strongly, one capturing it unretained, one capturing an int only, one capturing the
// controller through a __block variable (held by the byref, not read), and one capturing the opener's controller,
// which holds no detail. Only the first is a cycle.
static void callbackCaptures(NSAutoreleasePool **pool) {
    showRoot(pool);
    UIViewController *opener = [visibleStack() topViewController];
    id details[5];
    UIViewController *controllers[5];
    for (int index = 0; index < 5; index++) {
        details[index] = resolve(@protocol(Detail));
        controllers[index] = [details[index] interfaceViewController];
    }
    QFSetCallbackCapturing(details[0], controllers[0]);
    QFSetCallbackCapturingUnretained(details[1], controllers[1]);
    QFSetCallbackCapturingNumber(details[2], 3);
    QFSetCallbackCapturingByref(details[3], controllers[3]);
    QFSetCallbackCapturing(details[4], opener);
    drain(pool);
}

// Live leak warnings, with a short grace: a detail pushed by protocol and popped goes; the detail of the callback
// cycle stays. Exactly one warning, for that detail's controller, reaches the console and the handler.
static volatile int leakWarnings;

static void countLeakWarning(NSString *warning) {
    leakWarnings++;
    fprintf(stderr, "handler: %s\n", [warning UTF8String]);
}

static void leakWarning(NSAutoreleasePool **pool) {
    [LegoTraceRecorder setLeakWarningsEnabled:YES];
    [LegoTraceRecorder setLeakWarningGrace:0.3];
    [LegoTraceRecorder setLeakWarningHandler:countLeakWarning];
    showRoot(pool);
    push(resolve(@protocol(Detail)), pool);
    pop(pool);
    id detail = resolve(@protocol(Detail));
    UIViewController *controller = [detail interfaceViewController];
    QFSetCallbackCapturing(detail, controller);
    [visibleStack() pushViewController:controller animated:YES];
    drain(pool);
    pop(pool);
    usleep(900000);
    if (leakWarnings != 1) {
        fprintf(stderr, "qf-journeys: %d leak warnings, expected 1\n", (int)leakWarnings);
        exit(1);
    }
}

// The KVC verdicts for properties as Apple's runtime describes them (property_getAttributes), which gcc's cannot
// give: weak, copy, readonly, blocks. One line each: `attributes|setter ivar|text|verdict|raises`.
static int verdicts(void) {
    static const struct { const char *attributes; int setter, ivar; const char *text; } cases[] = {
        {"T@\"NSString\",W,N,V_source", 1, 1, "banner"},
        {"T@\"NSString\",C,N,V_coupon", 1, 1, "A1"},
        {"T@\"NSString\",C,N,V_coupon", 1, 1, NULL},
        {"T@?,C,N,V_callbackBlock", 1, 1, "1"},
        {"T@\"UIViewController\",W,N,V_interfaceViewController", 1, 1, "x"},
        {"T@\"UIViewController\",&,N,V_owner", 1, 1, "x"},
        {"T@\"<NSCopying>\",C,N,V_token", 1, 1, "t"},
        {"Tq,N,V_count", 1, 1, NULL},
        {"Tq,N,V_count", 1, 1, "12"},
        {"Tq,N,V_count", 1, 1, "many"},
        {"TQ,N,V_size", 1, 1, "3"},
        {"TB,N,V_flag", 1, 1, "yes"},
        {"TB,N,V_flag", 1, 1, "maybe"},
        {"Td,N,V_price", 1, 1, " 1.5e3"},
        {"T@\"NSString\",R,N,V_total", 0, 1, "x"},
        {"T@\"NSString\",R,N", 0, 0, "x"},
        {"T{CGPoint=dd},N,V_origin", 1, 1, "1"},
    };
    for (size_t index = 0; index < sizeof cases / sizeof cases[0]; index++) {
        int raises = 0;
        char buffer[300];
        NSString *text = cases[index].text ? [NSString stringWithUTF8String:cases[index].text] : nil;
        const char *verdict = LTQFVerdictForAttributes(cases[index].attributes, cases[index].setter, cases[index].ivar, text,
                                                       &raises, buffer, sizeof buffer);
        printf("%s|%d %d|%s|%s|%d\n", cases[index].attributes, cases[index].setter, cases[index].ivar,
               cases[index].text ? cases[index].text : "(nil)", verdict ? verdict : "plain", raises);
    }
    return 0;
}

int main(int argc, char **argv) {
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    if (argc < 3) {
        fprintf(stderr, "usage: qf-journeys push-pop|faults|callback-cycle|callback-captures|leak-warning TRACE,\n"
                        "       qf-journeys verdicts|block-captures -\n");
        return 2;
    }
    const char *journey = argv[1];
    if (strcmp(journey, "verdicts") == 0) return verdicts();
    if (strcmp(journey, "block-captures") == 0) return QFReadBlockCaptures();
    NSError *error = nil;
    if (![LegoTraceRecorder startRecordingToPath:[NSString stringWithUTF8String:argv[2]] error:&error]) {
        fprintf(stderr, "qf-journeys: %s\n", [[error localizedDescription] UTF8String]);
        return 2;
    }
    window = [[UIWindow alloc] init];
    if (strcmp(journey, "push-pop") == 0) pushPop(&pool);
    else if (strcmp(journey, "faults") == 0) faults(&pool);
    else if (strcmp(journey, "callback-cycle") == 0) callbackCycle(&pool);
    else if (strcmp(journey, "callback-captures") == 0) callbackCaptures(&pool);
    else if (strcmp(journey, "leak-warning") == 0) leakWarning(&pool);
    else {
        fprintf(stderr, "qf-journeys: unknown journey %s\n", journey);
        return 2;
    }
    [LegoTraceRecorder stop];
    [pool release];
    return 0;
}
