#import "LTWriter.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

// A queued event. Lines leave the queue in seq order; a reserved place not yet filled holds back the ones after it.
struct LTSlot {
    struct LTSlot *next;
    uint64_t seq;
    double time;
    unsigned thread;
    int state; // LTSlotReserved, LTSlotReady, LTSlotAbandoned
    char *line;
    size_t length;
};

enum { LTSlotReserved = 0, LTSlotReady = 1, LTSlotAbandoned = 2 };

typedef struct LTBuffer {
    char *data;
    size_t length;
    size_t capacity;
} LTBuffer;

static pthread_mutex_t ltLock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ltWake = PTHREAD_COND_INITIALIZER;
static pthread_cond_t ltWritten = PTHREAD_COND_INITIALIZER;
static pthread_t ltThread;
static LTSlot *ltHead;
static LTSlot *ltTail;
static int ltFile = -1;
static int ltOpen;
static int ltThreadRunning;
static int ltStopping;
static int ltFlushRequested;
static int ltWriteFailed;
static int ltExitHandlerInstalled;
static uint64_t ltSeq;
static uint64_t ltWrittenSeq;
static double ltLastTime;
static struct timespec ltStart;
static unsigned ltThreadCount;
static unsigned ltSession;
// Thread numbers are per recording: a thread remembers the session its number belongs to.
static __thread unsigned ltThreadNumber;
static __thread unsigned ltThreadSession;

#pragma mark - Buffer

static void LTReserveBytes(LTBuffer *buffer, size_t extra) {
    if (buffer->length + extra <= buffer->capacity) return;
    size_t capacity = buffer->capacity ? buffer->capacity : 256;
    while (capacity < buffer->length + extra) capacity *= 2;
    char *data = realloc(buffer->data, capacity);
    if (!data) abort();
    buffer->data = data;
    buffer->capacity = capacity;
}

static void LTAppend(LTBuffer *buffer, const char *bytes, size_t count) {
    LTReserveBytes(buffer, count);
    memcpy(buffer->data + buffer->length, bytes, count);
    buffer->length += count;
}

static void LTAppendText(LTBuffer *buffer, const char *text) { LTAppend(buffer, text, strlen(text)); }

static void LTAppendUnsigned(LTBuffer *buffer, uint64_t value) {
    char digits[24];
    int count = snprintf(digits, sizeof digits, "%llu", (unsigned long long)value);
    LTAppend(buffer, digits, (size_t)count);
}

static void LTAppendSigned(LTBuffer *buffer, int64_t value) {
    char digits[24];
    int count = snprintf(digits, sizeof digits, "%lld", (long long)value);
    LTAppend(buffer, digits, (size_t)count);
}

// Seconds rounded to the microsecond, without trailing zeros (`0`, `1.5`, `12.000034`).
static void LTAppendTime(LTBuffer *buffer, double seconds) {
    long long micros = (long long)(seconds * 1e6 + 0.5);
    if (micros < 0) micros = 0;
    char digits[40];
    int count;
    long long fraction = micros % 1000000;
    if (fraction == 0) {
        count = snprintf(digits, sizeof digits, "%lld", micros / 1000000);
    } else {
        count = snprintf(digits, sizeof digits, "%lld.%06lld", micros / 1000000, fraction);
        while (digits[count - 1] == '0') count--;
    }
    LTAppend(buffer, digits, (size_t)count);
}

