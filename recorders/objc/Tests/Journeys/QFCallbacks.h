// The QFMoudle app's callbacks: real blocks, set on a module as the app's button handlers would. gcc has no blocks,
// so these are the one file of the journeys clang compiles (-fobjc-runtime=gcc -fblocks; see the Makefile).
#import <Foundation/Foundation.h>

/// Sets on `module` a callback block that captures `captured` strongly.
void QFSetCallbackCapturing(id module, id captured);
/// Sets a callback block that captures `captured` unretained: gcc's runtime has no `__weak`, and an unretained
/// capture is the one a block's helpers leave alone, as they leave a `__weak` one to objc_destroyWeak.
void QFSetCallbackCapturingUnretained(id module, id captured);
/// Sets a callback block that captures an int only.
void QFSetCallbackCapturingNumber(id module, int number);
/// Sets a callback block that captures `captured` through a `__block` variable (held by its byref box).
void QFSetCallbackCapturingByref(id module, id captured);
/// Prints, one line per case, the captures LTBlockStrongCaptures reads from nil, a string, and blocks that capture
/// nothing, an int, two objects (on the stack and copied), one object in two variables, a block, a `__block` variable, and an
/// unretained object beside a strong one.
int QFReadBlockCaptures(void);
