#import "QFCallbacks.h"
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
