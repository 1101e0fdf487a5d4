import Foundation

/// Opens a written file with the desktop's default application (`--open`): `open` on macOS, `xdg-open` elsewhere,
/// or the program `LEGO_TRACE_OPENER` names (tests, and desktops without either).
enum PageOpener {
    /// The environment variable naming the program that opens a file instead of the platform's.
    static let variable = "LEGO_TRACE_OPENER"

    /// Opens `path`; a failure is a warning, since the file itself was written.
    static func open(_ path: String, console: Console) {
        #if os(macOS)
        let platform = "open"
        #else
        let platform = "xdg-open"
        #endif
        let opener = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? platform
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [opener, path]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            console.warning("could not run \(opener) to open \(path): \(error.localizedDescription)")
            return
        }
        if process.terminationStatus != 0 {
            console.warning("\(opener) could not open \(path) (exit status \(process.terminationStatus)); open it yourself")
        }
    }
}
