import NNModule_swift

extension Module.Awake {
    @objc static func shopAwake() {
        Module.routeService.registerRoute("shop", used: ShopModule.router)
        Module.routeService.registerRoute("https://nnmodule.example") { url, navigator in
            navigator.push(WebViewController(url: url))
            return true
        }
        Module.launchTaskService.addRegister(ShopLaunchTask.self)
    }
}

enum ShopModule {
    static let detail = "shop/detail"

    static let router: URLRouter = {
        let router = URLRouter(with: Module.routeService)
        router.registerRoute("shop/list") { _, navigator in
            navigator.push(ShopListViewController())
            return true
        }
        router.delayedRegisterRoute(detail) { url, navigator in
            navigator.push(ShopDetailViewController(id: url.parameters["id"] as? String))
            return true
        }
        return router
    }()
}

final class ShopListViewController: UIViewController {
    func didSelect(_ item: Item) {
        Module.routeService.openRoute("shop/detail?id=42")
        Module.routeService.openRoute("https://nnmodule.example/about", parameters: [:])
        Module.routeService.openRoute(item.link)
    }
}
