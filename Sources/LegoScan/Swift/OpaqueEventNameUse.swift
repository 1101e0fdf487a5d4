import SwiftSyntax

/// In a Swift event handler's body, the first place that may take other event names than the literals it compares
/// for equality: the name given to a call other than a log (`hasPrefix`, `contains`, a helper), compared with something
/// other than a literal, `super.receiveComponentEventName`, an `else` or a `default:`. The framework delivers every
/// event to the handler (`XFComponentManager.m:135-136`), so such a handler may handle any name.
final class OpaqueEventNameUse: SyntaxVisitor {
    private let parameter: String
    private let source: SyntaxSource
    private var found: (node: Syntax, text: String)?

    private init(parameter: String, source: SyntaxSource) {
        self.parameter = parameter
        self.source = source
        super.init(viewMode: .sourceAccurate)
    }

    /// The first such place in `body`, with a short description, or nil when the body only compares with literals.
    static func first(in body: CodeBlockSyntax, parameter: String, source: SyntaxSource) -> (node: Syntax, text: String)? {
        let finder = OpaqueEventNameUse(parameter: parameter, source: source)
        finder.walk(body)
        return finder.found
    }

    private func note(_ node: some SyntaxProtocol, _ text: String) -> SyntaxVisitorContinueKind {
        if found == nil { found = (Syntax(node), text) }
        return .skipChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        guard found == nil else { return .skipChildren }
        // `else if` is another comparison; a final `else` that does something takes every other name.
        if let elseBody = node.elseBody?.as(CodeBlockSyntax.self), !Self.doesNothing(elseBody.statements) { return note(elseBody, "else") }
        return .visitChildren
    }

    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
        // `default: break`, which a `switch` over a string needs, takes no other name; a default that acts does, and so
        // does a case that matches anything (`case _:`, `case let name:`).
        guard !Self.doesNothing(node.statements) else { return .visitChildren }
        if node.label.is(SwitchDefaultLabelSyntax.self) { return note(node, "default") }
        if let label = node.label.as(SwitchCaseLabelSyntax.self), label.caseItems.contains(where: Self.matchesAnything) {
            return note(node, "case " + label.caseItems.trimmedDescription)
        }
        return .visitChildren
    }

    /// A pattern other than a literal: `_`, `let name`, or one with a `where` (`case let name where name.hasSuffix("load")`),
    /// any of which may match names the scan cannot list.
    private static func matchesAnything(_ item: SwitchCaseItemSyntax) -> Bool {
        if item.whereClause != nil { return true }
        if let expression = item.pattern.as(ExpressionPatternSyntax.self) { return !expression.expression.is(StringLiteralExprSyntax.self) }
        return true
    }

    /// Whether `statements` are empty, `break` or a bare `return`.
    private static func doesNothing(_ statements: CodeBlockItemListSyntax) -> Bool {
        statements.allSatisfy { item in
            if let statement = item.item.as(BreakStmtSyntax.self) { return statement.label == nil }
            if let statement = item.item.as(ReturnStmtSyntax.self) { return statement.expression == nil }
            return false
        }
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.base?.is(SuperExprSyntax.self) == true, node.declName.baseName.text == "receiveComponentEventName" {
            return note(node, "super.receiveComponentEventName")
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard found == nil, node.baseName.text == parameter, !isComparedWithALiteral(node), !isSwitchSubject(node), !isLogged(node) else {
            return .skipChildren
        }
        return note(node, parameter)
    }

    /// `name == "x"` (unfolded or folded), with a literal on the other side.
    private func isComparedWithALiteral(_ node: DeclReferenceExprSyntax) -> Bool {
        if let list = node.parent?.as(ExprListSyntax.self) {
            let elements = Array(list)
            guard let index = elements.firstIndex(where: { $0.id == node.id }) else { return false }
            for (operatorIndex, otherIndex) in [(index + 1, index + 2), (index - 1, index - 2)]
            where elements.indices.contains(operatorIndex) && elements.indices.contains(otherIndex) {
                if let binary = elements[operatorIndex].as(BinaryOperatorExprSyntax.self), binary.operator.text == "==",
                   elements[otherIndex].is(StringLiteralExprSyntax.self) {
                    return true
                }
            }
            return false
        }
        if let infix = node.parent?.as(InfixOperatorExprSyntax.self), infix.operator.text(in: source) == "==" {
            let other = infix.leftOperand.id == node.id ? infix.rightOperand : infix.leftOperand
            return other.is(StringLiteralExprSyntax.self)
        }
        return false
    }

    private func isSwitchSubject(_ node: DeclReferenceExprSyntax) -> Bool {
        node.parent?.as(SwitchExprSyntax.self).map { $0.subject.id == node.id } ?? false
    }

    /// An argument (or an interpolation in one) of `print`, `debugPrint`, `NSLog` or a logger's call.
    private func isLogged(_ node: DeclReferenceExprSyntax) -> Bool {
        var current = node.parent
        while let parent = current {
            if let call = parent.as(FunctionCallExprSyntax.self) {
                let callee = call.calledExpression.text(in: source)
                let name = callee.split(separator: ".").last.map(String.init) ?? callee
                return name == "print" || name == "debugPrint" || name.hasPrefix("NSLog") || name.hasSuffix("Log") || name == "os_log"
                    || ["log", "debug", "info", "notice", "warning", "error", "trace"].contains(name)
            }
            if parent.is(CodeBlockItemSyntax.self) { return false }
            current = parent.parent
        }
        return false
    }
}
