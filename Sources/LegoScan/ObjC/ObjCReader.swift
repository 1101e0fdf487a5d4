import LegoModel

/// Reads the framework facts out of one Objective-C file's tokens: classes, macros and message sends.
///
/// One pass over the tokens; brackets were matched by the lexer, so each call's arguments are read by index
/// ranges, never by searching again (a 10 MB line costs one pass, not a quadratic one).
struct ObjCReader {
    private let lexer: ObjCLexer
    private let file: String
    private var facts = ScanFacts()
    private var currentClass: String?
    /// The `#if` clauses around each call read, made on first use.
    private var clauses: ConditionalClauses?
    /// For each token, the innermost `{` around it (-1 at file level), and for each `}` its `{`; made on first use.
    private var braces: (parent: [Int32], open: [Int: Int])?
    /// Each `switch` body's sections by its `{`, once worked out (nil inside: a section may fall through).
    private var switchSections: [Int: (labels: [Int], section: [Int])?] = [:]
    /// Local variables holding an assembled routing (`XFCollectRouting *r = [XFCollectRouting assembleRouting];`).
    private var assembledRoutings: [String: String] = [:]
    /// What a name holds when a reader can tell: file-level constants (`#define`, `static NSString *const`) …
    private var constants: [String: Binding] = [:]
    /// … and the current method's locals and loop variables.
    private var locals: [String: Binding] = [:]
    /// Whether the walk is inside a method body (assignments there are locals).
    private var inMethod = false
    /// `Class.selector` → the array literal a method of the class returns (`- (NSArray *)tabs { return @[…]; }`).
    private var methodArrays: [String: Binding] = [:]

    /// The values a name or expression can take, and the lines that say so; `values` nil when only the run time knows.
    struct Binding {
        /// The possible values (the elements, for an array), or nil for a value computed at run time.
        var values: [String]?
        /// Where each step of the resolution is written, nearest first.
        var chain: [SourceLocation]
        /// Whether it is an array literal (a loop over it takes each element).
        var isArray = false
    }

    /// The most values one expression is resolved to (formats of several multi-valued parts multiply).
    static let valueLimit = 32

    /// The longest expression text kept for a dynamic value.
    static let expressionLimit = 160

    /// Reads `bytes` of the file named `file` (as reported in locations).
    static func read(bytes: [UInt8], file: String) -> ScanFacts {
        var reader = ObjCReader(lexer: ObjCLexer(bytes: bytes), file: file)
        reader.run()
        reader.facts.inactiveTransitions = reader.inactiveTransitions()
        reader.moveTransitionsAfterReturns()
        reader.facts.importedRoutings = importedRoutings(bytes, file: file)
        return reader.facts
    }

    /// `#import`/`#include` lines of a header whose name ends in `Routing.h`, as the class it is named after.
    ///
    /// One pass: lines are counted as the search moves on, and a name is not looked for before the previous hit, so a
    /// line of many `Routing.h` costs no more than its length.
    static func importedRoutings(_ bytes: [UInt8], file: String) -> [ScanFacts.ImportedRouting] {
        var found: [ScanFacts.ImportedRouting] = []
        var from = 0
        var line = 1, lineStart = 0, counted = 0
        while let hit = ByteSearch.firstIndex(of: Self.routingHeader, in: bytes, range: from..<bytes.count) {
            let floor = from
            from = hit + Self.routingHeader.count
            while counted < hit {
                if bytes[counted] == 0x0A { line += 1; lineStart = counted + 1 }
                counted += 1
            }
            var nameStart = hit
            while nameStart > max(floor, lineStart), ![UInt8(ascii: "/"), UInt8(ascii: "<"), UInt8(ascii: "\""), 0x20, 0x09].contains(bytes[nameStart - 1]) {
                nameStart -= 1
            }
            var cursor = lineStart
            while cursor < hit, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
            let directive = bytes[cursor..<hit]
            guard directive.starts(with: Self.importDirective) || directive.starts(with: Self.includeDirective), nameStart < hit else { continue }
            let name = String(decoding: bytes[nameStart..<hit], as: UTF8.self) + "Routing"
            found.append(.init(className: name, location: SourceLocation(file: file, line: line, column: cursor - lineStart + 1)))
        }
        return found
    }

    private static let routingHeader = Array("Routing.h".utf8)
    private static let importDirective = Array("#import".utf8)
    private static let includeDirective = Array("#include".utf8)

    /// Whether token `index` may name a macro used as a statement without `;` (`XF_PUSH_Component_Fast`): an
    /// identifier starting upper-case, which C's `if`, `while`, `for` and `switch` never do.
    private func isMacroName(_ index: Int) -> Bool {
        guard index >= 0, tokens[index].kind == .identifier else { return false }
        let first = lexer.bytes[tokens[index].start]
        return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
    }

