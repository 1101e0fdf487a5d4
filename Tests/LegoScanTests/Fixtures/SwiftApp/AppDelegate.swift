import UIKit
import XFLegoVIPER

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        XFLegoConfig.shareInstance().setClassPrefix("SW")
        XFURLRoute.initURLGroup(["sw://home", "sw://home/detail"])
        XFUIBus.openURL("sw://home", on: window!) { _ in }
        return true
    }
}
