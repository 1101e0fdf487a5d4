#include "CSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

// posix_spawn cannot set a parent-death signal; between fork and exec the child calls only async-signal-safe
// functions. An exec failure travels back through a close-on-exec pipe.
int lego_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[], int trace_to_stdout,
               const int *default_signals, int default_count) {
    int fds[2];
    if (pipe(fds) != 0) return errno;
    // Above descriptor 3, which the child may need for the trace.
    int report = fcntl(fds[1], F_DUPFD_CLOEXEC, 10);
    int reader = fcntl(fds[0], F_DUPFD_CLOEXEC, 10);
    close(fds[0]);
    close(fds[1]);
    if (report < 0 || reader < 0) {
        int error = errno;
        if (report >= 0) close(report);
        if (reader >= 0) close(reader);
        return error;
    }
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) {
        int error = errno;
        close(report);
        close(reader);
        return error;
    }
    if (child == 0) {
        close(reader);
        setpgid(0, 0);
        for (int index = 0; index < default_count; index++) signal(default_signals[index], SIG_DFL);
        sigset_t empty;
        sigemptyset(&empty);
        sigprocmask(SIG_SETMASK, &empty, NULL);
        if (trace_to_stdout) {
            dup2(1, 3);
            dup2(2, 1);
        }
#ifdef __linux__
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        // The parent may have died before the line above: then nothing would ever send the signal.
        if (getppid() != parent) _exit(127);
#endif
        execve(path, argv, envp);
        int error = errno;
        ssize_t ignored = write(report, &error, sizeof error);
        (void)ignored;
        _exit(127);
    }
    // Both sides set the group, so signals sent to it right after this returns reach the child.
    setpgid(child, child);
    close(report);
    int error = 0;
    ssize_t count;
    do {
        count = read(reader, &error, sizeof error);
    } while (count < 0 && errno == EINTR);
    close(reader);
    if (count == (ssize_t)sizeof error) {
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
        return error;
    }
    *pid = child;
    return 0;
}
