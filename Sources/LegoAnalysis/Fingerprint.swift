/// Builds stable finding fingerprints: FNV-1a 64 over the parts that identify a defect, as 16 hex digits.
///
/// Callers pass rule id, module, class names, URLs and kinds of holder, never seq, times or object ids,
/// so the same defect hashes the same across recordings.
public enum Fingerprint {
    /// The fingerprint of `parts`, joined with a separator that cannot occur in names.
    public static func make(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for (index, part) in parts.enumerated() {
            if index > 0 { hash = step(hash, 0x1f) }
            for byte in part.utf8 { hash = step(hash, byte) }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
}
