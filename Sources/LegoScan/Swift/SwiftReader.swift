import LegoModel
import SwiftParser
import SwiftSyntax

/// Reads the framework facts out of one Swift file with swift-syntax: classes, and calls of the framework's
/// Objective-C API as Swift imports it (`uiBus.openURL(forPush: "…", customCode: nil)` is `openURLForPush:customCode:`).
///
/// Comments and string contents are never code to swift-syntax: a call in a comment or a `#if false` block is read
/// only as a transition that never runs (a note, never an edge).
struct SwiftReader {
    /// The largest Swift file parsed: swift-syntax takes about 60 times a file's size in memory (20 MB took 1.25 GB).
    static let maximumFileBytes = 4 << 20

    /// Why `bytes` are not given to swift-syntax, as a warning at `file:line:column`, or nil when they can be: larger
    /// than `maximumFileBytes`, or nesting past `SwiftNesting`'s limits (exponential time, a stack overflow).
    static func refusal(_ bytes: [UInt8], file: String) -> ScanFacts.Warning? {
        if bytes.count > maximumFileBytes {
            return .init(location: LegoModel.SourceLocation(file: file, line: 1),
                         message: "\(bytes.count >> 20) MB is larger than the \(maximumFileBytes >> 20) MB parsed for a Swift file; skipped")
        }
        guard let excess = SwiftNesting.firstExcess(in: bytes) else { return nil }
        return .init(location: LegoModel.SourceLocation(file: file, line: excess.line, column: excess.column),
                     message: "\(excess) (the Swift parser would take too long or overflow its stack); skipped")
    }

    /// Reads `text` of the file named `file`, on a thread with a large stack (`LargeStack`).
    static func read(text: String, file: String) -> ScanFacts {
        LargeStack.run {
            let source = SyntaxSource(bytes: Array(text.utf8))
            let tree = Parser.parse(source: text)
            let visitor = Visitor(file: file, source: source)
            visitor.walk(tree)
            var facts = visitor.facts
            facts.inactiveTransitions += commentedTransitions(source.bytes, comments: visitor.comments, file: file)
            return facts
        }
    }

    /// The transitions written in `comments` (byte ranges of their text, with the class around each): their text is
    /// parsed again as code, once for the file, in a copy where everything else is blank (lines and columns stay).
    private static func commentedTransitions(_ bytes: [UInt8], comments: [(range: Range<Int>, owner: String?)], file: String)
        -> [ScanFacts.InactiveTransition] {
        guard !comments.isEmpty else { return [] }
        var masked = bytes.map { $0 == 0x0A ? $0 : 0x20 }
        for comment in comments { masked.replaceSubrange(comment.range, with: bytes[comment.range]) }
        // A comment may nest what the parser cannot take (the file's own check never saw inside comments).
        guard refusal(masked, file: file) == nil else { return [] }
        let source = SyntaxSource(bytes: masked)
        let tree = Parser.parse(source: String(decoding: masked, as: UTF8.self))
        let visitor = Visitor(file: file, source: source)
        visitor.walk(tree)
        // Each call belongs to the class around the comment it is written in. Comments come in file order and never
        // overlap, so their starts and ends only grow: the first holding the call's line is found by bisection.
        let spans = comments.map { comment in
            (source.location(for: AbsolutePosition(utf8Offset: comment.range.lowerBound)).line,
             source.location(for: AbsolutePosition(utf8Offset: max(comment.range.lowerBound, comment.range.upperBound - 1))).line, comment.owner)
        }
        return visitor.facts.transitions.map { transition in
            var placed = transition
            let line = transition.location.line
            var low = 0, high = spans.count
            while low < high {
                let middle = (low + high) / 2
                if spans[middle].1 < line { low = middle + 1 } else { high = middle }
            }
            placed.fromClass = low < spans.count && spans[low].0 <= line ? spans[low].2 : nil
            return .init(transition: placed, reason: .commentedOut)
        }
    }

