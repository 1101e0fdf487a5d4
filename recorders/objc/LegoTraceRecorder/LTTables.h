// The recorder's own tables: object identities (address → per-session number, assigned on first sight and
// dropped at dealloc, since addresses are reused) and name-keyed tables mirroring the framework's registries.
// Plain C; callers serialize access (LTHooks holds one lock around every use).
#ifndef LT_TABLES_H
#define LT_TABLES_H

#include <stddef.h>
#include <stdint.h>

/// What the recorder knows about one live object it has seen.
typedef struct LTObject {
    uintptr_t address;
    uint64_t identity;
    const char *layer;   // static text: "routing", "presenter", …; NULL when not a module layer
    char *name;          // module or component name, from the framework's reflection
    char *className;
    char *gene;          // the gene of a shared-module routing (and of its layers), once known
    int sharedEntry;     // whether the routing entered the shared-module table (setSharedRounting:shareModule:)
    uint64_t from;       // the component this one was pushed or presented from, while linked
    uint64_t nextRouting;// the routing this routing links to as its next, while linked
    int announced;       // whether object.alloc was written
    int qfModule;        // a QFMoudle module instance (`name` is its protocol)
} LTObject;

/// Finds the object at `address`, or NULL.
LTObject *LTObjectFind(uintptr_t address);
/// Adds the object at `address` with the next identity of the session.
LTObject *LTObjectInsert(uintptr_t address);
/// Removes the object at `address`; returns 1 and a copy in `removed` (the caller frees its strings).
int LTObjectRemove(uintptr_t address, LTObject *removed);
/// Frees the strings of an object copy.
void LTObjectFree(LTObject *object);
/// Empties the table and restarts identities at 1.
void LTObjectReset(void);

/// A name-keyed table of the framework's kind: name → newest holder, plus how many copies of the name its
/// ordered array holds.
typedef struct LTNameTable LTNameTable;

/// One name's entry.
typedef struct LTNameEntry {
    uintptr_t address;
    uint64_t identity;
    int copies;
    char *text;          // for string-valued tables (the URL route mirror)
} LTNameEntry;

/// A new, empty table.
LTNameTable *LTNameTableCreate(void);
/// The entry for `name`, or NULL.
LTNameEntry *LTNameTableFind(LTNameTable *table, const char *name);
/// The entry for `name`, created empty when missing.
LTNameEntry *LTNameTableEntry(LTNameTable *table, const char *name);
/// Deletes `name`'s entry.
void LTNameTableRemove(LTNameTable *table, const char *name);
/// Deletes every entry.
void LTNameTableClear(LTNameTable *table);
/// Calls `visit` for every entry.
void LTNameTableForEach(LTNameTable *table, void (*visit)(const char *name, LTNameEntry *entry, void *context), void *context);

#endif
