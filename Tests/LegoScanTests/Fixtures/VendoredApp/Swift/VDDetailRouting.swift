import XFLegoVIPER

class VDDetailRouting: XFRouting {
}

class VDDetailPresenter: XFPresenter {
}

// An extension is never a class or a module either.
extension UIViewController {
    func vdClose() { dismiss(animated: true) }
}
