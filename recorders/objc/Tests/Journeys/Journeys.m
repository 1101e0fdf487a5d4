// Journeys through a small XFLegoVIPER app built on the framework double, recorded by LegoTraceRecorder.
// Each drives the double through the framework's public selectors only; `journeys NAME TRACE` runs one.
// The defects each journey must show are in Tests/expected/NAME.findings; the same journeys written as
// runtime scenarios are in Tests/scenarios/NAME.yml (run-tests.sh compares the two).
#import "FrameworkDouble.h"
#import "LegoTraceRecorder.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

XF_DOUBLE_MODULE_INTERFACE(XF, Home)
XF_DOUBLE_MODULE_INTERFACE(XF, List)
XF_DOUBLE_MODULE_INTERFACE(XF, Detail)
@interface XFLoginRouting : XFRouting @end
@interface XFLoginActivity : XFActivity @end
@interface XFLoginInteractor : XFInteractor @end
@interface XFLoginDataManager : XFDataManager @end
XF_DOUBLE_MODULE_INTERFACE(XF, Tab)
XF_DOUBLE_MODULE_INTERFACE(XF, Feed)
XF_DOUBLE_MODULE_INTERFACE(XF, Mine)

XF_DOUBLE_MODULE_INTERFACE(XF, Post)
XF_DOUBLE_MODULE_IMPLEMENTATION(XF, Post)
@implementation XFPostPresenter @end
XF_DOUBLE_SHARED_MODULE(XF, AllPost, Post)
XF_DOUBLE_SHARED_MODULE(XF, VideoPost, Post)

XF_DOUBLE_MODULE_IMPLEMENTATION(XF, Home)
XF_DOUBLE_MODULE_IMPLEMENTATION(XF, List)
XF_DOUBLE_MODULE_IMPLEMENTATION(XF, Detail)
XF_DOUBLE_MODULE_IMPLEMENTATION(XF, Login)
XF_DOUBLE_MODULE_IMPLEMENTATION(XF, Tab)
XF_DOUBLE_MODULE_IMPLEMENTATION(XF, Feed)
XF_DOUBLE_MODULE_IMPLEMENTATION(XF, Mine)

/// An MVC controller component (an XFComponentViewController subclass).
@interface XFSettingsViewController : XFComponentViewController @end
@implementation XFSettingsViewController @end

/// Modules the app has and no journey opens: a controller component and an MVVM view model (declared, never reached).
@interface XFAboutViewController : XFComponentViewController @end
@implementation XFAboutViewController @end
@interface XFProfileViewModel : LEViewModel @end
@implementation XFProfileViewModel @end

/// Named like modules and none: a view controller that is no component, a view model that adopts no component protocol.
@interface XFPlainViewController : UIViewController @end
@implementation XFPlainViewController @end
@interface XFHelperViewModel : NSObject @end
@implementation XFHelperViewModel @end

@implementation XFHomePresenter @end
@implementation XFListPresenter @end
@implementation XFTabPresenter @end
@implementation XFFeedPresenter @end
@implementation XFMinePresenter @end

static volatile long deliveredEvents;

@implementation XFDetailPresenter
- (void)receiveComponentEventName:(NSString *)eventName intentData:(id)data {
    (void)eventName;
    (void)data;
    __sync_fetch_and_add(&deliveredEvents, 1);
}
@end

/// What a block that captures `self` strongly is: an object that retains what it captured.
@interface CallbackHolder : NSObject {
    id captured;
}
@property (nonatomic, retain) id captured;
@end

@implementation CallbackHolder
@synthesize captured;
- (void)dealloc {
    [captured release];
    [super dealloc];
}
@end

/// The login screen keeps its completion callback, and the callback captures the presenter: a retain cycle.
@interface XFLoginPresenter : XFPresenter {
    CallbackHolder *loginCallback;
}
@property (nonatomic, retain) CallbackHolder *loginCallback;
@end

@implementation XFLoginPresenter
@synthesize loginCallback;
- (void)dealloc {
    [loginCallback release];
    [super dealloc];
}
@end

#pragma mark - Helpers

static UIWindow *window;

static void drain(NSAutoreleasePool **pool) {
    // The run loop's turn: what UIKit let go of is released here.
    [*pool release];
    *pool = [[NSAutoreleasePool alloc] init];
}

