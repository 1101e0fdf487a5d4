import LegoRuntime

extension Scenario.Module {
    /// The runtime declaration of this module.
    public var spec: ModuleSpec {
        let runtimeKind: ModuleSpec.Kind = switch kind {
        case .viper: .viper
        // The XFLegoVIPER parser refuses the QFMoudle kind; were one built by hand, its class is its controller.
        case .controller, .protocolModule: .controller
        case .viewModel: .viewModel
        case .virtual: .virtual(gene: gene ?? "")
        }
        return ModuleSpec(name: name, kind: runtimeKind, layers: layers, classPrefix: classPrefix, tabs: tabs,
                          sharedDataManager: sharedDataManager)
    }
}
