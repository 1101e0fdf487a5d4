// LegoTraceRecorder: records a running XFLegoVIPER app as a lego-trace trace (JSON Lines, docs/trace-format.md),
// for `lego-trace check` and `lego-trace graph`. See docs/recorder.md.
#import <Foundation/Foundation.h>

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

@end

/// The error domain of `startRecordingToPath:error:`.
extern NSString *const LegoTraceRecorderErrorDomain;
