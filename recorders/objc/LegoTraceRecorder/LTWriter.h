// The trace writer: events are numbered and queued under one lock, encoded as JSON Lines (docs/trace-format.md)
// and written by one background thread in batches. Plain C, so it behaves the same under ARC and MRC.
#ifndef LT_WRITER_H
#define LT_WRITER_H

#include <stddef.h>
#include <stdint.h>

/// A `true`/`false` field that may be absent.
enum { LTAbsent = -1 };

/// One URL query parameter, in query order.
typedef struct LTParam {
    const char *key;
    const char *value;
} LTParam;

/// One trace event's optional fields; NULL strings, 0 identities and `LTAbsent` flags are left out of the line.
typedef struct LTEvent {
    const char *kind;
    const char *name;
    const char *cls;
    uint64_t obj;
    uint64_t peer;
    const char *peerName;
    const char *url;
    const char *layer;
    const char *rel;
    const char *effect;
    const char *op;
    const char *mk;
    const char *gene;
    const char *value;
    int hasCount;
    int64_t count;
    int ok;
    const uint64_t *objs;
    size_t objsCount;
    int hasObjs;
    const LTParam *params;
    size_t paramsCount;
    int hasParams;
} LTEvent;

/// An event whose place in the trace is taken now and whose fields are known later (a URL open and its result).
typedef struct LTSlot LTSlot;

/// The flush interval of the background writer, in milliseconds.
#define LT_FLUSH_INTERVAL_MS 250

/// Opens `path` (a regular file, created or truncated; never a symlink or device), writes the header line (trace
/// format `version`: "1.0" for XFLegoVIPER, "2.0" for QFMoudle) and starts the writer thread. Returns 0, or -1 with
/// a one-line reason in `error`.
int LTWriterOpen(const char *path, const char *version, const char *app, const char *framework, const char *device,
                 char *error, size_t errorSize);
/// Whether a trace is being recorded.
int LTWriterIsOpen(void);
/// Takes the next place in the trace (seq, time, thread); NULL when not recording.
LTSlot *LTWriterReserve(void);
/// Fills a reserved place; the writer writes lines in seq order and waits for a place until it is filled.
void LTWriterFill(LTSlot *slot, const LTEvent *event);
/// Reserves and fills at once; returns the event's seq (0 when not recording).
uint64_t LTWriterRecord(const LTEvent *event);
/// Writes every filled event queued so far and returns when it is in the file.
void LTWriterFlush(void);
/// Writes what is queued, then the `trace.end` marker, stops the thread and closes the file.
void LTWriterClose(void);
/// A zeroed event of `kind` with every flag absent.
LTEvent LTEventMake(const char *kind);

#endif