// A JSON string as the format asks: `"` and `\` escaped, every control character (C0, DEL, C1) escaped,
// everything else (emoji, Chinese, `<script>`) kept as UTF-8.
static void LTAppendQuoted(LTBuffer *buffer, const char *text) {
    static const char hex[] = "0123456789abcdef";
    LTAppend(buffer, "\"", 1);
    const unsigned char *bytes = (const unsigned char *)(text ? text : "");
    for (size_t index = 0; bytes[index]; index++) {
        unsigned char byte = bytes[index];
        unsigned code = 0x100;
        if (byte == '"') { LTAppend(buffer, "\\\"", 2); continue; }
        if (byte == '\\') { LTAppend(buffer, "\\\\", 2); continue; }
        if (byte == '\n') { LTAppend(buffer, "\\n", 2); continue; }
        if (byte == '\t') { LTAppend(buffer, "\\t", 2); continue; }
        if (byte == '\r') { LTAppend(buffer, "\\r", 2); continue; }
        if (byte == '\b') { LTAppend(buffer, "\\b", 2); continue; }
        if (byte == '\f') { LTAppend(buffer, "\\f", 2); continue; }
        if (byte < 0x20 || byte == 0x7F) {
            code = byte;
        } else if (byte == 0xC2 && bytes[index + 1] >= 0x80 && bytes[index + 1] <= 0x9F) {
            code = bytes[index + 1];
            index++;
        }
        if (code < 0x100) {
            char escape[6] = {'\\', 'u', '0', '0', hex[code >> 4], hex[code & 0xF]};
            LTAppend(buffer, escape, 6);
        } else {
            LTAppend(buffer, (const char *)&bytes[index], 1);
        }
    }
    LTAppend(buffer, "\"", 1);
}

static void LTAppendKey(LTBuffer *buffer, const char *key) {
    LTAppend(buffer, ",\"", 2);
    LTAppendText(buffer, key);
    LTAppend(buffer, "\":", 2);
}

static void LTAppendStringField(LTBuffer *buffer, const char *key, const char *value) {
    if (!value) return;
    LTAppendKey(buffer, key);
    LTAppendQuoted(buffer, value);
}

static void LTAppendObjectField(LTBuffer *buffer, const char *key, uint64_t value) {
    if (!value) return;
    LTAppendKey(buffer, key);
    LTAppendUnsigned(buffer, value);
}

// The keys in the order of the format's table: seq, t, th, kind, name, cls, obj, peer, peerName, url, layer,
// rel, effect, op, mk, gene, value, n, ok, objs, params.
static void LTEncode(LTBuffer *buffer, uint64_t seq, double time, unsigned thread, const LTEvent *event) {
    LTAppendText(buffer, "{\"seq\":");
    LTAppendUnsigned(buffer, seq);
    LTAppendKey(buffer, "t");
    LTAppendTime(buffer, time);
    LTAppendKey(buffer, "th");
    LTAppendUnsigned(buffer, thread);
    LTAppendStringField(buffer, "kind", event->kind);
    LTAppendStringField(buffer, "name", event->name);
    LTAppendStringField(buffer, "cls", event->cls);
    LTAppendObjectField(buffer, "obj", event->obj);
    LTAppendObjectField(buffer, "peer", event->peer);
    LTAppendStringField(buffer, "peerName", event->peerName);
    LTAppendStringField(buffer, "url", event->url);
    LTAppendStringField(buffer, "layer", event->layer);
    LTAppendStringField(buffer, "rel", event->rel);
    LTAppendStringField(buffer, "effect", event->effect);
    LTAppendStringField(buffer, "op", event->op);
    LTAppendStringField(buffer, "mk", event->mk);
    LTAppendStringField(buffer, "gene", event->gene);
    LTAppendStringField(buffer, "value", event->value);
    if (event->hasCount) {
        LTAppendKey(buffer, "n");
        LTAppendSigned(buffer, event->count);
    }
    if (event->ok != LTAbsent) {
        LTAppendKey(buffer, "ok");
        LTAppendText(buffer, event->ok ? "true" : "false");
    }
    if (event->hasObjs) {
        LTAppendKey(buffer, "objs");
        LTAppend(buffer, "[", 1);
        for (size_t index = 0; index < event->objsCount; index++) {
            if (index) LTAppend(buffer, ",", 1);
            LTAppendUnsigned(buffer, event->objs[index]);
        }
        LTAppend(buffer, "]", 1);
    }
    if (event->hasParams) {
        LTAppendKey(buffer, "params");
        LTAppend(buffer, "{", 1);
        for (size_t index = 0; index < event->paramsCount; index++) {
            if (index) LTAppend(buffer, ",", 1);
            LTAppendQuoted(buffer, event->params[index].key);
            LTAppend(buffer, ":", 1);
            LTAppendQuoted(buffer, event->params[index].value);
        }
        LTAppend(buffer, "}", 1);
    }
    LTAppend(buffer, "}\n", 2);
}

