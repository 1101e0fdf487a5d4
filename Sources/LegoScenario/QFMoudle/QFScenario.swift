import LegoModel
import QFMoudleRuntime

/// A parsed QFMoudle scenario: the app (router, protocols, classes) and a journey through it.
///
/// `docs/qfmoudle.md` documents the YAML it comes from (`framework: qfmoudle`).
public struct QFScenario: Sendable, Hashable {
    /// The file the scenario was read from, as given.
    public var file: String
    /// Free text describing the scenario (its `description:` key), if any.
    public var notes: String?
    /// The app the runtime models.
    public var app: QFApp
    /// The journey steps, in order.
    public var journey: [Step]

    /// One journey step and where it was written.
    public struct Step: Sendable, Hashable {
        /// What the step does.
        public var action: Action
        /// Where it was written.
        public var position: Scenario.Position
    }

    /// What a journey step does.
    public enum Action: Sendable, Hashable {
        /// Resolves each protocol and makes its `interfaceViewController` the root (one) or the tabs (several).
        case showRoot([String])
        /// Selects a tab, from 0.
        case selectTab(Int)
        /// What a button handler does: resolve, optionally set the callback, take a getter's controller, show it.
        case open(Open)
        /// A lookup alone: the module is dropped at the end of the step, or kept by the visible controller.
        case resolve(Target, keep: Bool)
        /// The visible controller's back action: calls its module's callback block when set, then pops.
        case back
        /// Pops the visible controller.
        case pop
        /// Dismisses the top presented screen.
        case dismiss
        /// Lets virtual time pass.
        case advanceClock(Double)

        /// The step's keyword, for messages.
        public var keyword: String {
            switch self {
            case .showRoot: "showRoot"
            case .selectTab: "selectTab"
            case .open: "open"
            case .resolve(.url, _): "resolveURL"
            case .resolve: "resolve"
            case .back: "back"
            case .pop: "pop"
            case .dismiss: "dismiss"
            case .advanceClock: "advanceClock"
            }
        }
    }

    /// How a module is looked up.
    public enum Target: Sendable, Hashable {
        /// `interfaceForProtocol:@protocol(P)`.
        case protocolName(String)
        /// `interfaceForURL:` with this URL text.
        case url(String)
    }

    /// How an opened controller is shown.
    public enum Show: String, Sendable, Hashable, CaseIterable {
        case push, present
    }

    /// What an opener's callback block captures strongly.
    public enum Capture: String, Sendable, Hashable, CaseIterable {
        /// No callback is set.
        case none
        /// The opener (the visible controller): not a cycle.
        case opener
        /// The shown controller, which holds the module: a retain cycle.
        case shown
    }

    /// An `open` step.
    public struct Open: Sendable, Hashable {
        /// The lookup.
        public var target: Target
        /// The module's getter that makes the controller.
        public var getter: String
        /// Push or present.
        public var show: Show
        /// What the callback block set before showing captures.
        public var callback: Capture
    }
}