static XFUIBus *busOf(NSString *componentName) {
    id component = [XFComponentManager findComponentForName:componentName];
    return [[component routing] uiBus];
}

static void startRecording(const char *path) {
    NSError *error = nil;
    if (![LegoTraceRecorder startRecordingToPath:[NSString stringWithUTF8String:path] error:&error]) {
        fprintf(stderr, "journeys: %s\n", [[error localizedDescription] UTF8String]);
        exit(2);
    }
}

static void setUpApp(void) {
    [XFURLRoute initURLGroup:[NSArray arrayWithObjects:@"xf://home", @"xf://home/list", @"xf://home/detail",
                              @"xf://home/login", @"xf://tab", nil]];
    window = [[UIWindow alloc] init];
}

static void showRoot(NSString *url, NSAutoreleasePool **pool) {
    [[[[XFUIBus alloc] init] autorelease] openURL:url onWindow:window customCode:nil];
    drain(pool);
}

// The tab bar (Tab's view) gets a child navigation stack per sub-module, made by name (XF_SubUInterface_).
static void addTabs(NSString **names, int count, NSAutoreleasePool **pool) {
    UIViewController *tabBar = [[[XFComponentManager findComponentForName:@"Tab"] routing] realUInterface];
    for (int index = 0; index < count; index++) {
        UIViewController *root = [XFUInterfaceFactory createSubUInterfaceFromComponentName:names[index] parentUInterface:tabBar];
        [tabBar addChildViewController:[[[UINavigationController alloc] initWithRootViewController:root] autorelease]];
        drain(pool);
    }
}

#pragma mark - Journeys

// Home → Detail and back: nothing to report.
static void pushAndPop(NSAutoreleasePool **pool) {
    showRoot(@"xf://home", pool);
    [busOf(@"Home") openURLForPush:@"xf://home/detail" customCode:nil];
    drain(pool);
    [busOf(@"Detail") popComponent];
    drain(pool);
}

// Home → Detail, and the user swipes back: the framework removes Detail without popComponent.
static void backGesture(NSAutoreleasePool **pool) {
    showRoot(@"xf://home", pool);
    [busOf(@"Home") openURLForPush:@"xf://home/detail" customCode:nil];
    drain(pool);
    XFUIBus *bus = busOf(@"Detail");
    [bus xfLego_implicitRemoveComponentWithTransitionBlock:[XFDoubleTransition transitionOfKind:@"pop" bus:bus]];
    drain(pool);
}

// Login is presented from Home, its presenter keeps a callback that captures it, and it is dismissed: it leaks.
static void presentAndLeakLogin(NSAutoreleasePool **pool) {
    [busOf(@"Home") openURLForPresent:@"xf://home/login" customCode:nil];
    drain(pool);
    XFLoginPresenter *login = [XFComponentManager findComponentForName:@"Login"];
    CallbackHolder *callback = [[[CallbackHolder alloc] init] autorelease];
    callback.captured = login;
    login.loginCallback = callback;
    [busOf(@"Login") dismissComponent];
    drain(pool);
}

static void retainCycle(NSAutoreleasePool **pool) {
    showRoot(@"xf://home", pool);
    presentAndLeakLogin(pool);
}

// Live leak warnings on, with a short grace: Detail is popped and goes, Login is dismissed and leaks. Exactly one
// warning, for Login, reaches the console and the handler.
static volatile int leakWarnings;

static void countLeakWarning(NSString *warning) {
    leakWarnings++;
    fprintf(stderr, "handler: %s\n", [warning UTF8String]);
}

static void leakWarning(NSAutoreleasePool **pool) {
    if ([LegoTraceRecorder leakWarningsEnabled]) {
        fprintf(stderr, "journeys: leak warnings are on before they were asked for\n");
        exit(1);
    }
    [LegoTraceRecorder setLeakWarningsEnabled:YES];
    [LegoTraceRecorder setLeakWarningGrace:0.3];
    [LegoTraceRecorder setLeakWarningHandler:countLeakWarning];
    showRoot(@"xf://home", pool);
    [busOf(@"Home") openURLForPush:@"xf://home/detail" customCode:nil];
    drain(pool);
    [busOf(@"Detail") popComponent];
    drain(pool);
    presentAndLeakLogin(pool);
    usleep(900000);
    if (leakWarnings != 1) {
        fprintf(stderr, "journeys: %d leak warnings, expected 1\n", (int)leakWarnings);
        exit(1);
    }
}

