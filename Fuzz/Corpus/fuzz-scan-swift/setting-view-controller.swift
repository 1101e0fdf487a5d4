// Fixture for LegoScanTests: Swift calls the framework's Objective-C API as Swift imports it.
import UIKit

class BDJSettingViewController: UIViewController {
    func openWeb() {
        uiBus.openURL(forPush: "bdj://web?url=https://example.com", customCode: nil)
        // uiBus.openURL(forPush: "bdj://commented/swift", customCode: nil)
        let text = "uiBus.pushComponent(\"InSwiftString\", params: nil, intent: nil, customCode: nil)"
        eventBus.sendEventName("refresh", intentData: text, forComponentName: "Essence")
        uiBus.dismissComponent()
    }

    override func receiveComponentEventName(_ eventName: String, intentData: Any?) {
        switch eventName {
        case "settingChanged": break
        default: break
        }
    }
}
