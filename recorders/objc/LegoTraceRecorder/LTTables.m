#import "LTTables.h"

#include <stdlib.h>
#include <string.h>

#pragma mark - Objects by address

// Open addressing with linear probing and backward-shift deletion; grows at 1/2 load.
static LTObject *ltObjects;
static size_t ltObjectCapacity;
static size_t ltObjectCount;
static uint64_t ltNextIdentity = 1;

static size_t LTAddressSlot(uintptr_t address, size_t capacity) {
    uint64_t hash = (uint64_t)address;
    hash ^= hash >> 33;
    hash *= 0xff51afd7ed558ccdULL;
    hash ^= hash >> 33;
    return (size_t)hash & (capacity - 1);
}

static void LTObjectGrow(void) {
    size_t capacity = ltObjectCapacity ? ltObjectCapacity * 2 : 1024;
    LTObject *objects = calloc(capacity, sizeof *objects);
    if (!objects) abort();
    for (size_t index = 0; index < ltObjectCapacity; index++) {
        if (!ltObjects[index].address) continue;
        size_t slot = LTAddressSlot(ltObjects[index].address, capacity);
        while (objects[slot].address) slot = (slot + 1) & (capacity - 1);
        objects[slot] = ltObjects[index];
    }
    free(ltObjects);
    ltObjects = objects;
    ltObjectCapacity = capacity;
}

LTObject *LTObjectFind(uintptr_t address) {
    if (!ltObjectCapacity || !address) return NULL;
    size_t slot = LTAddressSlot(address, ltObjectCapacity);
    while (ltObjects[slot].address) {
        if (ltObjects[slot].address == address) return &ltObjects[slot];
        slot = (slot + 1) & (ltObjectCapacity - 1);
    }
    return NULL;
}

LTObject *LTObjectInsert(uintptr_t address) {
    LTObject *existing = LTObjectFind(address);
    if (existing) return existing;
    if ((ltObjectCount + 1) * 2 > ltObjectCapacity) LTObjectGrow();
    size_t slot = LTAddressSlot(address, ltObjectCapacity);
    while (ltObjects[slot].address) slot = (slot + 1) & (ltObjectCapacity - 1);
    memset(&ltObjects[slot], 0, sizeof ltObjects[slot]);
    ltObjects[slot].address = address;
    ltObjects[slot].identity = ltNextIdentity++;
    ltObjectCount++;
    return &ltObjects[slot];
}

int LTObjectRemove(uintptr_t address, LTObject *removed) {
    LTObject *found = LTObjectFind(address);
    if (!found) return 0;
    *removed = *found;
    size_t hole = (size_t)(found - ltObjects);
    size_t slot = hole;
    memset(&ltObjects[hole], 0, sizeof ltObjects[hole]);
    for (;;) {
        slot = (slot + 1) & (ltObjectCapacity - 1);
        if (!ltObjects[slot].address) break;
        size_t home = LTAddressSlot(ltObjects[slot].address, ltObjectCapacity);
        // Move the entry back into the hole unless its home lies cyclically in (hole, slot].
        int stays = hole <= slot ? (home > hole && home <= slot) : (home > hole || home <= slot);
        if (stays) continue;
        ltObjects[hole] = ltObjects[slot];
        memset(&ltObjects[slot], 0, sizeof ltObjects[slot]);
        hole = slot;
    }
    ltObjectCount--;
    return 1;
}

void LTObjectFree(LTObject *object) {
    free(object->name);
    free(object->className);
    free(object->gene);
    object->name = object->className = object->gene = NULL;
}

void LTObjectReset(void) {
    for (size_t index = 0; index < ltObjectCapacity; index++) {
        if (ltObjects[index].address) LTObjectFree(&ltObjects[index]);
    }
    free(ltObjects);
    ltObjects = NULL;
    ltObjectCapacity = 0;
    ltObjectCount = 0;
    ltNextIdentity = 1;
}

#pragma mark - Entries by name

struct LTNameTable {
    char **names;
    LTNameEntry *entries;
    size_t capacity;
    size_t count;
};

static size_t LTNameSlot(const char *name, size_t capacity) {
    uint64_t hash = 1469598103934665603ULL;
    for (const unsigned char *byte = (const unsigned char *)name; *byte; byte++) {
        hash ^= *byte;
        hash *= 1099511628211ULL;
    }
    return (size_t)hash & (capacity - 1);
}

LTNameTable *LTNameTableCreate(void) {
    LTNameTable *table = calloc(1, sizeof *table);
    if (!table) abort();
    return table;
}

static void LTNameTableGrow(LTNameTable *table) {
    size_t capacity = table->capacity ? table->capacity * 2 : 64;
    char **names = calloc(capacity, sizeof *names);
    LTNameEntry *entries = calloc(capacity, sizeof *entries);
    if (!names || !entries) abort();
    for (size_t index = 0; index < table->capacity; index++) {
        if (!table->names[index]) continue;
        size_t slot = LTNameSlot(table->names[index], capacity);
        while (names[slot]) slot = (slot + 1) & (capacity - 1);
        names[slot] = table->names[index];
        entries[slot] = table->entries[index];
    }
    free(table->names);
    free(table->entries);
    table->names = names;
    table->entries = entries;
    table->capacity = capacity;
}

LTNameEntry *LTNameTableFind(LTNameTable *table, const char *name) {
    if (!table->capacity || !name) return NULL;
    size_t slot = LTNameSlot(name, table->capacity);
    while (table->names[slot]) {
        if (strcmp(table->names[slot], name) == 0) return &table->entries[slot];
        slot = (slot + 1) & (table->capacity - 1);
    }
    return NULL;
}

LTNameEntry *LTNameTableEntry(LTNameTable *table, const char *name) {
    LTNameEntry *found = LTNameTableFind(table, name);
    if (found) return found;
    if ((table->count + 1) * 2 > table->capacity) LTNameTableGrow(table);
    size_t slot = LTNameSlot(name, table->capacity);
    while (table->names[slot]) slot = (slot + 1) & (table->capacity - 1);
    table->names[slot] = strdup(name);
    memset(&table->entries[slot], 0, sizeof table->entries[slot]);
    table->count++;
    return &table->entries[slot];
}

void LTNameTableRemove(LTNameTable *table, const char *name) {
    LTNameEntry *found = LTNameTableFind(table, name);
    if (!found) return;
    size_t hole = (size_t)(found - table->entries);
    free(table->names[hole]);
    free(table->entries[hole].text);
    table->names[hole] = NULL;
    size_t slot = hole;
    for (;;) {
        slot = (slot + 1) & (table->capacity - 1);
        if (!table->names[slot]) break;
        size_t home = LTNameSlot(table->names[slot], table->capacity);
        int stays = hole <= slot ? (home > hole && home <= slot) : (home > hole || home <= slot);
        if (stays) continue;
        table->names[hole] = table->names[slot];
        table->entries[hole] = table->entries[slot];
        table->names[slot] = NULL;
        hole = slot;
    }
    table->count--;
}

void LTNameTableClear(LTNameTable *table) {
    for (size_t index = 0; index < table->capacity; index++) {
        if (!table->names[index]) continue;
        free(table->names[index]);
        free(table->entries[index].text);
        table->names[index] = NULL;
    }
    table->count = 0;
}

void LTNameTableForEach(LTNameTable *table, void (*visit)(const char *name, LTNameEntry *entry, void *context), void *context) {
    for (size_t index = 0; index < table->capacity; index++) {
        if (table->names[index]) visit(table->names[index], &table->entries[index], context);
    }
}
