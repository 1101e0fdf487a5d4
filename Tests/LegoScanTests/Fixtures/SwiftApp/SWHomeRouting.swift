import XFLegoVIPER

class SWHomeRouting: XFRouting {
    override class func routing() -> Self {
        let routing = super.routing()
        routing.assembly.autoAssemblyModule()
        return routing
    }

    func showDetail() {
        uiBus.openURL(forPush: "sw://home/detail", customCode: nil)
    }

    func showDetailByName() {
        uiBus.pushComponent("Detail", params: nil, intent: nil) { _ in }
    }

    func showDetailAsSub(_ parent: UIViewController) {
        _ = uiBus.createSubUInterface(fromComponentName: "Detail", parentUInterface: parent)
    }
}

class SWHomePresenter: XFPresenter {
    override func receiveComponentEventName(_ eventName: String, intentData: Any?) {
        if eventName == "refresh" {}
    }
}