    /// Moves the transitions written after an unconditional `return …;` to the end of its block out of the edges:
    /// that code never runs (iT-Boyer/RACPlayground keeps an old push after `return;`). The `return` must start a
    /// statement of the block itself (after `;`, `{` or `}`, never an `if`'s or `else`'s body); a block with a
    /// `case` or `default` label after it, or a preprocessor line between, keeps everything (another label or build
    /// may reach the code).
    private mutating func moveTransitionsAfterReturns() {
        guard !facts.transitions.isEmpty else { return }
        func inside(_ site: SourceLocation, _ region: (start: SourceLocation, end: SourceLocation)) -> Bool {
            (site.line, site.column) >= (region.start.line, region.start.column) && (site.line, site.column) < (region.end.line, region.end.column)
        }
        var regions: [(start: SourceLocation, end: SourceLocation)] = []
        var blocks: [Int] = []
        // The lexer pairs openers with closers only; the `(` of the `)` just read is kept here.
        var parens: [Int] = []
        var closedParen = (at: -1, opener: -1)
        let bytes = lexer.bytes
        for index in tokens.indices {
            if lexer.isPunctuation(index, UInt8(ascii: "{")) { blocks.append(index); continue }
            if lexer.isPunctuation(index, UInt8(ascii: "}")) { _ = blocks.popLast(); continue }
            if lexer.isPunctuation(index, UInt8(ascii: "(")) { parens.append(index); continue }
            if lexer.isPunctuation(index, UInt8(ascii: ")")) { closedParen = (index, parens.popLast() ?? -1); continue }
            guard lexer.isIdentifier(index, "return"), let open = blocks.last else { continue }
            let close = Int(lexer.partner[open])
            guard close > index, index > 0 else { continue }
            let startsStatement: Bool
            if lexer.isPunctuation(index - 1, UInt8(ascii: ";")) || lexer.isPunctuation(index - 1, UInt8(ascii: "{"))
                || lexer.isPunctuation(index - 1, UInt8(ascii: "}")) {
                startsStatement = true
            } else if closedParen.at == index - 1, closedParen.opener > 0 {
                // After a macro statement written without `;` (`XF_PUSH_Component_Fast(@"A")`), not after `if (…)`.
                startsStatement = isMacroName(closedParen.opener - 1)
            } else {
                startsStatement = false
            }
            guard startsStatement else { continue }
            var end = index + 1
            while end < close, !lexer.isPunctuation(end, UInt8(ascii: ";")) { end = lexer.indexAfterGroup(end, limit: close) ?? end + 1 }
            let first = end + 1
            guard first < close else { continue }
            let region = (start: location(first), end: location(close))
            // The checks below walk the rest of the block: only for a block where a transition follows the return.
            guard facts.transitions.contains(where: { inside($0.location, region) }) else { continue }
            if (first..<close).contains(where: { lexer.isIdentifier($0, "case") || lexer.isIdentifier($0, "default") }) { continue }
            // A `#` opening a line between the return and the block's end: a directive the lexer dropped.
            var lineStart = true, directive = false
            for offset in tokens[index].start..<tokens[close].start {
                let byte = bytes[offset]
                if byte == 0x0A { lineStart = true } else if byte == 0x23, lineStart { directive = true; break } else if byte != 0x20 && byte != 0x09 { lineStart = false }
            }
            if directive { continue }
            regions.append(region)
        }
        guard !regions.isEmpty else { return }
        let (dead, live) = facts.transitions.reduce(into: ([ScanFacts.Transition](), [ScanFacts.Transition]())) { split, transition in
            if regions.contains(where: { inside(transition.location, $0) }) { split.0.append(transition) } else { split.1.append(transition) }
        }
        guard !dead.isEmpty else { return }
        facts.transitions = live
        facts.inactiveTransitions += dead.map { .init(transition: $0, reason: .afterReturn) }
    }

    /// Words one of which a comment holds when it holds a framework call (the rest is prose, not read again).
    static let callMarkers: [[UInt8]] = ["XF_", "Component", "URL", "ViewController", "SubRouting"].map { Array($0.utf8) }

    /// The transitions written in comments and `#if 0` blocks: their text is read again as code, in a copy of the
    /// file where everything else is blank (lines and columns stay), with the `@implementation` lines kept so each
    /// knows its class.
    private func inactiveTransitions() -> [ScanFacts.InactiveTransition] {
        let bytes = lexer.bytes
        let kept = lexer.inactive.filter { range in
            Self.callMarkers.contains { ByteSearch.contains($0, in: bytes, range: range.start..<range.end) }
        }
        guard !kept.isEmpty else { return [] }
        var masked = [UInt8](repeating: 0x20, count: bytes.count)
        masked.withUnsafeMutableBufferPointer { masked in
            bytes.withUnsafeBufferPointer { bytes in
                func keep(_ range: Range<Int>) {
                    for offset in range { masked[offset] = bytes[offset] }
                }
                var from = 0
                while let newline = ByteSearch.firstIndex(of: ObjCLexer.newlineByte, in: lexer.bytes, range: from..<bytes.count) {
                    masked[newline] = 0x0A
                    from = newline + 1
                }
                for range in kept { keep(range.start..<range.end) }
                for (index, token) in tokens.enumerated() where token.kind == .atKeyword {
                    if lexer.isIdentifier(index, "@implementation"), index + 1 < tokens.count {
                        keep(token.start..<tokens[index + 1].end)
                    } else if lexer.isIdentifier(index, "@end") {
                        keep(token.start..<token.end)
                    }
                }
            }
        }
        // A comment's `*/` inside a kept `#if 0` block, or a nested comment, needs no care: a stray token is harmless.
        // Each line's reason, the first kept range holding it deciding (ranges are filled last to first).
        var reasons = [ScanFacts.InactiveTransition.Reason?](repeating: nil, count: lineOf(bytes.count) + 1)
        for range in kept.reversed() {
            let reason: ScanFacts.InactiveTransition.Reason = range.kind == .disabledBlock ? .disabledBlock : .commentedOut
            for line in lineOf(range.start)...lineOf(max(range.start, range.end - 1)) { reasons[line] = reason }
        }
        var reader = ObjCReader(lexer: ObjCLexer(bytes: masked), file: file)
        reader.run()
        return reader.facts.transitions.map { transition in
            let line = transition.location.line
            return .init(transition: transition, reason: reasons.indices.contains(line) ? reasons[line] ?? .commentedOut : .commentedOut)
        }
    }

