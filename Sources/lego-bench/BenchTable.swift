import Foundation

/// Renders results as an aligned text table.
struct BenchTable {
    /// The rows.
    var results: [BenchResult]

    /// The table, with a header row and a legend.
    func render() -> String {
        let header = ["section", "measurement", "events", "wall s", "events/s wall", "events/s CPU", "baseline (same run)", "ratio", "limit", "", "note"]
        var rows = [header]
        for result in results {
            var limits: [String] = []
            if let target = result.targetPerSecond { limits.append("≥ " + Self.rate(target) + "/s" + (result.targetOnCPU ? " CPU" : "")) }
            if let maxRatio = result.maxRatio { limits.append("≤ " + Self.decimal(maxRatio, digits: 2) + "×") }
            if let maxSeconds = result.maxSeconds { limits.append("≤ " + Self.shortest(maxSeconds) + " s") }
            let baseline = result.baseline.map { "\($0.name) \(Self.decimal($0.seconds, digits: 3)) s" } ?? "-"
            // Three decimals, so a ratio just over its limit never prints as equal to it.
            let ratio = result.ratio.map { Self.decimal($0, digits: 3) + "×" } ?? "-"
            let verdict = result.meetsTarget.map { $0 ? "PASS" : "MISSED" } ?? ""
            let events = result.events > 0
            rows.append([
                result.section, result.name, events ? Self.grouped(result.events) : "-", Self.decimal(result.wallSeconds, digits: 3),
                events ? Self.rate(result.wallRate) : "-", events ? Self.rate(result.cpuRate) : "-", baseline, ratio,
                limits.isEmpty ? "-" : limits.joined(separator: ", "), verdict, result.note,
            ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            zip(row, widths).enumerated().map { index, cell in
                let padding = String(repeating: " ", count: cell.1 - cell.0.count)
                // Text columns left-aligned, numbers right-aligned.
                return index < 2 || index >= 6 ? cell.0 + padding : padding + cell.0
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        lines.insert(String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)), at: 1)
        #if DEBUG
        lines.append("note: debug build; run `swift run -c release lego-bench` for real figures")
        #endif
        return lines.joined(separator: "\n")
    }

    static func rate(_ value: Double) -> String {
        value >= 1_000_000 ? decimal(value / 1_000_000, digits: 2) + "M" : decimal(value / 1_000, digits: 0) + "k"
    }

    static func decimal(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// Up to three decimals without trailing zeros: a limit of 0.13 s reads 0.13, not 0.1 (nor 0.130).
    static func shortest(_ value: Double) -> String {
        var text = decimal(value, digits: 3)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
