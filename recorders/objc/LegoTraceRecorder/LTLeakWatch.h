// Live leak warnings (off by default), as MLeaksFinder gives them: a component taken off screen is watched, and one
// still alive a grace period later gets a console line naming the module, what holds it and the trace seq.
#ifndef LT_LEAK_WATCH_H
#define LT_LEAK_WATCH_H

#import "LegoTraceRecorder.h"
#include "LTTables.h"

/// Turns the warnings on or off.
void LTLeakWatchSetEnabled(int enabled);
/// Whether the warnings are on.
int LTLeakWatchIsEnabled(void);
/// Seconds a component may outlive its screen before the warning.
void LTLeakWatchSetGrace(double seconds);
/// Also calls `handler` with each warning; NULL for none.
void LTLeakWatchSetHandler(LegoTraceLeakWarningHandler handler);
/// `component` left the screen by `operation`, recorded at trace seq `seq`; called under the state lock.
void LTLeakWatchScreenGone(const LTObject *component, const char *operation, uint64_t seq);
/// Forgets every watched component (a recording starts or stops).
void LTLeakWatchReset(void);

#endif
