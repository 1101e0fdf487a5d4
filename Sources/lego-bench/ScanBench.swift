import Foundation
import LegoModel
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
        // The other frameworks' scanners on generated apps of the same size and shape (ordinary code, a few framework
        // calls per file: for NNModule-swift one file in four calls the framework, as a module's entry and its
        // screens would among its views and models), judged as the XFLegoVIPER app is; and on the repository's own
        // fixtures copied side by side (1 KB files, every line a framework call: the worst case), judged as the
        // corpus app is, by nothing: on files that small, opening and reading each one is most of 50 MB/s's budget,
        // so each row shows that floor, measured on the same files in the same run.
        for framework in [Framework.qfMoudle, .nnModule] {
            let path = context.directory + "/generated-\(framework.rawValue)"
            try generate(framework, files: files, into: path)
            results.append(try measure(path, name: "\(framework.displayName): generated app, \(BenchTable.grouped(files)) files",
                                       target: targetBytesPerSecond, framework: framework))
        }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/LegoScanTests/Fixtures").path
        for (fixture, framework) in [("QFFaultsApp", Framework.qfMoudle), ("NNShopApp", .nnModule)] {
            let copies = context.quick ? 50 : 1_000
            let path = context.directory + "/\(fixture)-copies"
            try copy(fixtures + "/" + fixture, times: copies, into: path)
            var row = try measure(path, name: "\(framework.displayName): \(fixture) × \(BenchTable.grouped(copies))",
                                  target: nil, framework: framework)
            let floor = try readFloor(path)
            row.note += String(format: "; reading its %d files alone: %.0f MB/s (CPU), scan %.1f× that",
                               floor.files, Double(floor.bytes) / 1e6 / max(floor.cpu, 1e-9), row.cpuSeconds / max(floor.cpu, 1e-9))
            results.append(row)
        }

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

    private static func measure(_ path: String, name: String, target: Double?, framework: Framework = .xflegoViper) throws -> BenchResult {
        var best: (wall: Double, cpu: Double, bytes: Int)?
        for _ in 0..<3 {
            let run = try BenchClock.measure { try AppScanner.scan(directory: path, framework: framework).byteCount }
            if best == nil || run.cpu < best!.cpu { best = (run.wall, run.cpu, run.value) }
        }
        guard let best else { throw BenchUsageError(message: "scan of \(path) did not run") }
        var row = BenchResult(section: "scan", name: name, events: best.bytes, bytes: best.bytes, wallSeconds: best.wall, cpuSeconds: best.cpu,
                              targetPerSecond: target, targetOnCPU: true)
        row.note = String(format: "%.1f MB, %.0f MB/s of source (CPU)", Double(best.bytes) / 1e6, Double(best.bytes) / 1e6 / max(best.cpu, 1e-9))
        return row
    }

    /// The least any scan of `path` costs: listing its folders, then opening, reading and closing every regular file
    /// (best CPU time of three, with the file and byte counts).
    private static func readFloor(_ path: String) throws -> (cpu: Double, files: Int, bytes: Int) {
        var best: (cpu: Double, files: Int, bytes: Int)?
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        for _ in 0..<3 {
            let run = BenchClock.measure { buffer.withUnsafeMutableBytes { readAll(path, into: $0) } }
            if best == nil || run.cpu < best!.cpu { best = (run.cpu, run.value.files, run.value.bytes) }
        }
        guard let best, best.files > 0 else { throw BenchUsageError(message: "no file to read under \(path)") }
        return best
    }

    /// Reads every regular file under `directory` into `buffer`, returning how many files and bytes were read.
    private static func readAll(_ directory: String, into buffer: UnsafeMutableRawBufferPointer) -> (files: Int, bytes: Int) {
        guard let stream = opendir(directory) else { return (0, 0) }
        defer { closedir(stream) }
        var total = (files: 0, bytes: 0)
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let child = directory + "/" + name
            if Int32(entry.pointee.d_type) == Int32(DT_DIR) {
                let inner = readAll(child, into: buffer)
                total = (total.files + inner.files, total.bytes + inner.bytes)
            } else if Int32(entry.pointee.d_type) == Int32(DT_REG) {
                let descriptor = open(child, O_RDONLY)
                guard descriptor >= 0 else { continue }
                while case let count = read(descriptor, buffer.baseAddress, buffer.count), count > 0 { total.bytes += count }
                close(descriptor)
                total.files += 1
            }
        }
        return total
    }

    /// Copies the folder `fixture` `times` times into `directory`, one sub-folder per copy.
    private static func copy(_ fixture: String, times: Int, into directory: String) throws {
        let manager = FileManager.default
        try? manager.removeItem(atPath: directory)
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for index in 0..<times { try manager.copyItem(atPath: fixture, toPath: directory + "/copy \(index)") }
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
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/XF\(moduleName(index))Routing.m"))
            if index == 0 { try Data(text.utf8).write(to: URL(fileURLWithPath: largest + "/XF\(moduleName(index))Routing.m")) }
        }
    }

    /// `lego-bench write-app`: the generated app of `framework` the scan section measures, written to `directory`.
    static func writeApp(_ framework: Framework, files: Int, into directory: String) throws {
        if framework == .xflegoViper {
            let largest = directory + ".largest"
            try generate(files: files, into: directory, largestAlsoInto: largest)
            try FileManager.default.removeItem(atPath: largest)
        } else {
            try generate(framework, files: files, into: directory)
        }
    }

    /// Writes a QFMoudle or NNModule-swift app of `files` source files of about 20 KB each, in folders of 100.
    private static func generate(_ framework: Framework, files: Int, into directory: String) throws {
        let manager = FileManager.default
        try? manager.removeItem(atPath: directory)
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for index in 0..<files {
            let folder = directory + "/Module \(index / 100)"
            if index % 100 == 0 { try manager.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            // NNModule-swift: the next module with a route is four files on (entries are every fourth file).
            let name = moduleName(index), next = moduleName((index + (framework == .qfMoudle ? 1 : 4)) % (files - files % 4))
            let (file, text) = framework == .qfMoudle
                ? ("Moudle\(name).m", qfSource(index, name: name, next: next))
                : ("\(name).swift", nnSource(index, name: name, next: next))
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + file))
        }
    }

    /// A QFMoudle module (its protocol, its class, a screen opening the next module by protocol and by URL) and
    /// ordinary Objective-C; the first file also holds the router, a copy of `QFRouter.m:45-63`.
    private static func qfSource(_ index: Int, name: String, next: String) -> String {
        var text = index > 0 ? "#import \"QFRouter.h\"\n" : """
        @protocol QFMoudleProtocol <NSObject>
        @property (nonatomic, weak) UIViewController *interfaceViewController;
        @end
        @interface QFRouter : NSObject
        @end
        @implementation QFRouter
        - (id)interfaceForProtocol:(Protocol *)protocol {
            return [[NSClassFromString(NSStringFromProtocol(protocol)) alloc] init];
        }
        - (id)interfaceForURL:(NSURL *)url {
            id module = [self interfaceForProtocol:NSProtocolFromString(url.scheme)];
            for (NSURLQueryItem *item in [NSURLComponents componentsWithURL:url resolvingAgainstBaseURL:NO].queryItems) {
                [module setValue:item.value forKey:item.name];
            }
            return module;
        }
        @end

        """
        text += """
        @protocol Moudle\(name) <QFMoudleProtocol>
        @property (nonatomic, copy) NSString *titleString;
        @property (nonatomic, assign) NSInteger page;
        @end
        @interface Moudle\(name) : NSObject <Moudle\(name)>
        @end
        @implementation Moudle\(name)
        @synthesize interfaceViewController = _interfaceViewController;
        @end
        @interface \(name)ViewController : UIViewController
        @end
        @implementation \(name)ViewController
        - (void)openNext {
            id<Moudle\(next)> module = [[QFRouter sharedInstance] interfaceForProtocol:@protocol(Moudle\(next))];
            [self.navigationController pushViewController:module.interfaceViewController animated:YES];
            [[QFRouter sharedInstance] interfaceForURL:[NSURL URLWithString:@"Moudle\(next)://?titleString=next&page=2"]];
        }

        """
        var method = 0
        while text.utf8.count < 20_000 {
            text += """
            /* 更新标题：注释里的 [[QFRouter sharedInstance] interfaceForURL:@"Moudle\(name)://?hidden=1"] 不是代码 */
            - (void)updateTitle\(method):(NSString *)title subtitle:(NSString *)subtitle {
                NSString *label = [NSString stringWithFormat:@"第%d页 \\"%@\\"", \(method), title];
                [self.navigationController.navigationBar setTitleTextAttributes:@{NSForegroundColorAttributeName: [UIColor whiteColor]}];
                [self setTitle:(title.length > 0 ? label : subtitle)];
                char separator = '/';
            #if 0
                [[QFRouter sharedInstance] interfaceForProtocol:@protocol(MoudleDisabled)];
            #endif
            }

            """
            method += 1
        }
        return text + "@end\n"
    }

    /// An NNModule-swift file: one in four is a module's entry (a service registered with its impl and priority, a
    /// route, a screen opening the next module's route), the others are ordinary views with no framework call.
    private static func nnSource(_ index: Int, name: String, next: String) -> String {
        var text: String
        if index % 4 == 0 {
            text = """
            import NNModule_swift
            import UIKit

            protocol \(name)Service: ModuleFunctionalType {}

            final class \(name)ServiceImpl: NSObject, \(name)Service {
                static var implPriority: Int { 100 }
            }

            extension Module.RegisterService {
                @objc static func register\(name)() {
                    Module.register(service: \(name)Service.self, used: \(name)ServiceImpl.self)
                }
            }

            extension Module.Awake {
                @objc static func awake\(name)() {
                    Module.routeService.registerRoute("\(name.lowercased())/detail") { url, navigator in
                        navigator.push(\(name)ViewController())
                        return true
                    }
                }
            }

            final class \(name)ViewController: UIViewController {
                func openNext() {
                    Module.routeService.openRoute("\(next.lowercased())/detail?id=42")
                }

            """
        } else {
            text = """
            import UIKit

            final class \(name)Cell: UITableViewCell {

            """
        }
        var method = 0
        while text.utf8.count < 20_000 {
            text += """
                /// 更新标题：第 \(method) 个 "section"
                func updateTitle\(method)(_ title: String, subtitle: String?) {
                    let label = "第\\(\(method))页 \\"\\(title)\\""
                    accessibilityLabel = title.isEmpty ? (subtitle ?? label) : label
                    let values = [1, 2, 3].map { $0 * \(method) }.filter { $0 > 1 }
                    if let first = values.first, first > 2 { print("first: \\(first)") }
                }

            """
            method += 1
        }
        return text + "}\n"
    }

    /// A module name of letters only (the prefix rule stops at the first lowercase letter): `Mbaa`, `Mbab`, ….
    private static func moduleName(_ index: Int) -> String {
        var letters = ""
        var rest = index
        for _ in 0..<4 {
            letters = String(UnicodeScalar(UInt8(97 + rest % 26))) + letters
            rest /= 26
        }
        return "M" + letters
    }

    /// One routing file: a few transitions and an event like a real module, the rest ordinary Objective-C
    /// (message sends, comments with Chinese text, string and character literals, an `#if 0` block).
    private static func source(_ index: Int, files: Int, targetBytes: Int) -> String {
        let name = moduleName(index), next = moduleName((index + 1) % files)
        var text = """
        //  XF\(name)Routing.m 模块 \(index)
        #import "XF\(name)Routing.h"
        @interface XF\(name)Routing : XFRouting
        @end
        @interface XF\(name)Presenter : XFPresenter
        @end
        @implementation XF\(name)Routing
        XF_AutoAssemblyModule_Fast

        - (void)transitionToNext {
            XF_PUSH_URLComponent_Fast(@"xf://\(name.lowercased())/\(next.lowercased())?page=1")
            XF_SendEventForComponents_(@"refresh", nil, @"\(next)")
        }

        """
        var method = 0
        while text.utf8.count < targetBytes {
            text += """
            /* 更新标题：注释里的 XF_PUSH_URLComponent_Fast(@"xf://\(name.lowercased())/hidden") 不是代码 */
            - (void)updateTitle\(method):(NSString *)title subtitle:(NSString *)subtitle {
                NSString *label = [NSString stringWithFormat:@"第%d页 \\"%@\\"", \(method), title];
                [self.realUInterface.navigationController.navigationBar setTitleTextAttributes:@{NSForegroundColorAttributeName: [UIColor whiteColor]}];
                [self.realUInterface setTitle:(title.length > 0 ? label : subtitle)];
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
