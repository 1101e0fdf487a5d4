// Internals shared by the double's files; tests use only FrameworkDouble.h.
#import "FrameworkDouble.h"

/// Clears every table entry that holds `object`, as a weak table value reads nil once its object is gone.
void XFDoubleForget(id object);
/// The app-wide class prefix (`[[XFLegoConfig shareInstance] classPrefix]`, "" while none is set).
NSString *XFDoublePrefix(void);
