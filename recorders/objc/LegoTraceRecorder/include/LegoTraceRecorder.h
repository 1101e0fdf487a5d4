// LegoTraceRecorder: records a running XFLegoVIPER app as a lego-trace trace (JSON Lines, docs/trace-format.md),
// for `lego-trace check` and `lego-trace graph`. See docs/recorder.md.
#import <Foundation/Foundation.h>

/// What `setLeakWarningHandler:` takes: a function called with each leak warning's text, on the recorder's watch
/// thread (for instance one that stops a debug build with an assertion).
typedef void (*LegoTraceLeakWarningHandler)(NSString *warning);

/// Starts and stops the recording of the framework's registries, relations, transitions, URL opens, events and
/// object lifetimes. Recording starts by itself at launch when the environment variable `LEGO_TRACE_FILE` or the
/// launch argument `-LegoTraceFile PATH` names the trace file.
@interface LegoTraceRecorder : NSObject

/// Starts recording to `path` (a regular file, created or replaced); NO with a reason in `error` when it cannot.
+ (BOOL)startRecordingToPath:(NSString *)path error:(NSError **)error;
/// Writes every event recorded so far to the file and returns when they are there.
+ (void)flush;
/// Flushes, writes the end marker (`trace.end`) and closes the file. Called by itself when the app terminates
/// (`UIApplicationWillTerminateNotification`); going to the background only flushes.
+ (void)stop;
/// Whether a recording is running.
+ (BOOL)isRecording;

/// Whether to warn at once, as MLeaksFinder does, when a module's component is still alive `leakWarningGrace`
/// seconds after its screen went away (pop, dismiss, the back gesture): one console line naming the module, what
/// holds it and the trace seq of the screen change. Off by default; `LEGO_TRACE_LEAK_WARNINGS=1` turns it on at
/// launch. It watches while a recording runs; `lego-trace check` remains the judge of the whole trace.
+ (void)setLeakWarningsEnabled:(BOOL)enabled;
/// Whether leak warnings are on.
+ (BOOL)leakWarningsEnabled;
/// Seconds a module may outlive its screen before the warning (default 2, the grace of `lego-trace check`).
+ (void)setLeakWarningGrace:(NSTimeInterval)seconds;
/// Also calls `handler` with each warning (NULL: none), e.g. to stop a debug build at the leak.
+ (void)setLeakWarningHandler:(LegoTraceLeakWarningHandler)handler;

@end

/// The error domain of `startRecordingToPath:error:`.
extern NSString *const LegoTraceRecorderErrorDomain;
