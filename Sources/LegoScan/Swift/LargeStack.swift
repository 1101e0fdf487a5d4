#if canImport(Glibc)
import Glibc
#endif

/// Runs work on a thread with a large stack, and waits for it.
///
/// swift-syntax's parser and its visitors recurse once per level of the tree: `SwiftNesting` refuses what is known
/// to go deep, and this leaves room for what it lets through (a scan runs on the main thread, 8 MB, or a test's
/// thread, less). Only touched pages of the stack use memory.
///
/// One such thread is kept and reused: a new thread per file faulted its stack pages in afresh each time (with its
/// creation, a seventh of an NNModule-swift scan's time). A caller that finds it busy (tests scan in parallel) gets
/// a thread of its own for that call. Work already on such a thread runs inline: a scan hands its whole reading loop
/// over once, where waking the worker for each file cost a tenth of a scan of many small Swift files.
enum LargeStack {
    /// The stack size asked for.
    static let size = 512 << 20

    /// `body()`, run on a thread with a `size` stack (inline where no such thread can be made, or when the calling
    /// thread is one).
    static func run<Result>(_ body: () -> Result) -> Result {
        #if os(Linux)
        if isOnLargeStack { return body() }
        var result: Result?
        withoutActuallyEscaping(body) { body in
            let job = Job { result = body() }
            if let worker = Worker.shared, worker.tryRun(job) { return }
            runOnNewThread(job)
        }
        return result!
        #else
        return body()
        #endif
    }

    /// The work handed to a thread.
    private final class Job {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }

    #if os(Linux)
    /// Marks the threads this type starts (a non-nil value), so that work on them runs inline.
    private static let marker: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// Whether the calling thread is one this type started.
    private static var isOnLargeStack: Bool {
        guard let marker else { return false }
        return pthread_getspecific(marker) != nil
    }

    /// Marks the calling thread as one with a `size` stack.
    private static func markCurrentThread() {
        if let marker { pthread_setspecific(marker, UnsafeRawPointer(bitPattern: 1)) }
    }

    /// Runs `job` on a thread of its own with a `size` stack, or inline when none can be made.
    private static func runOnNewThread(_ job: Job) {
        let context = Unmanaged.passRetained(job)
        guard let thread = startThread(context.toOpaque(), detached: false, { raw in
            LargeStack.markCurrentThread()
            Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue().work()
            return nil
        }) else {
            context.release()
            job.work()
            return
        }
        pthread_join(thread, nil)
    }

    /// A new thread with a `size` stack running `start(context)`, or nil when none can be made.
    private static func startThread(_ context: UnsafeMutableRawPointer, detached: Bool,
                                    _ start: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        var thread = pthread_t()
        guard pthread_attr_setstacksize(&attributes, size) == 0,
              !detached || pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0,
              pthread_create(&thread, &attributes, start, context) == 0 else { return nil }
        return thread
    }

    /// The kept thread: it waits for one job at a time; `busy` lets one caller in, the others make their own thread.
    private final class Worker: @unchecked Sendable {
        /// The process's worker, started on first use; nil when its thread cannot be made.
        static let shared: Worker? = Worker()

        // Allocated, so that their addresses stay put (an `inout` to a class's property promises no address).
        private let busy = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// The job to run; nil once it has run.
        private var job: Job?

        private init?() {
            pthread_mutex_init(busy, nil)
            pthread_mutex_init(lock, nil)
            pthread_cond_init(changed, nil)
            guard LargeStack.startThread(Unmanaged.passUnretained(self).toOpaque(), detached: true, { raw in
                LargeStack.markCurrentThread()
                Unmanaged<Worker>.fromOpaque(raw!).takeUnretainedValue().loop()
                return nil
            }) != nil else { return nil }
        }

        /// Runs `job` on the worker and waits for it; false (nothing run) when another caller has the worker.
        func tryRun(_ job: Job) -> Bool {
            guard pthread_mutex_trylock(busy) == 0 else { return false }
            defer { pthread_mutex_unlock(busy) }
            pthread_mutex_lock(lock)
            self.job = job
            pthread_cond_broadcast(changed)
            while self.job != nil { pthread_cond_wait(changed, lock) }
            pthread_mutex_unlock(lock)
            return true
        }

        /// Runs each job handed over, for the life of the process.
        private func loop() {
            pthread_mutex_lock(lock)
            while true {
                while job == nil { pthread_cond_wait(changed, lock) }
                let work = job!.work
                pthread_mutex_unlock(lock)
                work()
                pthread_mutex_lock(lock)
                job = nil
                pthread_cond_broadcast(changed)
            }
        }
    }
    #endif
}
