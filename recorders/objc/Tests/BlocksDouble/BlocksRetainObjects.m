// Makes libBlocksRuntime keep what blocks capture, as Apple's runtime and libobjc2 do. Debian's build of it knows no
// Objective-C runtime (gcc's libobjc registers none): it assigns a captured object without retaining it and disposes
// of it without releasing it. GNUstep base exports a blocks runtime of its own for gcc's libobjc, but an old one: its
// _Block_copy copies no block clang makes today (it waits for a flag clang no longer sets), so the journeys link
// libBlocksRuntime first. These two definitions take the place of its weak ones: an object capture
// (BLOCK_FIELD_IS_OBJECT alone) is retained on copy and released on dispose; everything else (`__block` variables,
// captured blocks, the byref helpers' calls) goes to libBlocksRuntime unchanged.
#import <Foundation/Foundation.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

// BLOCK_FIELD_IS_OBJECT (Block_private.h): a captured object pointer, not weak, not from a byref helper.
enum { LTFieldIsObject = 3 };

typedef void (*LTAssign)(void *, const void *, const int);
typedef void (*LTDispose)(const void *, const int);

static void *LTBlocksRuntime(const char *name) {
    static void *library;
    if (!library) library = dlopen("libBlocksRuntime.so.0", RTLD_LAZY | RTLD_NOLOAD);
    void *function = library ? dlsym(library, name) : NULL;
    if (!function) {
        fprintf(stderr, "BlocksRetainObjects: no %s in libBlocksRuntime.so.0\n", name);
        abort();
    }
    return function;
}

void _Block_object_assign(void *destination, const void *object, const int flags) {
    if (flags == LTFieldIsObject) {
        *(const void **)destination = object;
        [(id)object retain];
        return;
    }
    ((LTAssign)LTBlocksRuntime("_Block_object_assign"))(destination, object, flags);
}

void _Block_object_dispose(const void *object, const int flags) {
    if (flags == LTFieldIsObject) {
        [(id)object release];
        return;
    }
    ((LTDispose)LTBlocksRuntime("_Block_object_dispose"))(object, flags);
}
