class XFPostRouting: XFRouting {
    override func viewDidLoad() {
        uiBus.openURL(forPush: "bdj://indexTab/essence/post", customCode: nil)
        eventBus.sendEvent(forComponents: ["Essence"], eventName: "refresh \\(x[y[0]])", intentData: nil)
    }
    func receiveComponentEventName(_ eventName: String, intentData: Any?) {
        switch eventName { case "refresh": break; default: break }
        if eventName == "reload" {}
    }
}
