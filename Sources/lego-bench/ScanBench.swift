import Foundation
import LegoScan

/// `scan` of the corpus app and of a generated app of 5,000 source files (~100 MB): throughput on one core, and
/// peak memory against scanning the app's largest file alone (memory follows the largest file, not the app).
enum ScanBench {
    /// The throughput the issue asks for, in bytes of source per CPU second.
    static let targetBytesPerSecond = 50_000_000.0

    static func run(_ context: BenchContext) throws -> [BenchResult] {
        var results: [BenchResult] = []
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpora/XFLegoVIPERExample").path
        if FileManager.default.fileExists(atPath: corpus) {
            results.append(try measure(corpus, name: "corpus app (XFLegoVIPERExample)", target: nil))
        }
        let files = context.quick ? 500 : 5_000
        let app = context.directory + "/generated-app"
        let largest = context.directory + "/largest-only"
        try generate(files: files, into: app, largestAlsoInto: largest)
        results.append(try measure(app, name: "generated app, \(BenchTable.grouped(files)) files", target: targetBytesPerSecond))

        let legoTrace = ChildProcess.sibling("lego-trace")
        let arguments = ["scan", "--format", "json", "--output", "/dev/null", "--fail-on", "never"]
        let whole = try ChildProcess.runMeasuringMemory([legoTrace] + arguments.prefix(1) + [app] + arguments.dropFirst(), scratch: context.directory)
        let alone = try ChildProcess.runMeasuringMemory([legoTrace] + arguments.prefix(1) + [largest] + arguments.dropFirst(), scratch: context.directory)
        var memory = BenchResult(section: "scan", name: "peak memory, whole app vs its largest file", events: files, bytes: nil,
                                 wallSeconds: whole.wall, cpuSeconds: whole.cpu)
        let slack = 64 << 20
        memory.judged = whole.status == 0 && alone.status == 0 && whole.peakBytes <= alone.peakBytes + slack
        memory.note = "\(whole.peakBytes >> 20) MB for the app, \(alone.peakBytes >> 20) MB for its largest file alone (limit: + \(slack >> 20) MB)"
        results.append(memory)
        return results
    }

    private static func measure(_ path: String, name: String, target: Double?) throws -> BenchResult {
        var best: (wall: Double, cpu: Double, bytes: Int)?
        for _ in 0..<3 {
            let run = try BenchClock.measure { try AppScanner.scan(directory: path).byteCount }
            if best == nil || run.cpu < best!.cpu { best = (run.wall, run.cpu, run.value) }
        }
        guard let best else { throw BenchUsageError(message: "scan of \(path) did not run") }
        var row = BenchResult(section: "scan", name: name, events: best.bytes, bytes: best.bytes, wallSeconds: best.wall, cpuSeconds: best.cpu,
                              targetPerSecond: target, targetOnCPU: true)
        row.note = String(format: "%.1f MB, %.0f MB/s of source (CPU)", Double(best.bytes) / 1e6, Double(best.bytes) / 1e6 / max(best.cpu, 1e-9))
        return row
    }

    /// Writes `files` Objective-C files of about 20 KB (one of 2 MB, the largest, also written alone to `largest`).
    private static func generate(files: Int, into directory: String, largestAlsoInto largest: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try manager.createDirectory(atPath: largest, withIntermediateDirectories: true)
        for index in 0..<files {
            let folder = directory + "/Module \(index / 100)"
            if index % 100 == 0 { try manager.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let text = source(index, files: files, targetBytes: index == 0 ? 2_000_000 : 20_000)
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/XFM\(index)Routing.m"))
            if index == 0 { try Data(text.utf8).write(to: URL(fileURLWithPath: largest + "/XFM0Routing.m")) }
        }
    }

    private static func source(_ index: Int, files: Int, targetBytes: Int) -> String {
        let next = (index + 1) % files
        var text = """
        //  XFM\(index)Routing.m 模块 \(index)
        #import "XFM\(index)Routing.h"
        @interface XFM\(index)Routing : XFRouting
        @end
        @interface XFM\(index)Presenter : XFPresenter
        @end
        @implementation XFM\(index)Routing
        XF_AutoAssemblyModule_Fast

        """
        var method = 0
        while text.utf8.count < targetBytes {
            text += """
            /* 跳转到下一个模块，注释里的 XF_PUSH_URLComponent_Fast(@"xf://m\(index)/hidden") 不是代码 */
            - (void)transition\(method)WithTitle:(NSString *)title {
                NSString *label = [NSString stringWithFormat:@"第%d页 \\"%@\\"", \(method), title];
                [self.realUInterface.navigationController setTitle:label animated:(title.length > 0 ? YES : NO)];
                XF_PUSH_URLComponent_Fast(@"xf://m\(index)/m\(next)?page=\(method)")
                XF_SendEventForComponents_(@"refresh", @{@"page": @(\(method))}, @"M\(next)")
                char separator = '/';
            #if 0
                XF_Present_Component_Fast(@"Disabled")
            #endif
            }

            """
            method += 1
        }
        return text + "@end\n"
    }
}
