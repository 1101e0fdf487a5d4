#import "LTBlockCaptures.h"

#import <objc/runtime.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#pragma mark - The Block ABI

// A block's descriptor when the block has copy/dispose helpers (clang's Block ABI; Block_private.h of Apple's
// libclosure and of libBlocksRuntime).
typedef struct LTBlockDescriptor {
    unsigned long reserved;
    unsigned long size;   // the whole block, header included, in bytes
    void (*copy)(void *destination, const void *source);
    void (*dispose)(const void *block);
} LTBlockDescriptor;

// The block header; the captured variables follow it.
typedef struct LTBlockLayout {
    void *isa;
    int32_t flags;
    int32_t reserved;
    void (*invoke)(void *, ...);
    const LTBlockDescriptor *descriptor;
} LTBlockLayout;

enum {
    LTBlockSmallDescriptor = 1 << 22,   // Apple: a descriptor of relative offsets, not the layout above
    LTBlockHasCopyDispose = 1 << 25,
    LTBlockHasCtor = 1 << 26,           // C++ helpers: they may touch captures that are no object pointers
    LTBlockIsGlobal = 1 << 28,          // a block literal that captures nothing
};

// The block classes: their addresses are a block's isa. Weak, so an app that links no blocks runtime (no block can
// exist there) still loads the recorder.
extern void *_NSConcreteStackBlock[] __attribute__((weak));
extern void *_NSConcreteMallocBlock[] __attribute__((weak));
extern void *_NSConcreteGlobalBlock[] __attribute__((weak));

// A fake block larger than this is not made: no callback captures 500 words.
#define LT_BLOCK_MAX_WORDS 512

#pragma mark - Release detectors

// One word of the fake block points at one of these: an object (its first word is a class whose `release` sets
// `released`) that the dispose helper's other calls leave alone in every blocks runtime. `_Block_object_dispose`
// treats a `__block` variable's word as a `Block_byref`: Apple's, libBlocksRuntime and libobjc2 follow the pointer at
// offset 8 and free what it points at only when that struct's flags (offset 16) have BLOCK_BYREF_NEEDS_FREE (or its
// isa is libobjc2's heap byref class); GNUstep base's own runtime (gcc's libobjc has none) decrements the 32-bit count
// at offset 16 in place and frees the word at 0. It treats a captured block's word as a `Block_layout`: released only
// when its isa is a heap block class (libobjc2, GNUstep) or its 32-bit flags at offset 8 have a reference count
// below the latched maximum, 0xffff (Apple, libBlocksRuntime). `inert` (offset 8) serves all: an address whose low
// 16 bits are all ones, pointing at a byref whose flags are 0 and which forwards to itself; `byrefCount` (offset 16)
// stays far from 0 after GNUstep's one decrement.
typedef struct LTReleaseDetector {
    uintptr_t isa;
    uintptr_t inert;
    int32_t byrefCount;
    volatile int32_t released;
} LTReleaseDetector;

static uintptr_t ltDetectorClass;
static uintptr_t ltInertByref;
static pthread_once_t ltDetectorOnce = PTHREAD_ONCE_INIT;
// Room for one address ending in 0xffff and the 24 bytes of byref read there.
static unsigned char ltInertArea[0x10000 + 32];

static void LTDetectorRelease(LT_UNRETAINED id self, SEL _cmd) {
    ((LTReleaseDetector *)(void *)LT_ADDRESS(self))->released = 1;
}

static void LTDetectorSetUp(void) {
    uintptr_t inert = (uintptr_t)ltInertArea | 0xffff;
    memcpy((void *)(inert + sizeof(void *)), &inert, sizeof inert);
    ltInertByref = inert;
    Class cls = objc_allocateClassPair(objc_getClass("NSObject"), "LegoTraceReleaseDetector", 0);
    // A class of that name already exists (another copy of the recorder): its release may not be ours.
    if (!cls) return;
    class_addMethod(cls, sel_registerName("release"), (IMP)LTDetectorRelease, "v@:");
    objc_registerClassPair(cls);
    ltDetectorClass = LT_ADDRESS(cls);
}

#pragma mark - Reading

int LTIsBlock(LT_UNRETAINED id value) {
    if (!value) return 0;
    // object_getClass reads the isa (and knows tagged pointers), so anything the app passes as `id` is safe to ask.
    uintptr_t isa = LT_ADDRESS(object_getClass(value));
    return isa && (isa == (uintptr_t)_NSConcreteStackBlock || isa == (uintptr_t)_NSConcreteMallocBlock
                   || isa == (uintptr_t)_NSConcreteGlobalBlock);
}

size_t LTBlockStrongCaptures(LT_UNRETAINED id block, uintptr_t *captures, size_t capacity) {
#if __has_feature(ptrauth_calls)
    // arm64e signs the helper pointers: calling one unsigned would trap.
    (void)block;
    (void)captures;
    (void)capacity;
    return 0;
#else
    if (!LTIsBlock(block)) return 0;
    const LTBlockLayout *layout = (const LTBlockLayout *)(void *)LT_ADDRESS(block);
    int32_t flags = layout->flags;
    if (!(flags & LTBlockHasCopyDispose)) return 0;
    if (flags & (LTBlockHasCtor | LTBlockSmallDescriptor | LTBlockIsGlobal)) return 0;
    const LTBlockDescriptor *descriptor = layout->descriptor;
    if (!descriptor || !descriptor->dispose) return 0;
    const size_t header = sizeof(LTBlockLayout) / sizeof(void *);
    const size_t words = (descriptor->size + sizeof(void *) - 1) / sizeof(void *);
    if (words <= header || words > LT_BLOCK_MAX_WORDS) return 0;
    pthread_once(&ltDetectorOnce, LTDetectorSetUp);
    if (!ltDetectorClass) return 0;
    LTReleaseDetector *detectors = calloc(words, sizeof *detectors);
    void **fake = calloc(words, sizeof *fake);
    if (!detectors || !fake) {
        free(detectors);
        free((void *)fake);
        return 0;
    }
    for (size_t index = 0; index < words; index++) {
        detectors[index].isa = ltDetectorClass;
        detectors[index].inert = ltInertByref;
        detectors[index].byrefCount = 1 << 30;
        fake[index] = &detectors[index];
    }
    // The helper releases each strong object reference once (objc_release, or _Block_object_dispose with
    // BLOCK_FIELD_IS_OBJECT); weak references go to objc_destroyWeak, which finds no weak entry for a detector.
    descriptor->dispose(fake);
    const uintptr_t *slots = (const uintptr_t *)(const void *)layout;
    size_t count = 0;
    for (size_t index = header; index < words && count < capacity; index++) {
        if (detectors[index].released && slots[index]) captures[count++] = slots[index];
    }
    free((void *)fake);
    free(detectors);
    return count;
#endif
}
