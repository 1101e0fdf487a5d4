import LegoModel
import SwiftSyntax

/// The arms of the runtime branches (`if`, `switch`, `guard`, `?:`, `do`/`catch`) around a Swift node within its
/// function: two facts in two arms of one of them are never both run by one call. What follows a `guard`, or an `if`
/// whose arm ends in `return`, `throw`, `break` or `continue`, is that statement's other arm; a `do` body is an arm
/// against its `catch` clauses where nothing after the node in it may throw. Arms inside a loop or a closure (which may
/// run many times, `forEach`) are not exclusive, nor are the cases of a `switch` with a `fallthrough`.
struct RuntimeBranches {
    /// The statements of each statement list asked about that leave it in one arm (`guard`, an `if` whose arm ends in
    /// `return`…), found once (a function of many registrations asks for each).
    private var exitsByList: [SyntaxIdentifier: [Syntax]] = [:]
    /// Each `switch`'s cases by id with their index, or nil when a case may fall through (worked out once per `switch`:
    /// a function with thousands of cases asked for each).
    private var casesBySwitch: [SyntaxIdentifier: [SyntaxIdentifier: Int]?] = [:]

    /// The arms around `node`, each named by where its statement is (`location`).
    mutating func of(_ node: some SyntaxProtocol, location: (Syntax) -> LegoModel.SourceLocation) -> [SourceBranch] {
        var found: [SourceBranch] = []
        let origin = Syntax(node)
        var child = origin
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
                // After a `guard`, the statements run only when its `else` (which must leave the scope) did not; after an
                // `if` whose arm leaves, only when that arm did not run.
                for exit in exits(in: list) where exit.position < item.position {
                    found.append(.init(directive: location(exit), clause: 1))
                }
            } else if let doStatement = parent.as(DoStmtSyntax.self), !doStatement.catchClauses.isEmpty, child.id == Syntax(doStatement.body).id {
                // A `try` or `throw` after the node in `do` may reach a `catch` after the node ran.
                if !mayThrow(in: doStatement.body, after: origin) { found.append(.init(directive: location(Syntax(doStatement)), clause: 0)) }
            } else if let clause = child.as(CatchClauseSyntax.self), let clauses = parent.as(CatchClauseListSyntax.self),
                      let doStatement = clauses.parent?.as(DoStmtSyntax.self),
                      let index = clauses.enumerated().first(where: { $0.element.id == clause.id })?.offset {
                found.append(.init(directive: location(Syntax(doStatement)), clause: index + 1))
            } else if let switchCase = child.as(SwitchCaseSyntax.self), let cases = parent.as(SwitchCaseListSyntax.self),
                      let switchExpression = cases.parent?.as(SwitchExprSyntax.self),
                      let index = caseIndex(of: switchCase, in: cases) {
                found.append(.init(directive: location(Syntax(switchExpression)), clause: index))
            } else if let ternary = parent.as(TernaryExprSyntax.self) {
                if child.id == Syntax(ternary.thenExpression).id { found.append(.init(directive: location(Syntax(ternary)), clause: 0)) }
                if child.id == Syntax(ternary.elseExpression).id { found.append(.init(directive: location(Syntax(ternary)), clause: 1)) }
            } else if let list = parent.as(ExprListSyntax.self), list.parent?.is(SequenceExprSyntax.self) == true,
                      let question = list.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }) {
                // Unfolded `c ? a : b` (`env == 9 ? a : b` too): `? a :` holds the first arm, what follows it the second.
                if child.id == list[question].id {
                    found.append(.init(directive: location(Syntax(list)), clause: 0))
                } else if child.position > list[question].position {
                    found.append(.init(directive: location(Syntax(list)), clause: 1))
                }
            }
            child = parent
        }
        return found
    }

    /// The index of `switchCase` in `cases`, or nil when any case may fall through (a `fallthrough` anywhere in it).
    private mutating func caseIndex(of switchCase: SwitchCaseSyntax, in cases: SwitchCaseListSyntax) -> Int? {
        if casesBySwitch[cases.id] == nil {
            let fallsThrough = cases.contains { Syntax($0).tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.fallthrough) } }
            casesBySwitch[cases.id] = fallsThrough ? .some(nil)
                : .some(Dictionary(cases.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first }))
        }
        return casesBySwitch[cases.id]??[switchCase.id]
    }

    /// The `guard`s of `list` and its `if`s one of whose arms leaves it, in order.
    private mutating func exits(in list: CodeBlockItemListSyntax) -> [Syntax] {
        if let known = exitsByList[list.id] { return known }
        let found = list.compactMap { item -> Syntax? in
            let statement = Syntax(item.item)
            if statement.is(GuardStmtSyntax.self) { return statement }
            guard let branch = statement.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self),
                  let last = branch.body.statements.last?.item else { return nil }
            return last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self) || last.is(BreakStmtSyntax.self) || last.is(ContinueStmtSyntax.self)
                ? Syntax(branch) : nil
        }
        exitsByList[list.id] = found
        return found
    }

    /// Whether `body` has a `try` (not `try?` or `try!`) or a `throw` after `node`.
    private func mayThrow(in body: CodeBlockSyntax, after node: Syntax) -> Bool {
        body.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.position >= node.endPosition else { return false }
            if token.tokenKind == .keyword(.throw) { return true }
            return token.tokenKind == .keyword(.try) && token.parent?.as(TryExprSyntax.self)?.questionOrExclamationMark == nil
        }
    }
}
