#import "QFCallbacks.h"
#import "LTBlockCaptures.h"
#import "QFMoudleDouble.h"

#include <stdio.h>

/// QFMoudleProtocol.h:11: what a module calls back with.
typedef void (^QFCallBackBlock)(id result);

// What a callback does with what it captured (the journeys never call one: only what it holds matters).
static void use(id captured, id result) {
    fprintf(stderr, "%s %s\n", [[captured description] UTF8String], [[result description] UTF8String]);
}

static void set(id<QFMoudleProtocol> module, QFCallBackBlock block) {
    [module setCallbackBlock:block];
}

void QFSetCallbackCapturing(id module, id captured) {
    set(module, ^(id result) { use(captured, result); });
}

void QFSetCallbackCapturingUnretained(id module, id captured) {
    __unsafe_unretained id unretained = captured;
    set(module, ^(id result) { use(unretained, result); });
}

void QFSetCallbackCapturingNumber(id module, int number) {
    set(module, ^(id result) { fprintf(stderr, "%d %s\n", number, [[result description] UTF8String]); });
}

void QFSetCallbackCapturingByref(id module, id captured) {
    __block id byref = captured;
    set(module, ^(id result) { use(byref, result); });
}

// One line per value: what LTBlockStrongCaptures reads from it, each capture named after the object it is.
static void readCaptures(const char *name, id value, id first, id second) {
    uintptr_t captures[LT_BLOCK_MAX_CAPTURES];
    size_t count = LTBlockStrongCaptures(value, captures, LT_BLOCK_MAX_CAPTURES);
    printf("%s:", name);
    for (size_t index = 0; index < count; index++) {
        const char *which = captures[index] == (uintptr_t)first ? "first" : captures[index] == (uintptr_t)second ? "second" : "other";
        printf(" %s", which);
    }
    printf("%s\n", count ? "" : " -");
}

int QFReadBlockCaptures(void) {
    NSObject *first = [[NSObject alloc] init];
    NSObject *second = [[NSObject alloc] init];
    int number = 7;
    __block id byref = first;
    __unsafe_unretained id unretained = second;
    void (^inner)(void) = ^{ use(first, nil); };
    void (^both)(void) = ^{ use(first, second); };
    void (^heap)(void) = Block_copy(both);
    readCaptures("nil", nil, first, second);
    readCaptures("not a block", @"callbackBlock", first, second);
    readCaptures("global block", ^{ fprintf(stderr, "nothing\n"); }, first, second);
    readCaptures("an int", ^{ fprintf(stderr, "%d\n", number); }, first, second);
    readCaptures("two objects", both, first, second);
    readCaptures("two objects, copied", heap, first, second);
    id alias = first;
    readCaptures("one object in two variables and an int", ^{ use(first, alias); fprintf(stderr, "%d\n", number); }, first, second);
    readCaptures("a block", ^{ inner(); }, first, second);
    readCaptures("__block", ^{ use(byref, nil); }, first, second);
    readCaptures("unretained and strong", ^{ use(unretained, first); }, first, second);
    Block_release(heap);
    [first release];
    [second release];
    return 0;
}
