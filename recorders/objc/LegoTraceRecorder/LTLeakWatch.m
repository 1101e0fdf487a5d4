#import "LTLeakWatch.h"
#import "LTCompat.h"
#import "LTHookSupport.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// The watched components live in one array under their own lock, taken after the state lock when a screen goes,
// never the other way round: the watch thread takes the state lock only after letting go of its own.
typedef struct LTWatched {
    uintptr_t address;
    uint64_t identity;
    char *name;
    char *className;
    const char *operation;
    uint64_t seq;
    double deadline;
} LTWatched;

static pthread_mutex_t ltWatchLock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ltWatchWake = PTHREAD_COND_INITIALIZER;
static LTWatched *ltWatched;
static size_t ltWatchedCount;
static size_t ltWatchedCapacity;
static int ltWatchThreadStarted;
static volatile int ltWatchEnabled;
static double ltWatchGrace = 2;
static LegoTraceLeakWarningHandler ltWatchHandler;

static double LTMonotonicNow(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

void LTLeakWatchSetEnabled(int enabled) { ltWatchEnabled = enabled ? 1 : 0; }
int LTLeakWatchIsEnabled(void) { return ltWatchEnabled; }

void LTLeakWatchSetGrace(double seconds) {
    pthread_mutex_lock(&ltWatchLock);
    ltWatchGrace = seconds >= 0 ? seconds : 0;
    pthread_mutex_unlock(&ltWatchLock);
}

void LTLeakWatchSetHandler(LegoTraceLeakWarningHandler handler) {
    pthread_mutex_lock(&ltWatchLock);
    ltWatchHandler = handler;
    pthread_mutex_unlock(&ltWatchLock);
}

static void LTWatchedFree(LTWatched *watched) {
    free(watched->name);
    free(watched->className);
}

void LTLeakWatchReset(void) {
    pthread_mutex_lock(&ltWatchLock);
    for (size_t index = 0; index < ltWatchedCount; index++) LTWatchedFree(&ltWatched[index]);
    ltWatchedCount = 0;
    pthread_mutex_unlock(&ltWatchLock);
}

// What keeps a component alive, as far as the recorder's mirror of the framework's tables tells (under the state lock).
static const char *LTLeakHolder(const LTWatched *watched) {
    if (watched->name && LTLiveIdentity(ltComponentTable, watched->name) == watched->identity) {
        return "the framework's component table (its name was never removed)";
    }
    LTObject *object = LTObjectFind(watched->address);
    if (object && object->from) return "the next link of the component it was opened from";
    return "no framework reference: a retain cycle in user code, or a strong reference outside the framework";
}

// Warns about each due component that is still alive; what was deallocated in time is forgotten.
static void LTWarnAbout(LTWatched *due, size_t count, double grace, LegoTraceLeakWarningHandler handler) {
    for (size_t index = 0; index < count; index++) {
        LTLock();
        int alive = ltRecording && LTAlive(due[index].address, due[index].identity);
        const char *holder = alive ? LTLeakHolder(&due[index]) : NULL;
        LTUnlock();
        if (alive) {
            LT_POOL_BEGIN
            NSString *warning = [NSString stringWithFormat:
                @"LegoTraceRecorder: leak: %s (%s#%llu) is still alive %g s after its %s at seq %llu; held by: %s",
                due[index].name ? due[index].name : "?", due[index].className ? due[index].className : "?",
                (unsigned long long)due[index].identity, grace, due[index].operation, (unsigned long long)due[index].seq, holder];
            NSLog(@"%@", warning);
            if (handler) handler(warning);
            LT_POOL_END
        }
        LTWatchedFree(&due[index]);
    }
}

static void *LTLeakWatchMain(void *unused) {
    (void)unused;
    pthread_mutex_lock(&ltWatchLock);
    while (1) {
        if (ltWatchedCount == 0) {
            pthread_cond_wait(&ltWatchWake, &ltWatchLock);
            continue;
        }
        double now = LTMonotonicNow();
        double earliest = ltWatched[0].deadline;
        for (size_t index = 1; index < ltWatchedCount; index++) {
            if (ltWatched[index].deadline < earliest) earliest = ltWatched[index].deadline;
        }
        if (earliest > now) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            double wait = earliest - now;
            until.tv_sec += (time_t)wait;
            until.tv_nsec += (long)((wait - (double)(time_t)wait) * 1e9);
            if (until.tv_nsec >= 1000000000L) { until.tv_sec += 1; until.tv_nsec -= 1000000000L; }
            pthread_cond_timedwait(&ltWatchWake, &ltWatchLock, &until);
            continue;
        }
        // Take the due ones out, then look at them without this lock (the state lock comes first elsewhere).
        LTWatched *due = malloc(ltWatchedCount * sizeof *due);
        size_t dueCount = 0, kept = 0;
        for (size_t index = 0; index < ltWatchedCount; index++) {
            if (ltWatched[index].deadline <= now) due[dueCount++] = ltWatched[index];
            else ltWatched[kept++] = ltWatched[index];
        }
        ltWatchedCount = kept;
        double grace = ltWatchGrace;
        LegoTraceLeakWarningHandler handler = ltWatchHandler;
        pthread_mutex_unlock(&ltWatchLock);
        LTWarnAbout(due, dueCount, grace, handler);
        free(due);
        pthread_mutex_lock(&ltWatchLock);
    }
    return NULL;
}

void LTLeakWatchScreenGone(const LTObject *component, const char *operation, uint64_t seq) {
    if (!ltWatchEnabled || !component) return;
    pthread_mutex_lock(&ltWatchLock);
    if (!ltWatchThreadStarted) {
        pthread_t thread;
        if (pthread_create(&thread, NULL, LTLeakWatchMain, NULL) != 0) {
            pthread_mutex_unlock(&ltWatchLock);
            return;
        }
        pthread_detach(thread);
        ltWatchThreadStarted = 1;
    }
    if (ltWatchedCount == ltWatchedCapacity) {
        size_t capacity = ltWatchedCapacity ? ltWatchedCapacity * 2 : 16;
        LTWatched *grown = realloc(ltWatched, capacity * sizeof *grown);
        if (!grown) {
            pthread_mutex_unlock(&ltWatchLock);
            return;
        }
        ltWatched = grown;
        ltWatchedCapacity = capacity;
    }
    LTWatched *watched = &ltWatched[ltWatchedCount++];
    watched->address = component->address;
    watched->identity = component->identity;
    watched->name = component->name ? strdup(component->name) : NULL;
    watched->className = component->className ? strdup(component->className) : NULL;
    watched->operation = operation;
    watched->seq = seq;
    watched->deadline = LTMonotonicNow() + ltWatchGrace;
    pthread_cond_signal(&ltWatchWake);
    pthread_mutex_unlock(&ltWatchLock);
}
