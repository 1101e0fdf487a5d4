#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A small process-wide number for the calling OS thread, stored thread-locally; writers map it to their own 1, 2, 3….
enum ThreadToken {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
    private static let counter = Atomic<Int>(0)

    /// The calling thread's token, assigned on first use (0, 1, 2…).
    static var current: Int {
        if let stored = pthread_getspecific(key) {
            return Int(bitPattern: stored) - 1
        }
        let token = counter.add(1, ordering: .relaxed).oldValue
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: token + 1))
        return token
    }
}
