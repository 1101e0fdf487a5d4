// The few spellings that differ between Apple clang under ARC and gcc + GNUstep under manual reference counting.
// Nothing here changes behaviour: each macro compiles to the form the compiler in use accepts.
#ifndef LT_COMPAT_H
#define LT_COMPAT_H

#import <Foundation/Foundation.h>
#include <stdint.h>

#ifndef __has_feature
#define __has_feature(x) 0
#endif

#if __has_feature(objc_arc)
// An object pointer as a plain number, for tables keyed by address; no ownership moves.
#define LT_ADDRESS(object) ((uintptr_t)(__bridge void *)(object))
// A parameter or variable ARC must neither retain nor release (`self` in a dealloc hook, thread-local context).
#define LT_UNRETAINED __unsafe_unretained
// A plain number back to the object at that address (the caller knows it is alive); no ownership moves.
#define LT_OBJECT(address) ((__bridge id)(void *)(address))
#else
#define LT_ADDRESS(object) ((uintptr_t)(void *)(object))
#define LT_UNRETAINED
#define LT_OBJECT(address) ((id)(void *)(address))
#endif

// An autorelease pool around work that may run where no pool is in place (+load, a notification).
// gcc has no `@autoreleasepool`; ARC has no `NSAutoreleasePool`.
#if __has_feature(objc_arc)
#define LT_POOL_BEGIN @autoreleasepool {
#define LT_POOL_END }
#else
#define LT_POOL_BEGIN { NSAutoreleasePool *ltPool = [[NSAutoreleasePool alloc] init];
#define LT_POOL_END [ltPool release]; }
#endif

#endif