LTEvent LTEventMake(const char *kind) {
    LTEvent event;
    memset(&event, 0, sizeof event);
    event.kind = kind;
    event.ok = LTAbsent;
    return event;
}

#pragma mark - Clock and threads

static double LTSecondsSinceStart(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double seconds = (double)(now.tv_sec - ltStart.tv_sec) + (double)(now.tv_nsec - ltStart.tv_nsec) / 1e9;
    // Rounded as written, and never below the time already written: `t` never decreases down the file.
    seconds = (double)(long long)(seconds * 1e6 + 0.5) / 1e6;
    if (seconds < ltLastTime) seconds = ltLastTime;
    ltLastTime = seconds;
    return seconds;
}

// Called under the lock.
static unsigned LTCurrentThreadNumber(void) {
    if (ltThreadSession != ltSession || ltThreadNumber == 0) {
        ltThreadNumber = ++ltThreadCount;
        ltThreadSession = ltSession;
    }
    return ltThreadNumber;
}

#pragma mark - Writing

static void LTWriteAll(const char *bytes, size_t count) {
    while (count > 0 && !ltWriteFailed) {
        ssize_t written = write(ltFile, bytes, count);
        if (written < 0) {
            if (errno == EINTR) continue;
            ltWriteFailed = 1;
            fprintf(stderr, "LegoTraceRecorder: cannot write the trace (%s); recording stops here\n", strerror(errno));
            return;
        }
        bytes += written;
        count -= (size_t)written;
    }
}

// Takes the filled prefix of the queue off it (under the lock); abandoned places are skipped but kept,
// since a late fill may still touch them.
static LTSlot *LTTakeReady(uint64_t *lastSeq) {
    LTSlot *first = NULL, *last = NULL;
    while (ltHead && ltHead->state != LTSlotReserved) {
        LTSlot *slot = ltHead;
        ltHead = slot->next;
        *lastSeq = slot->seq;
        if (slot->state == LTSlotAbandoned) continue;
        slot->next = NULL;
        if (last) last->next = slot; else first = slot;
        last = slot;
    }
    if (!ltHead) ltTail = NULL;
    return first;
}

static void LTWriteBatch(LTSlot *batch) {
    LTBuffer buffer = {0};
    while (batch) {
        LTSlot *next = batch->next;
        LTAppend(&buffer, batch->line, batch->length);
        free(batch->line);
        free(batch);
        batch = next;
        // One write per 64 KiB keeps a line whole in the file and the batch buffer small.
        if (buffer.length >= 65536) {
            LTWriteAll(buffer.data, buffer.length);
            buffer.length = 0;
        }
    }
    if (buffer.length) LTWriteAll(buffer.data, buffer.length);
    free(buffer.data);
}

static void LTAbandonReserved(void) {
    for (LTSlot *slot = ltHead; slot; slot = slot->next) {
        if (slot->state == LTSlotReserved) slot->state = LTSlotAbandoned;
    }
}

static void *LTWriterMain(void *unused) {
    (void)unused;
    pthread_mutex_lock(&ltLock);
    int stopWaits = 0;
    for (;;) {
        if (!ltStopping && !ltFlushRequested) {
            struct timeval now;
            gettimeofday(&now, NULL);
            long long nanos = (long long)now.tv_usec * 1000 + (long long)LT_FLUSH_INTERVAL_MS * 1000000;
            struct timespec deadline = {now.tv_sec + (time_t)(nanos / 1000000000), (long)(nanos % 1000000000)};
            pthread_cond_timedwait(&ltWake, &ltLock, &deadline);
        }
        ltFlushRequested = 0;
        uint64_t lastSeq = ltWrittenSeq;
        LTSlot *batch = LTTakeReady(&lastSeq);
        pthread_mutex_unlock(&ltLock);
        LTWriteBatch(batch);
        pthread_mutex_lock(&ltLock);
        ltWrittenSeq = lastSeq;
        pthread_cond_broadcast(&ltWritten);
        if (ltStopping) {
            if (!ltHead) break;
            // A place reserved by a call still running on another thread: give it a moment, then skip it.
            if (++stopWaits > 1) LTAbandonReserved();
            ltFlushRequested = 0;
            struct timeval now;
            gettimeofday(&now, NULL);
            struct timespec deadline = {now.tv_sec + 1, (long)now.tv_usec * 1000};
            pthread_cond_timedwait(&ltWake, &ltLock, &deadline);
        }
    }
    pthread_mutex_unlock(&ltLock);
    return NULL;
}