    /// The 1-based line of byte `offset`.
    private func lineOf(_ offset: Int) -> Int {
        // Tokens are in order: the last token starting at or before the offset gives its line, plus newlines between.
        var low = 0, high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].start <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return 1 + lexer.bytes[0..<offset].count(where: { $0 == 0x0A }) }
        let token = tokens[low - 1]
        return token.line + lexer.bytes[token.start..<offset].count(where: { $0 == 0x0A })
    }

    private init(lexer: ObjCLexer, file: String) {
        self.lexer = lexer
        self.file = file
    }

    private var tokens: [ObjCLexer.Token] { lexer.tokens }

    private func location(_ index: Int) -> SourceLocation {
        let token = tokens[index]
        return SourceLocation(file: file, line: token.line, column: token.column)
    }

    private mutating func run() {
        for problem in lexer.problems {
            facts.warnings.append(.init(location: SourceLocation(file: file, line: problem.line), message: problem.message))
        }
        for define in lexer.stringDefines {
            constants[define.name] = Binding(values: [define.value], chain: [SourceLocation(file: file, line: define.line)])
        }
        for wrapper in lexer.frameworkMacroWrappers {
            facts.frameworkMacroWrappers.append(.init(name: wrapper.name, location: SourceLocation(file: file, line: wrapper.line)))
        }
        collectMethodArrays()
        var index = 0
        let count = tokens.count
        while index < count {
            let token = tokens[index]
            switch token.kind {
            case .atKeyword:
                keyword(at: index)
            case .identifier:
                identifier(at: index)
            case .punctuation where lexer.bytes[token.start] == UInt8(ascii: "["):
                messageSend(at: index)
            case .punctuation where isMethodStart(index):
                locals.removeAll(keepingCapacity: true)
                inMethod = true
            default:
                break
            }
            index += 1
        }
    }

    // MARK: - Declarations

    private mutating func keyword(at index: Int) {
        if lexer.isIdentifier(index, "@interface"), index + 1 < tokens.count, tokens[index + 1].kind == .identifier {
            // A category or extension (`@interface X (Cat)`) declares no new class.
            if lexer.isPunctuation(index + 2, UInt8(ascii: "(")) { return }
            var superclass: String?
            if lexer.isPunctuation(index + 2, UInt8(ascii: ":")), index + 3 < tokens.count, tokens[index + 3].kind == .identifier {
                superclass = lexer.text(tokens[index + 3])
            }
            facts.classes.append(.init(name: lexer.text(tokens[index + 1]), superclass: superclass, location: location(index + 1)))
        } else if lexer.isIdentifier(index, "@implementation"), index + 1 < tokens.count, tokens[index + 1].kind == .identifier {
            currentClass = lexer.text(tokens[index + 1])
            // An implementation also declares its class (its @interface may be in a header that is not scanned); a
            // category's (`@implementation UIViewController (Foo)`) adds methods to a class declared elsewhere.
            if !lexer.isPunctuation(index + 2, UInt8(ascii: "(")) {
                facts.classes.append(.init(name: lexer.text(tokens[index + 1]), superclass: nil, location: location(index + 1), isImplementation: true))
            }
            assembledRoutings.removeAll(keepingCapacity: true)
        } else if lexer.isIdentifier(index, "@end") {
            currentClass = nil
            inMethod = false
            locals.removeAll(keepingCapacity: true)
        }
    }

    // MARK: - Macros

    private mutating func identifier(at index: Int) {
        let token = tokens[index]
        // Fast reject: every macro of interest starts with `XF_`; `receiveComponentEventName` marks a handler.
        let bytes = lexer.bytes
        if token.end - token.start > 3, bytes[token.start] == UInt8(ascii: "X"), bytes[token.start + 1] == UInt8(ascii: "F"),
           bytes[token.start + 2] == UInt8(ascii: "_") {
            macro(at: index)
        } else if lexer.isPunctuation(index + 1, UInt8(ascii: "=")), !lexer.isPunctuation(index + 2, UInt8(ascii: "=")) {
            assignment(at: index)
        } else if lexer.isIdentifier(index, "for"), lexer.isPunctuation(index + 1, UInt8(ascii: "(")) {
            forIn(at: index)
        } else if lexer.isIdentifier(index, "receiveComponentEventName"), lexer.isPunctuation(index + 1, UInt8(ascii: ":")),
                  let currentClass, isMethodDeclaration(endingAfter: index) {
            facts.receipts.append(.init(className: currentClass, event: nil, kind: .handler, location: location(index)))
            if let opaque = opaqueEventNameUse(handlerAt: index) {
                facts.receipts.append(.init(className: currentClass, event: .dynamic(expression: opaque.expression), kind: .compares,
                                            location: location(opaque.index)))
            }
        }
    }

    /// Whether the token at `index` is an argument of a logging call (`NSLog(@"…", eventName)`, `DDLogInfo(…)`), which
    /// reads the name without choosing by it.
    private func isLogged(_ index: Int, after floor: Int) -> Bool {
        var depth = 0
        var cursor = index - 1
        // Bounded: a log's `(` is a few tokens back, and a long `||` chain of comparisons must not cost its square.
        while cursor > floor, index - cursor < 64 {
            if lexer.isPunctuation(cursor, UInt8(ascii: ")")) { depth += 1 }
            if lexer.isPunctuation(cursor, UInt8(ascii: "(")) {
                if depth == 0 {
                    guard tokens[cursor - 1].kind == .identifier else { return false }
                    let name = lexer.text(tokens[cursor - 1])
                    return name.hasPrefix("NSLog") || name.hasPrefix("DDLog") || name.hasSuffix("Log") || name == "printf" || name == "os_log"
                }
                depth -= 1
            }
            if lexer.isPunctuation(cursor, UInt8(ascii: ";")) || lexer.isPunctuation(cursor, UInt8(ascii: "{")) { return false }
            cursor -= 1
        }
        return false
    }

    /// In the body of the event handler declared at `index`, the first place that may take other event names than the
    /// ones it compares for equality: the name given to another call (`hasPrefix:`, `containsObject:`, a helper), the
    /// `super` handler, or an `else`. Nil when the body only compares the name with `isEqualToString:` or `==`.
    private func opaqueEventNameUse(handlerAt index: Int) -> (index: Int, expression: String)? {
        // `receiveComponentEventName:(NSString *)name intentData:…`: the parameter after the type's `)`.
        guard lexer.isPunctuation(index + 2, UInt8(ascii: "(")) else { return nil }
        let typeClose = Int(lexer.partner[index + 2])
        guard typeClose > index + 2, typeClose + 1 < tokens.count, tokens[typeClose + 1].kind == .identifier else { return nil }
        let parameter = lexer.text(tokens[typeClose + 1])
        let parameterLength = parameter.utf8.count
        var open = typeClose + 2
        while open < tokens.count, open - typeClose < 64, !lexer.isPunctuation(open, UInt8(ascii: "{")) {
            if lexer.isPunctuation(open, UInt8(ascii: ";")) { return nil }
            open += 1
        }
        guard open < tokens.count, lexer.isPunctuation(open, UInt8(ascii: "{")) else { return nil }
        let close = Int(lexer.partner[open])
        guard close > open else { return nil }
        for cursor in open + 1..<close {
            // `else if ([name isEqualToString:…])` is one more comparison; a final `else` takes every other name.
            if lexer.isIdentifier(cursor, "else"), !lexer.isIdentifier(cursor + 1, "if") { return (cursor, "else") }
            if lexer.isIdentifier(cursor, "super"), lexer.isIdentifier(cursor + 1, "receiveComponentEventName") {
                return (cursor, "[super receiveComponentEventName:…]")
            }
            let token = tokens[cursor]
            guard token.kind == .identifier, token.end - token.start == parameterLength, lexer.text(token) == parameter,
                  !isLogged(cursor, after: open) else { continue }
            let equality = (lexer.isPunctuation(cursor - 1, UInt8(ascii: "["))
                            && (lexer.isIdentifier(cursor + 1, "isEqualToString") || lexer.isIdentifier(cursor + 1, "isEqual")))
                || (lexer.isPunctuation(cursor - 1, UInt8(ascii: ":"))
                    && (lexer.isIdentifier(cursor - 2, "isEqualToString") || lexer.isIdentifier(cursor - 2, "isEqual")))
                || (lexer.isPunctuation(cursor + 1, UInt8(ascii: "=")) && lexer.isPunctuation(cursor + 2, UInt8(ascii: "=")))
                || (lexer.isPunctuation(cursor - 1, UInt8(ascii: "=")) && lexer.isPunctuation(cursor - 2, UInt8(ascii: "=")))
            if !equality { return (cursor, parameter) }
        }
        return nil
    }

    /// Whether the selector piece at `index` belongs to a method declaration (`- (void)name:`), not a call.
    private func isMethodDeclaration(endingAfter index: Int) -> Bool {
        guard lexer.isPunctuation(index - 1, UInt8(ascii: ")")) else { return false }
        var cursor = index - 2
        while cursor >= 0, !lexer.isPunctuation(cursor, UInt8(ascii: "(")) { cursor -= 1 }
        return lexer.isPunctuation(cursor - 1, UInt8(ascii: "-")) || lexer.isPunctuation(cursor - 1, UInt8(ascii: "+"))
    }

    /// The `#if` clauses and `if` arms around the call of `name` at `index`, for a call that registers routes (the only
    /// facts that keep them: the brace tree is not built for files that register none).
    private mutating func branches(of name: String, at index: Int) -> [SourceBranch] {
        guard FrameworkCall.registersRoutes(name) else { return [] }
        if clauses == nil { clauses = ConditionalClauses(lexer.conditionals) }
        return clauses!.at(tokens[index].start).map { SourceBranch(directive: SourceLocation(file: file, line: $0.line), clause: $0.clause) }
            + runtimeArms(at: index)
    }

    /// The arms of `if … else` around the token at `index` within its method: a registration in each arm of one `if`
    /// runs once per call. Arms inside a loop are not exclusive; a block literal (`^{ … }`) may run any number of times,
    /// so nothing in it is.
    private mutating func runtimeArms(at index: Int) -> [SourceBranch] {
        if braces == nil { braces = Self.braceTree(lexer, tokens.count) }
        guard let braces else { return [] }
        var found: [SourceBranch] = []
        var block = Int(braces.parent[index])
        var steps = 0
        while block >= 0, steps < 64 {
            steps += 1
            let before = block - 1
            if before >= 0, lexer.isPunctuation(before, UInt8(ascii: "^")) {
                guard runsOnce(blockAt: before) else { return [] }
                block = Int(braces.parent[block])
                continue
            }
            if lexer.isIdentifier(before, "else") {
                // `} else {`: the `if` whose body ends at the `}` before `else`.
                if let ifToken = ifToken(ofBodyEndingAt: before - 1, braces) {
                    found.append(SourceBranch(directive: location(ifToken), clause: 1))
                    found += outerArms(ofIf: ifToken, braces)
                }
            } else if lexer.isPunctuation(before, UInt8(ascii: ")")), let open = openParen(closingAt: before) {
                if lexer.isIdentifier(open - 1, "if") {
                    found.append(SourceBranch(directive: location(open - 1), clause: 0))
                    found += outerArms(ofIf: open - 1, braces)
                } else if lexer.isIdentifier(open - 1, "switch") {
                    if let clause = switchCase(of: index, inBody: block, braces) {
                        found.append(SourceBranch(directive: location(open - 1), clause: clause))
                    }
                } else if lexer.isIdentifier(open - 1, "for") || lexer.isIdentifier(open - 1, "while") {
                    found.removeAll()
                } else if lexer.isPunctuation(open - 1, UInt8(ascii: "^")), !runsOnce(blockAt: open - 1) {
                    return []
                }
            } else if lexer.isIdentifier(before, "do") {
                found.removeAll()
            }
            block = Int(braces.parent[block])
        }
        return found
    }

    /// The index of the section of the `switch` body opening at `body` that holds the token at `index`, when no section
    /// falls into the next; nil when one may (C's default without a `break`), as two sections may then both run.
    private mutating func switchCase(of index: Int, inBody body: Int, _ braces: (parent: [Int32], open: [Int: Int])) -> Int? {
        if switchSections[body] == nil { switchSections[body] = sections(ofSwitchBody: body, braces) }
        guard let sections = switchSections[body] ?? nil else { return nil }
        // The last label before `index` (binary search: a switch may have thousands).
        var low = 0, high = sections.labels.count
        while low < high {
            let middle = (low + high) / 2
            if sections.labels[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : sections.section[low - 1]
    }

    /// A `switch` body's labels (`case`, `default`) in order with the section each opens or joins (`case 0: case 2:` is one
    /// section), worked out once per body; nil when a section may fall into the next: each but the last must end with
    /// `break;` or a `return` statement, directly or as the last statement of a braced section (`case 0: { …; break; }`).
    private func sections(ofSwitchBody body: Int, _ braces: (parent: [Int32], open: [Int: Int])) -> (labels: [Int], section: [Int])? {
        var labels: [Int] = []
        var section: [Int] = []
        var cursor = body + 1
        while cursor < tokens.count, !(lexer.isPunctuation(cursor, UInt8(ascii: "}")) && braces.open[cursor] == body) {
            if Int(braces.parent[cursor]) == body, lexer.isIdentifier(cursor, "case") || lexer.isIdentifier(cursor, "default") {
                // Right after the previous label's `:`, it joins that label's section.
                let joins = !labels.isEmpty && lexer.isPunctuation(cursor - 1, UInt8(ascii: ":"))
                    && !(labels.last! + 1..<cursor - 1).contains { lexer.isPunctuation($0, UInt8(ascii: ";")) || lexer.isPunctuation($0, UInt8(ascii: "}")) }
                if !joins, !labels.isEmpty, !endsSection(before: cursor, body: body, braces) { return nil }
                section.append(joins ? section.last! : (section.last.map { $0 + 1 } ?? 0))
                labels.append(cursor)
            }
            cursor += 1
        }
        return (labels, section)
    }

    /// Whether the statements of the block opening at `block` end, before the token at `end`, with `break;` or a
    /// `return` statement; a braced section (`{ …; break; }`) right after a label is looked into.
    private func endsSection(before end: Int, body block: Int, _ braces: (parent: [Int32], open: [Int: Int])) -> Bool {
        let last = end - 1
        if lexer.isPunctuation(last, UInt8(ascii: "}")), let open = braces.open[last] {
            return lexer.isPunctuation(open - 1, UInt8(ascii: ":")) && endsSection(before: last, body: open, braces)
        }
        guard lexer.isPunctuation(last, UInt8(ascii: ";")) else { return false }
        // Back to the statement's start: the previous `;` or `:` of this block, stepping over nested `{…}` groups.
        var start = last - 1
        while start > block {
            if lexer.isPunctuation(start, UInt8(ascii: "}")), let open = braces.open[start] {
                start = open - 1
                continue
            }
            if lexer.isPunctuation(start, UInt8(ascii: ";")) || lexer.isPunctuation(start, UInt8(ascii: ":")) { break }
            start -= 1
        }
        return lexer.isIdentifier(start + 1, "break") || lexer.isIdentifier(start + 1, "return")
    }

    /// Whether the block literal whose `^` is at `caret` is given to a call that runs it once (`dispatch_once`,
    /// `dispatch_async`, …): its `if` arms are then as exclusive as the method's own.
    private func runsOnce(blockAt caret: Int) -> Bool {
        var depth = 0
        var cursor = caret - 1
        while cursor >= 0, caret - cursor < 64 {
            if lexer.isPunctuation(cursor, UInt8(ascii: ")")) { depth += 1 }
            if lexer.isPunctuation(cursor, UInt8(ascii: "(")) {
                if depth == 0 {
                    let once: [StaticString] = ["dispatch_once", "dispatch_async", "dispatch_sync", "dispatch_after", "dispatch_barrier_async"]
                    return once.contains { lexer.isIdentifier(cursor - 1, $0) }
                }
                depth -= 1
            }
            if lexer.isPunctuation(cursor, UInt8(ascii: ";")) || lexer.isPunctuation(cursor, UInt8(ascii: "{")) { return false }
            cursor -= 1
        }
        return false
    }

    /// For an `if` written right after `else` (`} else if (…) {`), the `else` arms of the `if`s it continues.
    private func outerArms(ofIf start: Int, _ braces: (parent: [Int32], open: [Int: Int])) -> [SourceBranch] {
        var arms: [SourceBranch] = []
        var current = start
        while lexer.isIdentifier(current - 1, "else"), let outer = ifToken(ofBodyEndingAt: current - 2, braces), arms.count < 64 {
            arms.append(SourceBranch(directive: location(outer), clause: 1))
            current = outer
        }
        return arms
    }

    /// The `if` token of the body whose `}` is at `close`, if that body is an `if`'s.
    private func ifToken(ofBodyEndingAt close: Int, _ braces: (parent: [Int32], open: [Int: Int])) -> Int? {
        guard close >= 0, lexer.isPunctuation(close, UInt8(ascii: "}")), let open = braces.open[close],
              lexer.isPunctuation(open - 1, UInt8(ascii: ")")), let paren = openParen(closingAt: open - 1),
              lexer.isIdentifier(paren - 1, "if") else { return nil }
        return paren - 1
    }

    /// The `(` matching the `)` at `close`, looked for backwards (a condition is short).
    private func openParen(closingAt close: Int) -> Int? {
        var depth = 0
        var cursor = close
        while cursor >= 0, close - cursor < 512 {
            if lexer.isPunctuation(cursor, UInt8(ascii: ")")) { depth += 1 }
            if lexer.isPunctuation(cursor, UInt8(ascii: "(")) { depth -= 1; if depth == 0 { return cursor } }
            cursor -= 1
        }
        return nil
    }

    /// Each token's innermost enclosing `{`, and each `}`'s `{`, in one pass.
    private static func braceTree(_ lexer: ObjCLexer, _ count: Int) -> (parent: [Int32], open: [Int: Int]) {
        var parent = [Int32](repeating: -1, count: count)
        var open: [Int: Int] = [:]
        var stack: [Int32] = []
        for index in 0..<count {
            if lexer.isPunctuation(index, UInt8(ascii: "}")) {
                if let top = stack.popLast() { open[index] = Int(top) }
                parent[index] = stack.last ?? -1
                continue
            }
            parent[index] = stack.last ?? -1
            if lexer.isPunctuation(index, UInt8(ascii: "{")) { stack.append(Int32(index)) }
        }
        return (parent, open)
    }

    private mutating func macro(at index: Int) {
        let name = lexer.text(tokens[index])
        var arguments: [FrameworkCall.Argument] = []
        if lexer.isPunctuation(index + 1, UInt8(ascii: "(")) {
            let close = Int(lexer.partner[index + 1])
            guard close > index + 1 else { return }
            arguments = split(index + 2, close).map { argument($0.lowerBound, $0.upperBound) }
        }
        FrameworkCall(name: name, receiver: nil, arguments: arguments, fromClass: currentClass, location: location(index),
                      branches: branches(of: name, at: index))
            .interpret(into: &facts)
    }

    // MARK: - Message sends

    private mutating func messageSend(at open: Int) {
        let close = Int(lexer.partner[open])
        guard close > open + 1 else { return }
        // Selector pieces are `name:` at depth 0 inside the brackets; the receiver is everything before the first.
        var pieces: [(name: Int, colon: Int)] = []
        var openTernaries = 0
        var cursor = open + 1
        while cursor < close {
            if let next = lexer.indexAfterGroup(cursor, limit: close) { cursor = next; continue }
            let token = tokens[cursor]
            if token.kind == .punctuation {
                let byte = lexer.bytes[token.start]
                if byte == UInt8(ascii: "?") { openTernaries += 1 }
                if byte == UInt8(ascii: ":") {
                    // The `:` of a depth-0 `?:` belongs to an argument, not to the selector.
                    if openTernaries > 0 {
                        openTernaries -= 1
                    } else if tokens[cursor - 1].kind == .identifier, pieces.isEmpty ? cursor - 1 > open + 1 : true {
                        // Most sends are not the framework's: stop at the first piece unless it is, so a send's
                        // arguments are walked again only for the framework's selectors.
                        if pieces.isEmpty, !XFCallTable.firstPieces.contains(lexer.text(tokens[cursor - 1])) { return }
                        pieces.append((cursor - 1, cursor))
                    }
                }
            }
            cursor += 1
        }
        if pieces.isEmpty {
            // A unary send: `[receiver selector]`.
            guard close - 1 > open + 1, tokens[close - 1].kind == .identifier else { return }
            let selector = lexer.text(tokens[close - 1])
            let receiver = argument(open + 1, close - 1)
            if selector == "assembleRouting" || selector == "routing" {
                noteAssembledRouting(open: open, receiverClass: receiver.description)
            }
            guard XFCallTable.unarySelectors.contains(selector) else { return }
            FrameworkCall(name: selector, receiver: receiver, arguments: [], fromClass: currentClass, location: location(close - 1),
                          branches: branches(of: selector, at: close - 1))
                .interpret(into: &facts)
            return
        }
        let selector = pieces.map { lexer.text(tokens[$0.name]) + ":" }.joined()
        guard XFCallTable.firstPieces.contains(pieces.first.map { lexer.text(tokens[$0.name]) } ?? "") else { return }
        let receiver = argument(open + 1, pieces[0].name)
        var arguments: [FrameworkCall.Argument] = []
        for (offset, piece) in pieces.enumerated() {
            let end = offset + 1 < pieces.count ? pieces[offset + 1].name : close
            // The last argument of a variadic send holds the extra comma-separated arguments too.
            let parts = split(piece.colon + 1, end)
            arguments += parts.map { argument($0.lowerBound, $0.upperBound) }
        }
        if XFCallTable.meaningBySelector[selector] == .subRouting {
            subRouting(arguments.first, at: pieces[0].name)
            return
        }
        FrameworkCall(name: selector, receiver: receiver, arguments: arguments, fromClass: currentClass, location: location(pieces[0].name),
                      branches: branches(of: selector, at: pieces[0].name))
            .interpret(into: &facts)
    }

    /// Remembers `var = [Class assembleRouting]` so a later `addSubRouting:var` knows the class.
    private mutating func noteAssembledRouting(open: Int, receiverClass: String) {
        guard lexer.isPunctuation(open - 1, UInt8(ascii: "=")), open - 2 >= 0, tokens[open - 2].kind == .identifier else { return }
        assembledRoutings[lexer.text(tokens[open - 2])] = receiverClass
    }

    private mutating func subRouting(_ argument: FrameworkCall.Argument?, at index: Int) {
        let target: ScanValue
        switch argument {
        case .identifier(let variable)?:
            target = assembledRoutings[variable].map { .literal($0) } ?? .dynamic(expression: variable)
        case .expression(let text)?:
            target = Self.assembledClass(in: text).map { .literal($0) } ?? .dynamic(expression: text)
        default:
            target = .dynamic(expression: argument?.description ?? "nil")
        }
        facts.transitions.append(.init(kind: .subRouting, target: .routingClass(target), fromClass: currentClass,
                                       via: "addSubRouting:", location: location(index)))
    }

    /// `Class` from an inline `[Class assembleRouting]`.
    private static func assembledClass(in text: String) -> String? {
        let words = text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        guard words.count == 2, words[1] == "assembleRouting" || words[1] == "routing" else { return nil }
        return String(words[0])
    }

    // MARK: - Arguments

    /// Splits tokens `start..<end` at depth-0 commas.
    private func split(_ start: Int, _ end: Int) -> [Range<Int>] {
        guard start < end else { return [] }
        var parts: [Range<Int>] = []
        var partStart = start
        var cursor = start
        while cursor < end {
            if let next = lexer.indexAfterGroup(cursor, limit: end) { cursor = next; continue }
            let token = tokens[cursor]
            if token.kind == .punctuation {
                let byte = lexer.bytes[token.start]
                if byte == UInt8(ascii: ",") {
                    parts.append(partStart..<cursor)
                    partStart = cursor + 1
                }
            }
            cursor += 1
        }
        parts.append(partStart..<end)
        return parts.filter { !$0.isEmpty }
    }

    /// The argument in tokens `start..<end`.
    private func argument(_ start: Int, _ end: Int) -> FrameworkCall.Argument {
        guard start < end else { return .expression("") }
        var first = start, last = end
        // `(NSString *)@"x"` casts and surrounding parentheses do not change a literal.
        while lexer.isPunctuation(first, UInt8(ascii: "(")), Int(lexer.partner[first]) == last - 1 { first += 1; last -= 1 }
        guard first < last else { return .expression(expressionText(start, end)) }
        if (first..<last).allSatisfy({ tokens[$0].isString }) {
            return .string((first..<last).map { lexer.stringValue(tokens[$0]) }.joined(), at: location(first))
        }
        if last - first == 1, tokens[first].kind == .identifier {
            let name = lexer.text(tokens[first])
            if name == "nil" || name == "NULL" { return .null }
            if let binding = lookup(name) { return Self.argument(binding) ?? .identifier(name) }
            return .identifier(name)
        }
        // `@[ … ]` and `@{ … }` literals.
        if tokens[first].kind == .punctuation, lexer.bytes[tokens[first].start] == UInt8(ascii: "@"), first + 1 < last,
           Int(lexer.partner[first + 1]) == last - 1 {
            let opener = lexer.bytes[tokens[first + 1].start]
            let parts = split(first + 2, last - 1)
            if opener == UInt8(ascii: "[") {
                return .array(parts.map { argument($0.lowerBound, $0.upperBound) })
            }
            if opener == UInt8(ascii: "{") {
                return .dictionary(parts.map { part in
                    var colon = part.lowerBound
                    while colon < part.upperBound {
                        if lexer.isPunctuation(colon, UInt8(ascii: ":")) { break }
                        if let next = lexer.indexAfterGroup(colon, limit: part.upperBound) { colon = next; continue }
                        colon += 1
                    }
                    return (argument(part.lowerBound, colon), argument(colon + 1, part.upperBound))
                })
            }
        }
        if let binding = resolve(first, last), let resolved = Self.argument(binding) { return resolved }
        return .expression(expressionText(start, end))
    }

    /// A resolved binding as an argument: an array of resolved elements, or one resolved value.
    private static func argument(_ binding: Binding) -> FrameworkCall.Argument? {
        guard let values = binding.values else { return nil }
        if binding.isArray { return .array(values.map { .resolved([$0], chain: binding.chain) }) }
        return .resolved(values, chain: binding.chain)
    }

    // MARK: - Values a reader resolves

    private func lookup(_ name: String) -> Binding? { locals[name] ?? constants[name] }

    /// Whether the `-` or `+` at `index` starts a method (`- (void)name…` after `}`, `;` or the class line).
    private func isMethodStart(_ index: Int) -> Bool {
        guard currentClass != nil, lexer.isPunctuation(index + 1, UInt8(ascii: "(")) else { return false }
        let byte = lexer.bytes[tokens[index].start]
        guard byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") else { return false }
        guard index > 0 else { return true }
        let previous = tokens[index - 1]
        if previous.kind == .punctuation {
            let p = lexer.bytes[previous.start]
            return p == UInt8(ascii: "}") || p == UInt8(ascii: ";") || p == UInt8(ascii: ")")
        }
        return previous.kind == .identifier
            && (index < 2 || lexer.isIdentifier(index - 2, "@implementation") || lexer.isPunctuation(index - 2, UInt8(ascii: ")")))
    }

    /// `name = value;` (or a declaration `NSString *name = value;`): what `name` holds from here on.
    private mutating func assignment(at index: Int) {
        let start = index + 2
        var end = start
        let limit = min(tokens.count, start + 512)
        while end < limit, !lexer.isPunctuation(end, UInt8(ascii: ";")) {
            if lexer.isPunctuation(end, UInt8(ascii: ",")) || lexer.isPunctuation(end, UInt8(ascii: ")")) { return }
            end = lexer.indexAfterGroup(end, limit: limit) ?? end + 1
        }
        guard end < limit, end > start else { return }
        // `self.url = …` and `obj->url = …` set a property, not the name `url`.
        if lexer.isPunctuation(index - 1, UInt8(ascii: ".")) || lexer.isPunctuation(index - 1, UInt8(ascii: ">")) { return }
        let name = lexer.text(tokens[index])
        var binding = resolve(start, end) ?? Binding(values: nil, chain: [])
        binding.chain.insert(location(index), at: 0)
        // A name assigned twice holds either value; one computed assignment makes it dynamic.
        let earlier = inMethod ? locals[name] : constants[name]
        if let earlier, earlier.chain.first != binding.chain.first {
            if let old = earlier.values, let new = binding.values, earlier.isArray == binding.isArray {
                binding.values = old + new.filter { !old.contains($0) }
                binding.chain = earlier.chain + binding.chain
            } else {
                binding.values = nil
            }
        }
        if inMethod { locals[name] = binding } else { constants[name] = binding }
    }

    /// `for (NSString *name in collection)`: the loop variable takes each element the collection resolves to.
    private mutating func forIn(at index: Int) {
        let open = index + 1
        let close = Int(lexer.partner[open])
        guard close > open + 2 else { return }
        var cursor = open + 1
        while cursor < close, !lexer.isIdentifier(cursor, "in") { cursor += 1 }
        guard cursor < close, cursor - 1 > open, tokens[cursor - 1].kind == .identifier else { return }
        let name = lexer.text(tokens[cursor - 1])
        guard var binding = resolve(cursor + 1, close), binding.isArray else {
            locals[name] = Binding(values: nil, chain: [location(cursor - 1)])
            return
        }
        binding.isArray = false
        binding.chain.insert(location(cursor - 1), at: 0)
        locals[name] = binding
    }

    /// What tokens `start..<end` resolve to: literals, known names, `@[…]`, `[NSString stringWithFormat:…]`,
    /// `[a stringByAppendingString:b]`, `[self method]` returning an array literal; nil otherwise.
    private func resolve(_ start: Int, _ end: Int) -> Binding? {
        var first = start, last = end
        while first < last, lexer.isPunctuation(first, UInt8(ascii: "(")) {
            let close = Int(lexer.partner[first])
            if close == last - 1 { first += 1; last -= 1; continue }
            // A cast: `(NSString *)x`.
            guard close > first, close < last - 1 else { break }
            first = close + 1
        }
        guard first < last else { return nil }
        if (first..<last).allSatisfy({ tokens[$0].isString }) {
            return Binding(values: [(first..<last).map { lexer.stringValue(tokens[$0]) }.joined()], chain: [])
        }
        if last - first == 1, tokens[first].kind == .identifier {
            return lookup(lexer.text(tokens[first]))
        }
        // `@[ … ]`
        if lexer.isPunctuation(first, UInt8(ascii: "@")), lexer.isPunctuation(first + 1, UInt8(ascii: "[")), Int(lexer.partner[first + 1]) == last - 1 {
            var values: [String] = []
            var chain: [SourceLocation] = []
            for part in split(first + 2, last - 1) {
                guard let element = resolve(part.lowerBound, part.upperBound), let elementValues = element.values, !element.isArray else { return nil }
                values += elementValues
                chain += element.chain
            }
            return Binding(values: values, chain: chain, isArray: true)
        }
        // `XF_URL_(path, params)` (XFUIBus.h:69) appends a query to the path, and the route is matched on the path
        // alone: the URL opens what the path names.
        if last - first > 3, lexer.isIdentifier(first, "XF_URL_"), lexer.isPunctuation(first + 1, UInt8(ascii: "(")),
           Int(lexer.partner[first + 1]) == last - 1, let path = split(first + 2, last - 1).first {
            return resolve(path.lowerBound, path.upperBound)
        }
        // `[receiver selector…]`
        guard lexer.isPunctuation(first, UInt8(ascii: "[")), Int(lexer.partner[first]) == last - 1 else { return nil }
        return resolveSend(first, last - 1)
    }

    private func resolveSend(_ open: Int, _ close: Int) -> Binding? {
        // Unary: `[self tabURLs]`.
        if close - open == 3, lexer.isIdentifier(open + 1, "self"), tokens[open + 2].kind == .identifier, let currentClass {
            return methodArrays[currentClass + "." + lexer.text(tokens[open + 2])]
        }
        guard open + 2 < close, tokens[open + 2].kind == .identifier, lexer.isPunctuation(open + 3, UInt8(ascii: ":")) else { return nil }
        let selector = lexer.text(tokens[open + 2])
        // `[XFURLParse urlFromPath:path params:…]` (XFURLParse.h:61): as `XF_URL_`, the path.
        if lexer.isIdentifier(open + 1, "XFURLParse"), selector == "urlFromPath" {
            var end = open + 4
            while end < close, !(lexer.isIdentifier(end, "params") && lexer.isPunctuation(end + 1, UInt8(ascii: ":"))) {
                end = lexer.indexAfterGroup(end, limit: close) ?? end + 1
            }
            return end < close ? resolve(open + 4, end) : nil
        }
        let parts = split(open + 4, close)
        if lexer.isIdentifier(open + 1, "NSString"), selector == "stringWithFormat", let format = parts.first {
            guard let formats = resolve(format.lowerBound, format.upperBound), let formatValues = formats.values, formatValues.count == 1 else { return nil }
            var arguments: [Binding] = []
            for part in parts.dropFirst() {
                guard let argument = resolve(part.lowerBound, part.upperBound), argument.values != nil, !argument.isArray else { return nil }
                arguments.append(argument)
            }
            guard let values = Self.format(formatValues[0], arguments.map { $0.values ?? [] }) else { return nil }
            return Binding(values: values, chain: formats.chain + arguments.flatMap(\.chain))
        }
        if selector == "stringByAppendingString", parts.count == 1, let left = resolve(open + 1, open + 2), let right = resolve(parts[0].lowerBound, parts[0].upperBound),
           let leftValues = left.values, let rightValues = right.values, !left.isArray, !right.isArray {
            let values = leftValues.flatMap { l in rightValues.map { l + $0 } }
            guard values.count <= Self.valueLimit else { return nil }
            return Binding(values: values, chain: left.chain + right.chain)
        }
        return nil
    }

    /// `format` with each `%@`, `%d`, `%ld`, `%s`… replaced by the next argument's values (every combination).
    static func format(_ format: String, _ arguments: [[String]]) -> [String]? {
        var results = [""]
        var remaining = arguments[...]
        var characters = format[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            guard character == "%" else { results = results.map { $0 + String(character) }; continue }
            if characters.first == "%" { characters = characters.dropFirst(); results = results.map { $0 + "%" }; continue }
            // Flags, width and length, then the conversion.
            characters = characters.drop { "0123456789.-+ #lhqzjt".contains($0) }
            guard let conversion = characters.first, "@dDiuUxXsfgeEcC".contains(conversion), let values = remaining.first else { return nil }
            characters = characters.dropFirst()
            remaining = remaining.dropFirst()
            results = results.flatMap { prefix in values.map { prefix + $0 } }
            if results.count > valueLimit { return nil }
        }
        return remaining.isEmpty ? results : nil
    }

    /// `Class.selector` → the array literal a unary method returns, for `[self selector]` anywhere in the file.
    private mutating func collectMethodArrays() {
        var currentClass: String?
        var method: String?
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .atKeyword {
                if lexer.isIdentifier(index, "@implementation"), index + 1 < tokens.count { currentClass = lexer.text(tokens[index + 1]) }
                if lexer.isIdentifier(index, "@end") { currentClass = nil }
            } else if token.kind == .punctuation, currentClass != nil, lexer.isPunctuation(index + 1, UInt8(ascii: "(")),
                      lexer.bytes[token.start] == UInt8(ascii: "-") || lexer.bytes[token.start] == UInt8(ascii: "+") {
                let close = Int(lexer.partner[index + 1])
                method = close > index + 1 && close + 1 < tokens.count && tokens[close + 1].kind == .identifier
                    && !lexer.isPunctuation(close + 2, UInt8(ascii: ":")) ? lexer.text(tokens[close + 1]) : nil
                // Only a definition (a body follows), not a declaration in an @interface.
                if let currentClass, let name = method, lexer.isPunctuation(close + 2, UInt8(ascii: "{")) {
                    facts.methods.append(.init(className: currentClass, selector: name, location: location(close + 1)))
                }
                // A definition starts its line after a `}`, a `;` or the `@implementation` line (`a - (int)b` is no method).
                let startsDefinition = index == 0 || (tokens[index - 1].line < token.line
                    && (lexer.isPunctuation(index - 1, UInt8(ascii: "}")) || lexer.isPunctuation(index - 1, UInt8(ascii: ";"))
                        || lexer.isPunctuation(index - 1, UInt8(ascii: ")")) || tokens[index - 1].kind == .identifier))
                if let currentClass, startsDefinition, close > index + 1, close + 1 < tokens.count, tokens[close + 1].kind == .identifier {
                    methodBody(className: currentClass, nameAt: close + 1)
                }
            } else if token.kind == .identifier, let currentClass, let name = method, lexer.isIdentifier(index, "return"),
                      lexer.isPunctuation(index + 1, UInt8(ascii: "@")), lexer.isPunctuation(index + 2, UInt8(ascii: "[")) {
                let close = Int(lexer.partner[index + 2])
                if close > index + 2, var binding = resolve(index + 1, close + 1), binding.isArray {
                    binding.chain.insert(location(index), at: 0)
                    methodArrays[currentClass + "." + name] = binding
                    if let values = binding.values, let last = facts.methods.indices.last, facts.methods[last].className == currentClass,
                       facts.methods[last].selector == name {
                        facts.methods[last].returnedArray = values
                        facts.methods[last].returnLocation = location(index)
                    }
                }
            }
            index += 1
        }
    }

    /// Records the method whose selector starts at token `nameAt` when a body follows its signature.
    private mutating func methodBody(className: String, nameAt: Int) {
        var cursor = nameAt + 1
        let limit = min(tokens.count, nameAt + 256)
        while cursor < limit {
            if lexer.isPunctuation(cursor, UInt8(ascii: "{")) {
                let close = Int(lexer.partner[cursor])
                guard close > cursor else { return }
                let name = lexer.text(tokens[nameAt])
                let callsSuper = (cursor..<close).contains { lexer.isIdentifier($0, "super") && $0 + 1 < close && lexer.text(tokens[$0 + 1]) == name }
                facts.methodBodies.append(.init(className: className, name: name, location: location(nameAt),
                                                lastLine: tokens[close].line, hasArguments: lexer.isPunctuation(nameAt + 1, UInt8(ascii: ":")),
                                                callsSuper: callsSuper))
                return
            }
            if lexer.isPunctuation(cursor, UInt8(ascii: ";")) || lexer.isPunctuation(cursor, UInt8(ascii: "}")) { return }
            cursor = lexer.indexAfterGroup(cursor, limit: limit) ?? cursor + 1
        }
    }

    /// The source text of tokens `start..<end` with runs of white space collapsed, cut at `expressionLimit`.
    private func expressionText(_ start: Int, _ end: Int) -> String {
        guard start < end else { return "" }
        let from = tokens[start].start, to = min(tokens[end - 1].end, tokens[start].start + Self.expressionLimit * 4)
        var out: [UInt8] = []
        var lastWasSpace = false
        for byte in lexer.bytes[from..<to] {
            let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            if isSpace { if !lastWasSpace { out.append(0x20) }; lastWasSpace = true; continue }
            lastWasSpace = false
            out.append(byte)
        }
        var text = String(decoding: out, as: UTF8.self)
        if text.count > Self.expressionLimit { text = String(text.prefix(Self.expressionLimit)) + "…" }
        return text
    }
}
