import XFLegoVIPER

class SWDetailRouting: XFRouting {
    func back() {
        uiBus.popComponent()
        eventBus.sendEventName("refresh", intentData: nil, forComponents: ["Home"])
    }
}

class SWDetailPresenter: XFPresenter {}