    private final class Visitor: SyntaxVisitor {
        let file: String
        let source: SyntaxSource
        var facts = ScanFacts()
        var classStack: [String] = []
        var inEventHandler = 0
        /// The event-name parameter of each event handler being read (`eventName` in `receiveComponentEventName(_ eventName:…)`).
        var eventParameters: [String] = []
        /// What a name holds when a reader can tell: file-level and type-level constants …
        var constants: [String: ObjCReader.Binding] = [:]
        /// … and the current function's locals and loop variables.
        var locals: [String: ObjCReader.Binding] = [:]
        var functionDepth = 0
        /// Comments that may hold a framework call: the byte range of their text, and the class they are written in.
        var comments: [(range: Range<Int>, owner: String?)] = []
        /// How many `#if false` clauses the walk is inside: calls there never run.
        var disabledDepth = 0
        /// The `#if` clauses around the node being visited, outermost first.
        var branches: [SourceBranch] = []
        /// The runtime branches around route registrations, with what they found cached.
        var runtimeArms = RuntimeBranches()
        /// The parameter names of each enclosing function and closure: such a name is a value the caller gives, which no
        /// constant of the same name stands for.
        var parameters: [Set<String>] = []

        init(file: String, source: SyntaxSource) {
            self.file = file
            self.source = source
            super.init(viewMode: .sourceAccurate)
        }

        func location(_ node: some SyntaxProtocol) -> LegoModel.SourceLocation {
            let position = source.location(for: node.positionAfterSkippingLeadingTrivia)
            return LegoModel.SourceLocation(file: file, line: position.line, column: position.column)
        }

        override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
            readComments(token.leadingTrivia, from: token.position, to: token.positionAfterSkippingLeadingTrivia)
            readComments(token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia, to: token.endPosition)
            return .visitChildren
        }

        /// Keeps the comments of `trivia` (written from `start` to `end`) that may hold a framework call.
        private func readComments(_ trivia: Trivia, from start: AbsolutePosition, to end: AbsolutePosition) {
            // Most trivia is spaces and newlines: only a `/` can start a comment, and the bytes say so without a copy.
            guard ByteSearch.contains(Self.slash, in: source.bytes, range: start.utf8Offset..<min(end.utf8Offset, source.bytes.count)) else { return }
            do {
                var offset = start.utf8Offset
                for piece in trivia {
                    let length = piece.sourceLength.utf8Length
                    defer { offset += length }
                    let opener: Int, closer: Int
                    switch piece {
                    case .lineComment(let text), .docLineComment(let text):
                        guard ByteSearch.containsAny(ObjCReader.callMarkers, in: text) else { continue }
                        opener = text.hasPrefix("///") ? 3 : 2; closer = 0
                    case .blockComment(let text), .docBlockComment(let text):
                        guard ByteSearch.containsAny(ObjCReader.callMarkers, in: text) else { continue }
                        opener = text.hasPrefix("/**") ? 3 : 2; closer = text.hasSuffix("*/") ? 2 : 0
                    default: continue
                    }
                    guard length >= opener + closer else { continue }
                    comments.append((offset + opener..<offset + length - closer, classStack.last))
                }
            }
        }

        private static let slash: [UInt8] = [UInt8(ascii: "/")]