static void LTFlushAtExit(void) { LTWriterFlush(); }

int LTWriterOpen(const char *path, const char *version, const char *app, const char *framework, const char *device,
                 char *error, size_t errorSize) {
    pthread_mutex_lock(&ltLock);
    if (ltOpen || ltThreadRunning) {
        pthread_mutex_unlock(&ltLock);
        snprintf(error, errorSize, "%s: a recording is already running; stop it first", path);
        return -1;
    }
    int file = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW, 0644);
    struct stat info;
    if (file < 0) {
        if (errno == ELOOP) {
            snprintf(error, errorSize, "%s: a symbolic link; the recorder writes only to a regular file (give the path it points to)", path);
        } else if (errno == EISDIR) {
            snprintf(error, errorSize, "%s: a directory; give the path of the trace file to write in it", path);
        } else {
            snprintf(error, errorSize, "%s: cannot open the trace file (%s)", path, strerror(errno));
        }
        pthread_mutex_unlock(&ltLock);
        return -1;
    }
    if (fstat(file, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(file);
        snprintf(error, errorSize, "%s: not a regular file; the recorder writes only to regular files", path);
        pthread_mutex_unlock(&ltLock);
        return -1;
    }
    if (ftruncate(file, 0) != 0) {
        close(file);
        snprintf(error, errorSize, "%s: cannot truncate the trace file (%s)", path, strerror(errno));
        pthread_mutex_unlock(&ltLock);
        return -1;
    }
    ltFile = file;
    ltWriteFailed = 0;
    ltSeq = 0;
    ltWrittenSeq = 0;
    ltLastTime = 0;
    ltThreadCount = 0;
    ltSession++;
    ltStopping = 0;
    ltFlushRequested = 0;
    clock_gettime(CLOCK_MONOTONIC, &ltStart);

    // The header is written at once, so even a recording that crashes immediately is a readable trace.
    char start[40];
    struct timeval wall;
    gettimeofday(&wall, NULL);
    struct tm utc;
    time_t seconds = wall.tv_sec;
    gmtime_r(&seconds, &utc);
    size_t used = strftime(start, sizeof start, "%Y-%m-%dT%H:%M:%S", &utc);
    snprintf(start + used, sizeof start - used, ".%03dZ", (int)(wall.tv_usec / 1000));
    LTBuffer header = {0};
    LTAppendText(&header, "{\"format\":\"lego-trace\",\"version\":");
    LTAppendQuoted(&header, version);
    LTAppendText(&header, ",\"producer\":\"lego-trace-recorder 0.1.0\",\"start\":");
    LTAppendQuoted(&header, start);
    LTAppendText(&header, ",\"app\":");
    LTAppendQuoted(&header, app);
    LTAppendText(&header, ",\"source\":\"recorder\"");
    if (framework) {
        LTAppendText(&header, ",\"framework\":");
        LTAppendQuoted(&header, framework);
    }
    if (device) {
        LTAppendText(&header, ",\"device\":");
        LTAppendQuoted(&header, device);
    }
    LTAppendText(&header, "}\n");
    LTWriteAll(header.data, header.length);
    free(header.data);

    if (pthread_create(&ltThread, NULL, LTWriterMain, NULL) != 0) {
        close(ltFile);
        ltFile = -1;
        snprintf(error, errorSize, "%s: cannot start the writer thread", path);
        pthread_mutex_unlock(&ltLock);
        return -1;
    }
    ltThreadRunning = 1;
    ltOpen = 1;
    if (!ltExitHandlerInstalled) {
        ltExitHandlerInstalled = 1;
        atexit(LTFlushAtExit);
    }
    pthread_mutex_unlock(&ltLock);
    return 0;
}

