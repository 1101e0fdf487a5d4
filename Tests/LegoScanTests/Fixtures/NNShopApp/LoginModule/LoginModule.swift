import NNModule_swift

extension Module.RegisterService {
    @objc static func registerLogin() {
        Module.register(service: LoginService.self, used: LoginServiceImpl.self)
    }
}

extension Module.Awake {
    @objc static func loginAwake() {
        Module.routeService.registerRoute("login") { _, navigator in
            navigator.present(LoginViewController())
            return true
        }
        Module.routeService.registerRoute("settings") { url, navigator in
            navigator.push(SettingsViewController(path: url.path))
            return true
        }
        Module.routeService.routeRedirector.updateRedirectRoutes(["old/settings": "settings"])
        Module.tabService.addRegister(MineTab.self)
    }
}

enum LoginModule {
    protocol LoginEvent: AnyObject { func didLogin() }
}

class LoginServiceImpl: NSObject, LoginService {
    static var implPriority: Int { 0 }
    private var observers: [NotificationObserver] = []

    required override init() {
        super.init()
        let config = Module.service(of: ModuleConfigService.self)
        _ = config
    }

    func login() {
        Module.notificationService.post(name: .userDidLogin, isSticky: true)
        EventBus.default.send(LoginModule.LoginEvent.self) { $0.didLogin() }
    }
}

class MineTab: NSObject, RegisterTabItemService {
    required override init() {
        super.init()
        EventBus.default.register(LoginModule.LoginEvent.self, target: self)
        Module.notificationService.addObserver(forName: .userDidLogin, isSticky: true) { _ in }.disposed(by: self)
        let token = NotificationCenter.default.addObserver(forName: Notification.Name("userDidLogout"), isSticky: false) { _ in }
        keep(token)
    }
}

// The services the modules provide, declared as a shared services module would.
protocol LoginService: AnyObject {}
@objc protocol ModuleConfigService {}