// A tab bar with two tabs, each with its own navigation stack; both push Detail: two live instances of one name.
static void twoTabs(NSAutoreleasePool **pool) {
    showRoot(@"xf://tab", pool);
    NSString *tabs[2] = {@"Feed", @"Mine"};
    addTabs(tabs, 2, pool);
    for (int index = 0; index < 2; index++) {
        [busOf(tabs[index]) pushComponent:@"Detail" params:nil intent:nil customCode:nil];
        drain(pool);
    }
}

// Home pushes the controller component Settings; events go to Home, to a name nobody holds, and to everyone;
// Settings pops.
static void controllerAndEvents(NSAutoreleasePool **pool) {
    showRoot(@"xf://home", pool);
    [busOf(@"Home") pushComponent:@"Settings" params:nil intent:nil customCode:nil];
    drain(pool);
    [XFComponentManager sendEventName:@"Refresh" intentData:nil forComponents:[NSArray arrayWithObjects:@"Home", @"Ghost", nil]];
    [XFComponentManager sendGlobalEventName:@"ThemeChanged" intentData:nil];
    drain(pool);
    XFComponentViewController *settings = [XFComponentManager findComponentForName:@"Settings"];
    [settings.uiBus popComponent];
    drain(pool);
}

// Text that must come out escaped and back unchanged: quotes, backslashes, C0 and C1 controls, DEL, markup,
// emoji, Chinese. Sent as an event name; the exact text goes to TRACE.expected for comparison.
static void hostileText(NSAutoreleasePool **pool, const char *tracePath) {
    showRoot(@"xf://home", pool);
    NSString *hostile = [NSString stringWithFormat:@"q\"uote \\ back%C%C%C%C<script>alert(1)</script> 😀 中文模块", (unichar)0x0A, (unichar)0x01, (unichar)0x7F, (unichar)0x85];
    NSString *expectedPath = [[NSString stringWithUTF8String:tracePath] stringByAppendingString:@".expected"];
    [[hostile dataUsingEncoding:NSUTF8StringEncoding] writeToFile:expectedPath atomically:NO];
    [XFComponentManager sendEventName:hostile intentData:nil forComponent:@"Home"];
    drain(pool);
}

// Two tabs are shells of the shared module Post (AllPost, VideoPost: one Interactor); VideoPost pushes Detail and
// Detail pops.
static void sharedModule(NSAutoreleasePool **pool) {
    showRoot(@"xf://tab", pool);
    NSString *tabs[2] = {@"AllPost", @"VideoPost"};
    addTabs(tabs, 2, pool);
    [busOf(@"VideoPost") pushComponent:@"Detail" params:nil intent:nil customCode:nil];
    drain(pool);
    [busOf(@"Detail") popComponent];
    drain(pool);
}

// The tab bar is rebuilt: creating the sub-module Feed again evicts the live Feed's component and routing first.
static void evict(NSAutoreleasePool **pool) {
    showRoot(@"xf://tab", pool);
    NSString *tabs[3] = {@"Feed", @"Mine", @"Feed"};
    addTabs(tabs, 3, pool);
}

// Home → List, then List opens xf://home/detail, whose path says Detail is opened from Home.
// Home pushes List, List pushes `url` (the component `opened`), both pop.
static void openFromList(NSString *url, NSString *opened, NSAutoreleasePool **pool) {
    showRoot(@"xf://home", pool);
    [busOf(@"Home") openURLForPush:@"xf://home/list" customCode:nil];
    drain(pool);
    [busOf(@"List") openURLForPush:url customCode:nil];
    drain(pool);
    [busOf(opened) popComponent];
    drain(pool);
    [busOf(@"List") popComponent];
    drain(pool);
}

static void illegalURL(NSAutoreleasePool **pool) {
    openFromList(@"xf://home/detail", @"Detail", pool);
}

#pragma mark - Threads

static const int senderCount = 8;
static const int eventsPerSender = 2000;

