#if canImport(Glibc)
import Glibc
#endif

/// Runs work on a thread of its own with a large stack, and waits for it.
///
/// swift-syntax's parser and its visitors recurse once per level of the tree: `SwiftNesting` refuses what is known
/// to go deep, and this leaves room for what it lets through (a scan runs on the main thread, 8 MB, or a test's
/// thread, less). Only touched pages of the stack use memory.
enum LargeStack {
    /// The stack size asked for.
    static let size = 512 << 20

    /// `body()`, run on a thread with a `size` stack (inline where no such thread can be made).
    static func run<Result>(_ body: () -> Result) -> Result {
        #if os(Linux)
        var result: Result?
        withoutActuallyEscaping(body) { body in
            let job = Job { result = body() }
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            var thread = pthread_t()
            let context = Unmanaged.passRetained(job)
            guard pthread_attr_setstacksize(&attributes, size) == 0,
                  pthread_create(&thread, &attributes, { raw in
                      Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue().work()
                      return nil
                  }, context.toOpaque()) == 0 else {
                context.release()
                job.work()
                return
            }
            pthread_join(thread, nil)
        }
        return result!
        #else
        return body()
        #endif
    }

    /// The work handed to the thread.
    private final class Job {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }
}
