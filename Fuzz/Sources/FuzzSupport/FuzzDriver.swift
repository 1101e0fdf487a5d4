import CFuzzDriver
import Foundation

/// Starts libFuzzer from a harness's `main`.
///
/// SwiftPM links an executable's `main` to its module's entry point (`<module>_main`, so tests can import
/// executables), which keeps libFuzzer's own `main` out of the link; each harness's `@main` calls this instead.
public enum FuzzDriver {
    /// Runs libFuzzer with the process's arguments on `testOneInput` and exits with its status.
    public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }
}