static void *sendEvents(void *argument) {
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    long sender = (long)argument;
    NSString *eventName = [[NSString alloc] initWithFormat:@"Ping%ld", sender];
    for (int index = 0; index < eventsPerSender; index++) {
        [XFComponentManager sendEventName:eventName intentData:nil forComponent:@"Detail"];
        if (index % 100 == 99) {
            [pool release];
            pool = [[NSAutoreleasePool alloc] init];
        }
    }
    [eventName release];
    [pool release];
    return NULL;
}

// 8 threads send events to Detail while the main thread pushes and pops it.
static void threads(NSAutoreleasePool **pool) {
    showRoot(@"xf://home", pool);
    pthread_t senders[senderCount];
    for (long sender = 0; sender < senderCount; sender++) pthread_create(&senders[sender], NULL, sendEvents, (void *)sender);
    for (int round = 0; round < 50; round++) {
        [busOf(@"Home") openURLForPush:@"xf://home/detail" customCode:nil];
        drain(pool);
        [busOf(@"Detail") popComponent];
        drain(pool);
    }
    for (int sender = 0; sender < senderCount; sender++) pthread_join(senders[sender], NULL);
    printf("sent %d events\n", senderCount * eventsPerSender);
}

// Whether the last line in the trace file is the transition.end of a push of Detail, as it is right after one.
static BOOL lastLineEndsAPushOfDetail(const char *tracePath) {
    NSString *text = [NSString stringWithContentsOfFile:[NSString stringWithUTF8String:tracePath] encoding:NSUTF8StringEncoding error:NULL];
    NSArray *lines = [[text stringByTrimmingCharactersInSet:[NSCharacterSet newlineCharacterSet]] componentsSeparatedByString:@"\n"];
    NSString *last = [lines lastObject];
    return [last rangeOfString:@"\"kind\":\"transition.end\",\"name\":\"Detail\""].location != NSNotFound
        && [last rangeOfString:@"\"op\":\"push\""].location != NSNotFound;
}

// Pushes, then +flush and the app going to the background each put everything so far in the file (checked here,
// in process), says so, and keeps sending events until it is killed.
static void untilKilled(NSAutoreleasePool **pool, const char *tracePath) {
    pushAndPop(pool);
    [busOf(@"Home") openURLForPush:@"xf://home/detail" customCode:nil];
    drain(pool);
    [LegoTraceRecorder flush];
    if (!lastLineEndsAPushOfDetail(tracePath)) {
        fprintf(stderr, "journeys: +flush returned before the push was in the file\n");
        exit(1);
    }
    [busOf(@"Detail") popComponent];
    drain(pool);
    [busOf(@"Home") openURLForPush:@"xf://home/detail" customCode:nil];
    drain(pool);
    [[NSNotificationCenter defaultCenter] postNotificationName:@"UIApplicationDidEnterBackgroundNotification" object:nil];
    if (!lastLineEndsAPushOfDetail(tracePath)) {
        fprintf(stderr, "journeys: going to the background did not flush the push\n");
        exit(1);
    }
    printf("flushed\n");
    fflush(stdout);
    for (;;) {
        [XFComponentManager sendEventName:@"Tick" intentData:nil forComponent:@"Detail"];
        drain(pool);
        usleep(1000);
    }
}

#pragma mark - Declarations

// As on iOS, where the recorder starts in its own +load, before the app's Routing classes' +load infer the prefix:
// the first URL registration declares the modules under no prefix, the prefix inferred afterwards
// (`XFVIPERModuleReflect inspectModulePrefixFromClass:`, which sets it through `XFLegoConfig setClassPrefix:`)
// declares them again under their names; then the push and pop of push-pop.
static void latePrefix(const char *path, NSAutoreleasePool **pool) {
    [[XFLegoConfig shareInstance] setClassPrefix:nil];
    startRecording(path);
    setUpApp();
    [XFVIPERModuleReflect inspectModulePrefixFromClass:[XFHomeRouting class]];
    pushAndPop(pool);
}

// List opens xf://home/about/mine: About is a controller component no journey opens, and the framework's old URL
// check (`XFControllerReflect verifyController:`) ends as legal at any segment that names a controller class.
static void legacyAbout(NSAutoreleasePool **pool) {
    XFDoubleRegister(@"xf://home/about/mine", @"Mine");
    openFromList(@"xf://home/about/mine", @"Mine", pool);
}

#pragma mark - Refusals

