#ifndef LEGO_CSPAWN_H
#define LEGO_CSPAWN_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` in a process group of its own, the signals in `default_signals` back to
/// their default action and none blocked, and (on Linux) SIGKILL as its parent-death signal, so the program never
/// outlives the process that started it, even one killed with SIGKILL. With `trace_to_stdout`, descriptor 3 is
/// the caller's standard output and the program's standard output its standard error.
/// Returns 0 and sets `pid`, or the errno of the failed fork or exec (the child is then reaped).
int lego_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[], int trace_to_stdout,
               const int *default_signals, int default_count);

#endif
