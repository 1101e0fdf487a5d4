// lego-bench: throughput benchmarks for lego-trace. Run in release mode:
//   swift run -c release lego-bench [writer|reader|all ...] [--events N]
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let request = try BenchRequest(arguments: arguments)
    let results = try BenchRunner(request: request).run()
    print(BenchTable(results: results).render())
    // A missed target is reported in the table, not as a failure: figures depend on the machine.
    exit(0)
} catch let error as BenchUsageError {
    FileHandle.standardError.write(Data("lego-bench: \(error.message)\n\(BenchRequest.usage)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("lego-bench: \(error)\n".utf8))
    exit(1)
}
