// Uses LegoRuntime through the versioned dependency
// first argument, so the check also proves the library runs.
import Foundation
import LegoRuntime

let runtime = LegoRuntime.fromEnvironment(app: "VersionedDependencyCheck")
runtime.declare(ModuleSpec(name: "Home", classPrefix: "XF"))
runtime.declare(ModuleSpec(name: "Detail", classPrefix: "XF"))
runtime.registerURLs(["xf://home", "xf://home/detail"])
if let home = runtime.showRoot(url: "xf://home").module {
    runtime.open(url: "xf://home/detail", from: home)
}
runtime.close()
print("live modules: \(runtime.liveModuleNames.sorted().joined(separator: ", "))")
