#import "LegoTraceRecorder.h"
#import "LTCompat.h"
#import "LTHooks.h"
#import "LTHookSupport.h"
#import "LTLeakWatch.h"
#import "LTWriter.h"

#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#if __has_include(<TargetConditionals.h>)
#include <TargetConditionals.h>
#endif

NSString *const LegoTraceRecorderErrorDomain = @"LegoTraceRecorderErrorDomain";

@interface LegoTraceRecorder ()
+ (NSString *)frameworkVersion;
+ (NSString *)resolvedPath:(NSString *)path;
+ (void)flushForNotification:(NSNotification *)notification;
+ (void)stopForNotification:(NSNotification *)notification;
@end

@implementation LegoTraceRecorder

// Turned on with no code: UI tests set the environment variable or pass the launch argument.
+ (void)load {
    LT_POOL_BEGIN
    const char *warnings = getenv("LEGO_TRACE_LEAK_WARNINGS");
    if (warnings && strcmp(warnings, "1") == 0) LTLeakWatchSetEnabled(1);
    NSString *path = nil;
    const char *variable = getenv("LEGO_TRACE_FILE");
    if (variable && *variable) path = [NSString stringWithUTF8String:variable];
    if (!path) {
        NSArray *arguments = [[NSProcessInfo processInfo] arguments];
        NSUInteger flag = [arguments indexOfObject:@"-LegoTraceFile"];
        if (flag != NSNotFound && flag + 1 < [arguments count]) path = [arguments objectAtIndex:flag + 1];
    }
    if ([path length]) {
        path = [self resolvedPath:path];
        NSError *error = nil;
        if (![self startRecordingToPath:path error:&error]) NSLog(@"LegoTraceRecorder: %@", [error localizedDescription]);
    }
    LT_POOL_END
}

+ (BOOL)startRecordingToPath:(NSString *)path error:(NSError **)error {
    if (![path length]) {
        if (error) {
            NSDictionary *info = [NSDictionary dictionaryWithObject:@"no trace file given: pass the path of the trace to write" forKey:NSLocalizedDescriptionKey];
            *error = [NSError errorWithDomain:LegoTraceRecorderErrorDomain code:3 userInfo:info];
        }
        return NO;
    }
    if (LTWriterIsOpen()) {
        if (error) {
            NSDictionary *info = [NSDictionary dictionaryWithObject:@"a recording is already running; stop it first" forKey:NSLocalizedDescriptionKey];
            *error = [NSError errorWithDomain:LegoTraceRecorderErrorDomain code:2 userInfo:info];
        }
        return NO;
    }
    LTHooksInstall();
    struct utsname system;
    NSString *device = nil;
    if (uname(&system) == 0) {
        device = [NSString stringWithFormat:@"%s, %@", system.machine, [[NSProcessInfo processInfo] operatingSystemVersionString]];
    }
    char reason[512];
    LTHooksBeginSession();
    // QFMoudle traces are format 2.0 (their module kind `protocol` is new); XFLegoVIPER's stay 1.0.
    const char *version = ltQFRouter ? "2.0" : "1.0";
    int status = LTWriterOpen([path fileSystemRepresentation], version, [[[NSProcessInfo processInfo] processName] UTF8String],
                              [[self frameworkVersion] UTF8String], [device UTF8String], reason, sizeof reason);
    if (status != 0) {
        LTHooksEndSession();
        if (error) {
            NSDictionary *info = [NSDictionary dictionaryWithObject:[NSString stringWithUTF8String:reason] forKey:NSLocalizedDescriptionKey];
            *error = [NSError errorWithDomain:LegoTraceRecorderErrorDomain code:1 userInfo:info];
        }
        return NO;
    }
    // A suspended app may be killed without another chance to write; a terminating one ends the recording.
    NSNotificationCenter *center = [NSNotificationCenter defaultCenter];
    [center removeObserver:self];
    [center addObserver:self selector:@selector(flushForNotification:) name:@"UIApplicationDidEnterBackgroundNotification" object:nil];
    [center addObserver:self selector:@selector(stopForNotification:) name:@"UIApplicationWillTerminateNotification" object:nil];
    return YES;
}

// An app's current directory is not its own on iOS: a relative path there is taken from the data container.
+ (NSString *)resolvedPath:(NSString *)path {
#if defined(TARGET_OS_IPHONE) && TARGET_OS_IPHONE
    if (![path isAbsolutePath]) return [NSHomeDirectory() stringByAppendingPathComponent:path];
#endif
    return path;
}

// The framework the header names: "XFLegoVIPER 4.20.1" when it is a bundle of its own (CocoaPods frameworks), else
// nil (a trace without the key is XFLegoVIPER's); a QFMoudle app always says "qfmoudle" (with its bundle's version).
+ (NSString *)frameworkVersion {
    Class anchor = ltQFRouter ? ltQFRouter : NSClassFromString(@"XFRoutingLinkManager");
    NSString *name = ltQFRouter ? @"qfmoudle" : @"XFLegoVIPER";
    NSBundle *bundle = anchor ? [NSBundle bundleForClass:anchor] : nil;
    id version = bundle && bundle != [NSBundle mainBundle] ? [bundle objectForInfoDictionaryKey:@"CFBundleShortVersionString"] : nil;
    if ([version isKindOfClass:[NSString class]]) return [NSString stringWithFormat:@"%@ %@", name, version];
    return ltQFRouter ? name : nil;
}

+ (void)flushForNotification:(NSNotification *)notification {
    (void)notification;
    LTWriterFlush();
}

+ (void)stopForNotification:(NSNotification *)notification {
    (void)notification;
    [self stop];
}

+ (void)flush {
    LTWriterFlush();
}

+ (void)stop {
    [[NSNotificationCenter defaultCenter] removeObserver:self];
    LTHooksEndSession();
    LTWriterClose();
}

+ (BOOL)isRecording {
    return LTWriterIsOpen() ? YES : NO;
}

+ (void)setLeakWarningsEnabled:(BOOL)enabled {
    LTLeakWatchSetEnabled(enabled ? 1 : 0);
}

+ (BOOL)leakWarningsEnabled {
    return LTLeakWatchIsEnabled() ? YES : NO;
}

+ (void)setLeakWarningGrace:(NSTimeInterval)seconds {
    LTLeakWatchSetGrace(seconds);
}

+ (void)setLeakWarningHandler:(LegoTraceLeakWarningHandler)handler {
    LTLeakWatchSetHandler(handler);
}

@end
