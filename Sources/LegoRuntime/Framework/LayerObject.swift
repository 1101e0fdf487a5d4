import LegoModel
import LegoRuntimeCore

// The layer classes of a module. Their stored properties reproduce the framework's reference graph
// (strong or weak exactly as in XFLegoVIPER), so modules are released by real reference counting and
// each `deinit` records `object.deinit`.

/// One object of a module layer; records its own deinitialization.
class LayerObject {
    let id: ObjectID
    let className: String
    /// The layer; nil for an object outside any module (a non-component event receiver).
    let layer: TraceEvent.Layer?
    /// The component name of the module instance it belongs to.
    let name: String
    /// The primary object (routing or component) of the module instance it belongs to.
    var ownerID: ObjectID
    let recorder: Recorder
    /// A closure user code stored in this object (a retain cycle when it captures the object).
    var userClosure: (() -> Void)?

    init(className: String, layer: TraceEvent.Layer?, name: String, recorder: Recorder) {
        self.id = recorder.nextID()
        self.className = className
        self.layer = layer
        self.name = name
        self.ownerID = id
        self.recorder = recorder
    }

    deinit {
        recorder.record(TraceEvent(kind: .objectDeinit, name: name, className: className, object: id, layer: layer))
    }
}

/// UIKit's window names a controller by its object id.
extension LayerObject: Identifiable {}

/// Something UIKit can show: an Activity or a view controller, holding its child interfaces strongly.
protocol UInterface: LayerObject {
    /// `childViewControllers`.
    var children: [LayerObject] { get set }
    /// The component this interface shows (`eventHandler` for an Activity).
    var shownComponent: ComponentObject? { get }
}

/// A runnable component: a Presenter, a component view controller or a view model.
class ComponentObject: LayerObject {
    /// `fromComponentRoutable` (weak).
    weak var fromComponent: ComponentObject?
    /// `nextComponentRoutable` (weak).
    weak var nextComponent: ComponentObject?
    /// Data to pass to the next component, or back to the previous one.
    var intentData: String?
    /// Data the previous component passed forward.
    var componentData: String?
    /// URL parameters it received, behaviour parameters removed.
    var urlParams: [Parameter] = []
    /// Notification names its event bus observes.
    var observedNotifications: [String] = []
    /// Events it received, in order (`receiveComponentEventName:intentData:`).
    var receivedEvents: [(name: String, data: String?)] = []
    /// Data passed back to it, in order (`onNewIntent:`).
    var backIntents: [String] = []

    /// The interface showing this component, if any.
    var interface: LayerObject? { nil }
}

/// An object user code registers with `XFPipe subscribeEventOnReceiver:withRegisterCompName:needReceiveEmitterEvent:`:
/// not a component, it receives the directed events sent to the name it registered.
final class EventReceiverObject: ComponentObject {}

/// `XFRouting`: the module's entry point; previous/next strong both ways, parent weak, sub-routings strong.
final class Routing: LayerObject {
    var previous: Routing?
    var next: Routing?
    weak var parent: Routing?
    /// Created lazily on the first sub-routing; set back to nil when released.
    var subRoutings: [Routing]?
    /// `uiOperator`: the Presenter (weak).
    weak var presenter: Presenter?
    /// `uiBus.currentUInterface`: the Activity (strong until the routing drops its UI reference).
    var currentInterface: LayerObject?
    var isSubRoute = false
    var releaseSucceeded = false

    /// `realUInterface`.
    var realInterface: LayerObject? { currentInterface ?? presenter?.userInterface }
}

/// `XFPresenter`: the VIPER component; holds its Routing and Interactor strongly.
final class Presenter: ComponentObject {
    var routing: Routing?
    var interactor: Interactor?
    weak var userInterface: Activity?

    override var interface: LayerObject? { routing?.realInterface ?? userInterface }
}

/// `XFActivity`: the view; holds its Presenter (`eventHandler`) and child interfaces strongly.
final class Activity: LayerObject, UInterface {
    var eventHandler: Presenter?
    var children: [LayerObject] = []
    var shownComponent: ComponentObject? { eventHandler }
}

/// `XFInteractor`: holds its DataManager strongly.
final class Interactor: LayerObject {
    var dataManager: DataManager?
}

/// `XFDataManager`.
final class DataManager: LayerObject {}

/// A view controller: a controller component itself, or the view of an MVVM component (holding its view model).
final class ViewController: ComponentObject, UInterface {
    var children: [LayerObject] = []
    var viewModel: ViewModel?
    var shownComponent: ComponentObject? { viewModel ?? self }
    override var interface: LayerObject? { self }
}

/// An MVVM view model: the component of an MVVM module; its view is weak.
final class ViewModel: ComponentObject {
    weak var view: ViewController?
    override var interface: LayerObject? { view }
}

/// A weak reference to any layer object.
struct WeakObject {
    weak var object: LayerObject?
    let id: ObjectID
    init(_ object: LayerObject) {
        self.object = object
        self.id = object.id
    }
}
