// What a block captures strongly, read over the Block ABI (clang's "Block Implementation Specification", the layout
// Apple's runtime, libobjc2 and libBlocksRuntime share): the technique of FBRetainCycleDetector's
// FBBlockStrongLayout.m, written anew. A block whose descriptor has a dispose helper is asked, through that helper,
// to dispose a fake block whose every word points at a release detector; the words whose detector received
// `release` are the block's strong object references, and the same words of the real block are what it holds.
// Plain C over the runtime API, so it reads the same under ARC and manual reference counting.
#ifndef LT_BLOCK_CAPTURES_H
#define LT_BLOCK_CAPTURES_H

#import "LTCompat.h"

#include <stddef.h>
#include <stdint.h>

/// The most captures one read returns.
#define LT_BLOCK_MAX_CAPTURES 64

/// Whether `value` is a block: its isa is the blocks runtime's stack, heap or global block class.
int LTIsBlock(LT_UNRETAINED id value);

/// The addresses of the objects `block` captures strongly, in capture order, at most `capacity`; returns how many.
/// 0 for anything that is not a block, a block without copy/dispose helpers (it holds nothing), a global block, one
/// with C++ helpers, a small or signed descriptor, or one larger than the reader's limit. `__block` variables,
/// `__weak` captures and captured blocks are not reported (docs/recorder.md, "What a callback block captures").
size_t LTBlockStrongCaptures(LT_UNRETAINED id block, uintptr_t *captures, size_t capacity);

#endif
