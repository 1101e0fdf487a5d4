import UIKit

typealias LoginService = LoginServiceProtocol
fileprivate typealias Hidden = App.PayService

final class HomeScreen: UIViewController {
    func open(id: Int) {
        let home = QFRouter.router().interface(for: MoudleHomeProtocol.self) as? MoudleHome
        navigationController?.pushViewController(UIViewController(), animated: true)
        _ = router?.interface(for: URL(string: "MoudleDetail://x?titleString=\(id)&page=\(page(for: id))")!)
        _ = QFRouter.router().interfaceCacheModule(for: someProtocol)
        #if false
        _ = QFRouter.router().interface(for: URL(string: "Retired://x")!)
        #elseif DEBUG
        _ = QFRouter.router().interface(for: URL(string: "MoudleHome://x?bad=\n")!)
        #endif
        _ = UIView.interface(for: .dark)
    }
}
