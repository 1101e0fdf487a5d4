// The hooks on XFLegoVIPER's classes: each replaces one method's implementation with a C function that records
// trace events and calls the original implementation it kept.
#ifndef LT_HOOKS_H
#define LT_HOOKS_H

/// Replaces the framework's methods (once per process; classes the app does not contain are skipped).
void LTHooksInstall(void);
/// Turns recording on for a new session: empties the identity and registry tables.
void LTHooksBeginSession(void);
/// Turns recording off; hooks stay installed and only call the originals.
void LTHooksEndSession(void);

#endif