        // `#if false` is never compiled; other conditions are read as if every branch were.
        override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
            if node.condition?.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false) { disabledDepth += 1 }
            if let clause = node.directiveAndIndex { branches.append(SourceBranch(directive: location(clause.directive), clause: clause.index)) }
            return .visitChildren
        }

        override func visitPost(_ node: IfConfigClauseSyntax) {
            if node.condition?.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false) { disabledDepth -= 1 }
            if node.directiveAndIndex != nil { branches.removeLast() }
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            // `@objc(DetailRouting) class DetailWireframe`: the runtime, and the framework's `NSClassFromString`, know it
            // by the `@objc` name.
            let name = Self.objcName(node.attributes) ?? node.name.text
            let superclass = node.inheritanceClause?.inheritedTypes.first?.type.text(in: source)
            facts.classes.append(.init(name: name, superclass: superclass, location: location(node.name)))
            classStack.append(name)
            return .visitChildren
        }

        override func visitPost(_ node: ClassDeclSyntax) { classStack.removeLast() }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            parameters.append(Set(node.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }))
            return .visitChildren
        }

        override func visitPost(_ node: InitializerDeclSyntax) { parameters.removeLast() }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            var names: Set<String> = []
            switch node.signature?.parameterClause {
            case .simpleInput(let list)?: names = Set(list.map(\.name.text))
            case .parameterClause(let clause)?: names = Set(clause.parameters.map { ($0.secondName ?? $0.firstName).text })
            case nil: break
            }
            parameters.append(names)
            return .visitChildren
        }

        override func visitPost(_ node: ClosureExprSyntax) { parameters.removeLast() }

        /// The name `@objc(Name)` among `attributes` gives, if any.
        static func objcName(_ attributes: AttributeListSyntax) -> String? {
            for element in attributes {
                guard let attribute = element.as(AttributeSyntax.self), attribute.attributeName.trimmedDescription == "objc",
                      let arguments = attribute.arguments else { continue }
                let name = arguments.trimmedDescription.filter { !$0.isWhitespace && $0 != ":" }
                if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return name }
            }
            return nil
        }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            classStack.append(node.extendedType.text(in: source))
            return .visitChildren
        }

        override func visitPost(_ node: ExtensionDeclSyntax) { classStack.removeLast() }

        // MARK: Values a reader resolves

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            // A `var` may be assigned later (`url = link`), which this reading does not follow: only a `let` stands for
            // its initial value.
            let isConstant = node.bindingSpecifier.tokenKind == .keyword(.let)
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                var value = (isConstant ? binding.initializer.flatMap { resolve($0.value) } : nil) ?? ObjCReader.Binding(values: nil, chain: [])
                value.chain.insert(location(binding.pattern), at: 0)
                if functionDepth > 0 { locals[name] = value } else { constants[name] = value }
            }
            return .visitChildren
        }

        override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
            guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
            if var value = resolve(node.sequence), value.isArray {
                value.isArray = false
                value.chain.insert(location(node.pattern), at: 0)
                locals[name] = value
            } else {
                locals[name] = ObjCReader.Binding(values: nil, chain: [location(node.pattern)])
            }
            return .visitChildren
        }

        /// What `expression` resolves to: a literal, a known name, literals joined with `+`, an array literal.
        func resolve(_ expression: ExprSyntax) -> ObjCReader.Binding? {
            if let text = literal(expression) { return ObjCReader.Binding(values: [text], chain: []) }
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                if let local = locals[name] { return local }
                // A parameter of an enclosing function or closure hides a constant of its name.
                if parameters.contains(where: { $0.contains(name) }) { return nil }
                return constants[name]
            }
            if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
               base.baseName.text == "Self" || base.baseName.text == classStack.last {
                return constants[member.declName.baseName.text]
            }
            if let array = expression.as(ArrayExprSyntax.self) {
                var values: [String] = []
                var chain: [LegoModel.SourceLocation] = []
                for element in array.elements {
                    guard let item = resolve(element.expression), let itemValues = item.values, !item.isArray else { return nil }
                    values += itemValues
                    chain += item.chain
                }
                return ObjCReader.Binding(values: values, chain: chain, isArray: true)
            }
            if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.text(in: source) == "+",
               let left = resolve(infix.leftOperand), let right = resolve(infix.rightOperand),
               let leftValues = left.values, let rightValues = right.values, !left.isArray, !right.isArray {
                let values = leftValues.flatMap { l in rightValues.map { l + $0 } }
                return values.count <= ObjCReader.valueLimit ? ObjCReader.Binding(values: values, chain: left.chain + right.chain) : nil
            }
            if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
               let operatorNode = sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self), operatorNode.operator.text == "+",
               let left = sequence.elements.first, let right = sequence.elements.last,
               let l = resolve(left), let r = resolve(right), let lv = l.values, let rv = r.values, !l.isArray, !r.isArray {
                let values = lv.flatMap { a in rv.map { a + $0 } }
                return values.count <= ObjCReader.valueLimit ? ObjCReader.Binding(values: values, chain: l.chain + r.chain) : nil
            }
            if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                return resolve(only.expression)
            }
            // `XFURLParse.url(fromPath: "x://a/b", params: …)` (XFURLParse.h:61) appends a query to the path, and the
            // route is matched on the path alone: the URL opens what the path names.
            if let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.text(in: source) == "XFURLParse.url",
               call.arguments.count == 2, let path = call.arguments.first, path.label?.text == "fromPath" {
                return resolve(path.expression)
            }
            return nil
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            functionDepth += 1
            if functionDepth == 1 { locals = [:] }
            parameters.append(Set(node.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }))
            if node.name.text == "receiveComponentEventName", let owner = classStack.last {
                facts.receipts.append(.init(className: owner, event: nil, kind: .handler, location: location(node.name)))
                inEventHandler += 1
                let first = node.signature.parameterClause.parameters.first
                let parameter = (first?.secondName ?? first?.firstName)?.text ?? "eventName"
                eventParameters.append(parameter)
                if let body = node.body, let opaque = OpaqueEventNameUse.first(in: body, parameter: parameter, source: source) {
                    facts.receipts.append(.init(className: owner, event: .dynamic(expression: opaque.text), kind: .compares,
                                                location: location(opaque.node)))
                }
            }
            // A private method can be called only by name from its own file (or by a selector string): one that is
            // never written again never runs. Other Swift methods may be called from anywhere, UIKit included.
            // `@objc(transition2Detail) private func openDetail()` is called by its selector, a name other than its own.
            if functionDepth == 1, let owner = classStack.last, let body = node.body, Self.objcName(node.attributes) == nil,
               node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate) }) {
                facts.methodBodies.append(.init(className: owner, name: node.name.text, location: location(node.name),
                                                lastLine: source.location(for: body.endPositionBeforeTrailingTrivia).line, hasArguments: false))
            }
            return .visitChildren
        }

        override func visitPost(_ node: FunctionDeclSyntax) {
            functionDepth -= 1
            parameters.removeLast()
            if node.name.text == "receiveComponentEventName", !classStack.isEmpty {
                inEventHandler -= 1
                eventParameters.removeLast()
            }
        }

        // Inside the handler, `eventName == "x"` and `case "x":` name the events it handles.
        override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
            guard inEventHandler > 0, let owner = classStack.last, node.operator.text(in: source) == "==" else { return .visitChildren }
            for (side, other) in [(node.leftOperand, node.rightOperand), (node.rightOperand, node.leftOperand)] where isEventParameter(other) {
                if let text = literal(side) {
                    facts.receipts.append(.init(className: owner, event: .literal(text), kind: .compares, location: location(side)))
                }
            }
            return .visitChildren
        }

        /// Whether `expression` is the event handler's event-name parameter.
        func isEventParameter(_ expression: ExprSyntax) -> Bool {
            guard let name = eventParameters.last, let reference = expression.as(DeclReferenceExprSyntax.self) else { return false }
            return reference.baseName.text == name
        }

        // The same comparison as the parser leaves it: operators are not folded, so `eventName == "x"` is a sequence
        // `eventName`, `==`, `"x"` (and `a == "x" || a == "y"` one sequence of seven), never an infix expression. It
        // counts only as the parser would group it: the literal and the event name each a whole operand of `==`, next
        // to the sequence's end or an operator that binds less tightly (`&&`, `||`, `? :`, `=`); the `"b"` of
        // `a + "b" == eventName` and a literal compared with anything else (`type == "video"`) name no event.
        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            guard inEventHandler > 0, let owner = classStack.last else { return .visitChildren }
            let elements = Array(node.elements)
            func isBoundary(_ index: Int) -> Bool {
                guard elements.indices.contains(index) else { return true }
                let element = elements[index]
                if element.is(UnresolvedTernaryExprSyntax.self) || element.is(AssignmentExprSyntax.self) { return true }
                guard let binary = element.as(BinaryOperatorExprSyntax.self) else { return false }
                return binary.operator.text == "&&" || binary.operator.text == "||"
            }
            for (index, element) in elements.enumerated() {
                guard let binary = element.as(BinaryOperatorExprSyntax.self), binary.operator.text == "==",
                      index > 0, index + 1 < elements.count, isBoundary(index - 2), isBoundary(index + 2) else { continue }
                for (side, other) in [(index - 1, index + 1), (index + 1, index - 1)] where isEventParameter(elements[other]) {
                    if let text = literal(elements[side]) {
                        facts.receipts.append(.init(className: owner, event: .literal(text), kind: .compares, location: location(elements[side])))
                    }
                }
            }
            return .visitChildren
        }

        override func visit(_ node: SwitchCaseItemSyntax) -> SyntaxVisitorContinueKind {
            // Only a `switch` over the event name compares it (`switch tab { case "video": … }` names no event).
            guard inEventHandler > 0, let owner = classStack.last,
                  let switchExpression = node.parent?.parent?.parent?.parent?.parent?.as(SwitchExprSyntax.self),
                  isEventParameter(switchExpression.subject),
                  let pattern = node.pattern.as(ExpressionPatternSyntax.self), let text = literal(pattern.expression) else {
                return .visitChildren
            }
            facts.receipts.append(.init(className: owner, event: .literal(text), kind: .compares, location: location(node)))
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let before = facts.transitions.count
            defer {
                if disabledDepth > 0, facts.transitions.count > before {
                    facts.inactiveTransitions += facts.transitions[before...].map { .init(transition: $0, reason: .disabledBlock) }
                    facts.transitions.removeSubrange(before...)
                }
            }
            let base: String
            var receiver: FrameworkCall.Argument?
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
                base = member.declName.baseName.text
                receiver = member.base.map { argument($0) }
            } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                base = reference.baseName.text
            } else {
                return .visitChildren
            }
            let labels = node.arguments.map { $0.label?.text }
            var arguments = node.arguments.map { argument($0.expression) }
            // The framework's selectors as the Objective-C importer spells them (`XFCallTable`, `ImportedName`); a
            // trailing closure stands for the last block argument (`customCode:`), written outside the parentheses.
            let hasTrailingClosure = node.trailingClosure != nil
            guard let selector = XFCallTable.selector(swiftBase: base, labels: labels, trailingClosure: hasTrailingClosure) else {
                return .visitChildren
            }
            if hasTrailingClosure { arguments.append(.expression("{…}")) }
            if XFCallTable.meaningBySelector[selector] == .subRouting {
                facts.transitions.append(.init(kind: .subRouting, target: .routingClass(routingClass(node.arguments.first?.expression)),
                                               fromClass: classStack.last, via: "addSubRouting:", location: location(node)))
            } else {
                // A URL registered in each arm of an `if`, `switch`, `guard` or `?:` is registered once per call.
                let arms = FrameworkCall.registersRoutes(selector) ? runtimeArms.of(node) { location($0) } : []
                FrameworkCall(name: selector, receiver: receiver, arguments: arguments, fromClass: classStack.last, location: location(node),
                              branches: branches + arms)
                    .interpret(into: &facts)
            }
            return .visitChildren
        }

        /// `XFCollectRouting` from `XFCollectRouting.assembleRouting()`, else the expression as dynamic.
        func routingClass(_ expression: ExprSyntax?) -> ScanValue {
            guard let expression else { return .dynamic(expression: "nil") }
            if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
               ["assembleRouting", "routing"].contains(member.declName.baseName.text), let base = member.base {
                return .literal(base.text(in: source))
            }
            return .dynamic(expression: expression.text(in: source))
        }

        func literal(_ expression: ExprSyntax) -> String? {
            guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
            var text = ""
            for segment in literal.segments {
                guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
                text += plain.content.text
            }
            return text
        }

        func argument(_ expression: ExprSyntax) -> FrameworkCall.Argument {
            if let text = literal(expression) { return .string(text, at: location(expression)) }
            if expression.is(NilLiteralExprSyntax.self) { return .null }
            if let binding = resolve(expression), let values = binding.values {
                return binding.isArray ? .array(values.map { .resolved([$0], chain: binding.chain) }) : .resolved(values, chain: binding.chain)
            }
            if let reference = expression.as(DeclReferenceExprSyntax.self) { return .identifier(reference.baseName.text) }
            if let array = expression.as(ArrayExprSyntax.self) { return .array(array.elements.map { self.argument($0.expression) }) }
            if let dictionary = expression.as(DictionaryExprSyntax.self),
               case .elements(let elements) = dictionary.content {
                return .dictionary(elements.map { (self.argument($0.key), self.argument($0.value)) })
            }
            var text = expression.text(in: source)
            if text.count > ObjCReader.expressionLimit { text = String(text.prefix(ObjCReader.expressionLimit)) + "…" }
            return .expression(text)
        }
    }
}
