import LegoModel
import SwiftSyntax

/// The arms of the runtime branches (`if`, `switch`, `guard`, `?:`) around a Swift node within its function: two facts
/// in two arms of one of them are never both run by one call. Arms inside a loop or a closure (which may run many times,
/// `forEach`) are not exclusive, nor are the cases of a `switch` with a `fallthrough`.
struct RuntimeBranches {
    /// The `guard` statements of each statement list asked about, found once (a function of many registrations asks for
    /// each).
    private var guardsByList: [SyntaxIdentifier: [GuardStmtSyntax]] = [:]

    /// The arms around `node`, each named by where its statement is (`location`).
    mutating func of(_ node: some SyntaxProtocol, location: (Syntax) -> LegoModel.SourceLocation) -> [SourceBranch] {
        var found: [SourceBranch] = []
        var child = Syntax(node)
        while let parent = child.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(AccessorDeclSyntax.self)
                || parent.is(DeinitializerDeclSyntax.self) {
                break
            }
            if parent.is(ClosureExprSyntax.self) { return [] }
            if parent.is(ForStmtSyntax.self) || parent.is(WhileStmtSyntax.self) || parent.is(RepeatStmtSyntax.self) { found.removeAll() }
            if let branch = parent.as(IfExprSyntax.self) {
                if child.id == Syntax(branch.body).id {
                    found.append(.init(directive: location(Syntax(branch)), clause: 0))
                } else if let keyword = branch.elseKeyword, child.position >= keyword.position {
                    found.append(.init(directive: location(Syntax(branch)), clause: 1))
                }
            } else if let guardStatement = parent.as(GuardStmtSyntax.self), child.id == Syntax(guardStatement.body).id {
                found.append(.init(directive: location(Syntax(guardStatement)), clause: 0))
            } else if let item = child.as(CodeBlockItemSyntax.self), let list = parent.as(CodeBlockItemListSyntax.self) {
                // After a `guard`, the statements run only when its `else` (which must leave the scope) did not.
                for guardStatement in guards(in: list) where guardStatement.position < item.position {
                    found.append(.init(directive: location(Syntax(guardStatement)), clause: 1))
                }
            } else if let switchCase = child.as(SwitchCaseSyntax.self), let cases = parent.as(SwitchCaseListSyntax.self),
                      let switchExpression = cases.parent?.as(SwitchExprSyntax.self),
                      !cases.contains(where: { $0.as(SwitchCaseSyntax.self)?.statements.contains { $0.item.is(FallThroughStmtSyntax.self) } == true }) {
                let index = cases.firstIndex { $0.id == switchCase.id }.map { cases.distance(from: cases.startIndex, to: $0) } ?? 0
                found.append(.init(directive: location(Syntax(switchExpression)), clause: index))
            } else if let ternary = parent.as(TernaryExprSyntax.self) {
                if child.id == Syntax(ternary.thenExpression).id { found.append(.init(directive: location(Syntax(ternary)), clause: 0)) }
                if child.id == Syntax(ternary.elseExpression).id { found.append(.init(directive: location(Syntax(ternary)), clause: 1)) }
            } else if let list = parent.as(ExprListSyntax.self), list.count == 3, list.parent?.is(SequenceExprSyntax.self) == true {
                // Unfolded `c ? a : b`: the list is `c`, `? a :`, `b`.
                let elements = Array(list)
                if elements[1].is(UnresolvedTernaryExprSyntax.self) {
                    if child.id == Syntax(elements[1]).id { found.append(.init(directive: location(Syntax(list)), clause: 0)) }
                    if child.id == Syntax(elements[2]).id { found.append(.init(directive: location(Syntax(list)), clause: 1)) }
                }
            }
            child = parent
        }
        return found
    }

    private mutating func guards(in list: CodeBlockItemListSyntax) -> [GuardStmtSyntax] {
        if let known = guardsByList[list.id] { return known }
        let found = list.compactMap { Syntax($0.item).as(GuardStmtSyntax.self) }
        guardsByList[list.id] = found
        return found
    }
}
