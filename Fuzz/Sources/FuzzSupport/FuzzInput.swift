import Foundation

/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`, in the forms the harnesses feed to the libraries.
public struct FuzzInput {
    /// The input's bytes, valid only during the call.
    public let bytes: UnsafeRawBufferPointer

    /// Wraps the pointer and length libFuzzer passes.
    public init(_ data: UnsafePointer<UInt8>?, _ count: Int) {
        bytes = UnsafeRawBufferPointer(start: data, count: count)
    }

    /// The input as UTF-8 text decoded the way the YAML loaders decode a file, or nil when they would refuse it as not UTF-8.
    public var text: String? {
        String(data: Data(bytes), encoding: .utf8)
    }
}