static int expectRefusal(NSString *path, const char *what) {
    NSError *error = nil;
    if ([LegoTraceRecorder startRecordingToPath:path error:&error] || [[error localizedDescription] length] == 0) {
        fprintf(stderr, "journeys: %s was not refused with a reason\n", what);
        return 1;
    }
    printf("refused %s: %s\n", what, [[error localizedDescription] UTF8String]);
    return 0;
}

// Bad paths and calls out of order are refused with a reason, never a crash; `stop` twice is harmless.
static int refusals(const char *directory) {
    NSString *folder = [NSString stringWithUTF8String:directory];
    NSString *target = [folder stringByAppendingPathComponent:@"target.jsonl"];
    NSString *link = [folder stringByAppendingPathComponent:@"link.jsonl"];
    NSString *good = [folder stringByAppendingPathComponent:@"ok.jsonl"];
    [[NSFileManager defaultManager] createFileAtPath:target contents:[NSData data] attributes:nil];
    symlink([target fileSystemRepresentation], [link fileSystemRepresentation]);
    int failures = expectRefusal(@"", "an empty path");
    failures += expectRefusal(folder, "a directory");
    failures += expectRefusal(link, "a symlink");
    failures += expectRefusal([folder stringByAppendingPathComponent:@"missing/dir/x.jsonl"], "a path in a missing folder");
    startRecording([good fileSystemRepresentation]);
    failures += expectRefusal(good, "a second start while recording");
    [LegoTraceRecorder stop];
    [LegoTraceRecorder stop];
    if ([LegoTraceRecorder isRecording]) {
        fprintf(stderr, "journeys: still recording after stop\n");
        failures++;
    }
    return failures ? 1 : 0;
}

int main(int argc, char **argv) {
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    if (argc < 3) {
        fprintf(stderr, "usage: journeys push-pop|back-gesture|retain-cycle|leak-warning|two-tabs|illegal-url|evict|shared-module|controller-and-events|hostile-text|threads|until-killed|autostart|late-prefix|legacy-about TRACE, or journeys refusals FOLDER\n");
        return 2;
    }
    const char *journey = argv[1];
    if (strcmp(journey, "refusals") == 0) return refusals(argv[2]);
    if (strcmp(journey, "late-prefix") == 0) {
        latePrefix(argv[2], &pool);
        [LegoTraceRecorder stop];
        [pool release];
        return 0;
    }
    // `autostart` is started by LEGO_TRACE_FILE or -LegoTraceFile at load, before main.
    if (strcmp(journey, "autostart") != 0) {
        startRecording(argv[2]);
    } else if (![LegoTraceRecorder isRecording]) {
        fprintf(stderr, "journeys: the recorder did not start at load\n");
        return 1;
    }
    setUpApp();
    if (strcmp(journey, "push-pop") == 0 || strcmp(journey, "autostart") == 0) pushAndPop(&pool);
    else if (strcmp(journey, "retain-cycle") == 0) retainCycle(&pool);
    else if (strcmp(journey, "leak-warning") == 0) leakWarning(&pool);
    else if (strcmp(journey, "back-gesture") == 0) backGesture(&pool);
    else if (strcmp(journey, "two-tabs") == 0) twoTabs(&pool);
    else if (strcmp(journey, "illegal-url") == 0) illegalURL(&pool);
    else if (strcmp(journey, "evict") == 0) evict(&pool);
    else if (strcmp(journey, "shared-module") == 0) sharedModule(&pool);
    else if (strcmp(journey, "controller-and-events") == 0) controllerAndEvents(&pool);
    else if (strcmp(journey, "legacy-about") == 0) legacyAbout(&pool);
    else if (strcmp(journey, "hostile-text") == 0) hostileText(&pool, argv[2]);
    else if (strcmp(journey, "threads") == 0) threads(&pool);
    else if (strcmp(journey, "until-killed") == 0) untilKilled(&pool, argv[2]);
    else {
        fprintf(stderr, "journeys: unknown journey %s\n", journey);
        return 2;
    }
    if (strcmp(journey, "autostart") == 0) {
        // Started with no code, ended with none: the app terminating writes the end marker.
        [[NSNotificationCenter defaultCenter] postNotificationName:@"UIApplicationWillTerminateNotification" object:nil];
    } else {
        [LegoTraceRecorder stop];
    }
    [pool release];
    return 0;
}
