import LegoModel

/// The verdict of `[module setValue:text forKey:key]` for a class, reproducing KVC's search by name (Apple's
/// *Key-Value Coding Programming Guide*, "Search Pattern for the Basic Setter"): a setter, then an ivar, else
/// `setValue:forUndefinedKey:`, which raises.
public enum QFKeyValueCoding {
    /// What setting `text` (nil for a query item without `=`) for `key` on an instance of a class whose properties
    /// are `properties` does.
    public static func verdict(key: String, text: String?, properties: [String: QFProperty]) -> QFKVCVerdict {
        guard let property = properties[key] ?? throughSetter(key, properties) else { return .undefinedKey }
        // A readonly computed property has neither a `set<Key>:` nor an ivar to fall back on.
        if property.readonly && !property.hasIvar { return .undefinedKey }
        guard let text else { return property.isScalar ? .nilIntoScalar : .plain }
        if property.isScalar {
            if QFProperty.otherScalars.contains(property.type) || !isNumeric(text, for: property.type) {
                return .stringInto(property.type)
            }
        } else if property.ownership == .weak {
            return .weakProperty
        } else if !QFProperty.stringTypes.contains(property.type) {
            return .stringInto(property.type)
        }
        return property.readonly ? .readonlyBypassed : .plain
    }

    /// The property whose setter `key` finds though the two differ in the case of the first letter: KVC looks for
    /// `set<Key>:` with the key's first letter made upper-case, so `Count` finds `count`'s `setCount:` and `uRLPath`
    /// finds `URLPath`'s `setURLPath:`. Its ivar search (`_<key>`, `_is<Key>`, `<key>`, `is<Key>`) keeps the key as
    /// written, so a readonly property is not found this way.
    static func throughSetter(_ key: String, _ properties: [String: QFProperty]) -> QFProperty? {
        guard let first = key.first else { return nil }
        let other = (first.isUppercase ? first.lowercased() : first.uppercased()) + key.dropFirst()
        guard other != key, let property = properties[other], !property.readonly else { return nil }
        return property
    }

    /// Whether `NSString`'s conversion for `type` reads `text` as written instead of making it 0 or NO.
    static func isNumeric(_ text: String, for type: String) -> Bool {
        let trimmed = text.drop { $0 == " " }
        if type == "BOOL" || type == "bool" {
            // `boolValue`: YES for a leading Y, y, T, t or a non-zero digit; NO for N, n, F, f, 0.
            return trimmed.first.map { "YyTtNnFf0123456789".contains($0) } ?? false
        }
        return Double(trimmed) != nil
    }
}