int LTWriterIsOpen(void) {
    pthread_mutex_lock(&ltLock);
    int open = ltOpen;
    pthread_mutex_unlock(&ltLock);
    return open;
}

// Called under the lock.
static LTSlot *LTAppendSlot(void) {
    LTSlot *slot = calloc(1, sizeof *slot);
    if (!slot) abort();
    slot->seq = ++ltSeq;
    slot->time = LTSecondsSinceStart();
    slot->thread = LTCurrentThreadNumber();
    if (ltTail) ltTail->next = slot; else ltHead = slot;
    ltTail = slot;
    return slot;
}

LTSlot *LTWriterReserve(void) {
    pthread_mutex_lock(&ltLock);
    LTSlot *slot = ltOpen ? LTAppendSlot() : NULL;
    pthread_mutex_unlock(&ltLock);
    return slot;
}

void LTWriterFill(LTSlot *slot, const LTEvent *event) {
    if (!slot) return;
    // Encoded outside the lock: seq, time and thread were fixed when the place was taken.
    LTBuffer line = {0};
    LTEncode(&line, slot->seq, slot->time, slot->thread, event);
    pthread_mutex_lock(&ltLock);
    if (slot->state == LTSlotReserved) {
        slot->line = line.data;
        slot->length = line.length;
        slot->state = LTSlotReady;
        line.data = NULL;
        if (ltStopping || ltFlushRequested) pthread_cond_signal(&ltWake);
    }
    pthread_mutex_unlock(&ltLock);
    free(line.data);
}

uint64_t LTWriterRecord(const LTEvent *event) {
    LTSlot *slot = LTWriterReserve();
    if (!slot) return 0;
    // Read before filling: once filled, the writer thread may write and free the slot.
    uint64_t seq = slot->seq;
    LTWriterFill(slot, event);
    return seq;
}

void LTWriterFlush(void) {
    pthread_mutex_lock(&ltLock);
    if (!ltThreadRunning || pthread_equal(pthread_self(), ltThread)) {
        pthread_mutex_unlock(&ltLock);
        return;
    }
    uint64_t target = ltWrittenSeq;
    for (LTSlot *slot = ltHead; slot && slot->state != LTSlotReserved; slot = slot->next) target = slot->seq;
    ltFlushRequested = 1;
    pthread_cond_signal(&ltWake);
    while (ltWrittenSeq < target && ltThreadRunning && !ltWriteFailed) pthread_cond_wait(&ltWritten, &ltLock);
    pthread_mutex_unlock(&ltLock);
}

void LTWriterClose(void) {
    pthread_mutex_lock(&ltLock);
    if (!ltOpen) {
        pthread_mutex_unlock(&ltLock);
        return;
    }
    // No new events from here; the marker is the last line and counts the events before it.
    uint64_t events = ltSeq;
    LTSlot *end = LTAppendSlot();
    ltOpen = 0;
    LTEvent marker = LTEventMake("trace.end");
    marker.hasCount = 1;
    marker.count = (int64_t)events;
    LTBuffer line = {0};
    LTEncode(&line, end->seq, end->time, end->thread, &marker);
    end->line = line.data;
    end->length = line.length;
    end->state = LTSlotReady;
    ltStopping = 1;
    pthread_cond_signal(&ltWake);
    pthread_t thread = ltThread;
    pthread_mutex_unlock(&ltLock);
    pthread_join(thread, NULL);
    pthread_mutex_lock(&ltLock);
    ltThreadRunning = 0;
    ltStopping = 0;
    close(ltFile);
    ltFile = -1;
    pthread_cond_broadcast(&ltWritten);
    pthread_mutex_unlock(&ltLock);
}
