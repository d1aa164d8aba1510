/// A recursive-descent parser: tokens to a syntax tree. An error is recorded and the
/// parser skips to the next statement, so every syntax error of a file is reported.
public struct Parser {
    /// Deeper nesting is refused with a diagnostic instead of overflowing the stack.
    static let depthLimit = 200

    private let source: Source
    private let tokens: [Token]
    private var position = 0
    private var depth = 0
    private(set) var diagnostics: [Diagnostic] = []
    /// The stage whose arguments are being parsed, for hints.
    private var stageName: String?
    /// Parsing a `var`'s value: a `<-` ends it instead of comparing (`parseValueBeforeBinding`).
    private var stopsAtBinding = false
    /// The operator that makes two signals, named by `let a, b = … | partition C`: the
    /// parser writes it as two `let`s, and the checker refuses it anywhere else.
    public static let pairOperator = "partition"
    /// The second of the two `let`s that `let a, b = … | partition C` stands for.
    private var secondOfPair: Statement?

    init(source: Source, tokens: [Token]) {
        self.source = source
        self.tokens = tokens
    }

    struct Failure: Error {
        let diagnostic: Diagnostic
    }

    // MARK: Statements

    /// program -> { statement NEWLINE }
    mutating func parseProgram() -> Program {
        var statements: [Statement] = []
        while !check(.end) {
            if match(.newline) { continue }
            do throws(Failure) {
                statements.append(try parseStatement())
                if let second = secondOfPair {
                    statements.append(second)
                    secondOfPair = nil
                }
                if !check(.end) { try expectEndOfStatement() }
            } catch {
                diagnostics.append(error.diagnostic)
                depth = 0
                skipToNextStatement()
            }
        }
        return Program(statements: statements)
    }

    /// statement -> 'let' NAME '=' pipeline | 'var' NAME '=' expression | NAME ':=' expression
    ///            | 'import' STRING
    ///            | 'expect' pipeline 'emits' STRING [expression] ['error' STRING] | pipeline ['&']
    private mutating func parseStatement() throws(Failure) -> Statement {
        let start = current.range
        try refuseMalformedStart()
        if isWord(.let) || isWord(.var), case .name = peek(1).kind { return try parseBinding(from: start) }
        if isWord(.def), case .name = peek(1).kind { return try parseDefinition(from: start) }
        if isWord(.import), peek(1).kind != .pipe, peek(1).kind != .update { return try parseImport(from: start) }
        if case .name(let name) = current.kind, let fields = assignedPath() { return try parseAssignment(name, fields, from: start) }
        if isWord(.expect) { return try parseExpect(from: start) }
        if isWord(.service), case .name = peek(1).kind, case .name(let verb) = peek(2).kind,
           ["fails", "slow", "ok"].contains(verb) {
            return try parseService()
        }
        let pipeline = try parsePipeline()
        let background = match(.ampersand)
        return .run(pipeline, background: background, range: start.to(previous.range))
    }

    /// The starts of a statement that cannot be one: a binding without a name, a `|` with
    /// nothing before it, `x = 5` (a comparison, or a property being set).
    private mutating func refuseMalformedStart() throws(Failure) {
        // `let = of 1`, `let 1 = of 1`: no name, or something that is not one.
        if isWord(.let) || isWord(.var), peek(1).kind == .assign || (peek(1).name == nil && peek(2).kind == .assign) {
            let keyword = current.name ?? ""
            advance()
            throw failure(.expectedName(.beforeEquals(keyword: keyword), found: current.kind))
        }
        if current.kind == .pipe {
            throw failure(.nothingToContinue())
        }
        // `x = 5` as a statement: a comparison, or a property being set.
        if let name = current.name, current.keyword?.role != .statement,
           peek(1).kind == .assign, !(peek(2).kind == .greater && peek(2).range.start == peek(1).range.end) {
            advance()
            throw failure(.expectedDoubleEquals(after: name))
        }
    }

    /// binding -> ('let' | 'var') NAME '=' pipeline | 'var' NAME ['=' value] '<-' pipeline
    private mutating func parseBinding(from start: SourceRange) throws(Failure) -> Statement {
        let isLet = isWord(.let)
        advance()
        let (name, nameRange) = try expectName(.toBind)
        if isLet, check(.comma) { return try parsePartition(name, nameRange, from: start) }
        // `var NAME <- PIPELINE`: the property follows the pipeline's values.
        if !isLet, isBindingArrow {
            advance()
            advance()
            let value = try parsePipeline()
            return .bindProperty(name: name, nameRange: nameRange, initial: nil, value: value, range: start.to(value.range))
        }
        guard match(.assign) else {
            throw failure(.expectedEquals(isLet ? .let(name) : .var(name)))
        }
        if isLet {
            let value = try parsePipeline()
            return .let(name: name, nameRange: nameRange, value: value, range: start.to(value.range))
        }
        let value = try parseValueBeforeBinding()
        try refusePipeline(value, "var \(name) =", property: name)
        // `var text = "" <- typed`: the value until the pipeline's first.
        if isBindingArrow {
            advance()
            advance()
            let pipeline = try parsePipeline()
            return .bindProperty(name: name, nameRange: nameRange, initial: value, value: pipeline, range: start.to(pipeline.range))
        }
        return .var(name: name, nameRange: nameRange, value: value, range: start.to(value.range))
    }

    /// partition -> 'let' NAME ',' NAME '=' pipeline '|' 'partition' CONDITION
    ///
    /// Two `let`s (RxJS's `partition` is two filters of one source): the first name is the
    /// pipeline with `filter CONDITION`, the second with `filter not (CONDITION)`. The
    /// second is returned next (`secondOfPair`).
    private mutating func parsePartition(_ name: String, _ nameRange: SourceRange, from start: SourceRange) throws(Failure) -> Statement {
        advance()
        let (other, otherRange) = try expectName(.toBind)
        guard match(.assign) else {
            throw failure(.expectedEquals(.let("\(name), \(other)")))
        }
        var value = try parsePipeline()
        guard let last = value.stages.last, last.name == Parser.pairOperator, last.arguments.count == 1,
              last.arguments[0].keyword == nil else {
            throw Failure(diagnostic: Diagnostic(.partitionUnnamed(pair: (name, other)), at: value.range, in: source))
        }
        let condition = last.arguments[0].value
        var kept = last
        kept.name = "filter"
        value.stages[value.stages.count - 1] = kept
        var dropped = kept
        dropped.arguments[0].value = Expression(kind: .not(condition), range: condition.range)
        // A place of its own (the condition's), so that a trace draws the second signal on
        // a row of its own.
        dropped.nameRange = condition.range
        var others = value
        others.stages[others.stages.count - 1] = dropped
        secondOfPair = .let(name: other, nameRange: otherRange, value: others, range: start.to(others.range))
        return .let(name: name, nameRange: nameRange, value: value, range: start.to(value.range))
    }

    /// import -> 'import' STRING
    private mutating func parseImport(from start: SourceRange) throws(Failure) -> Statement {
        advance()
        guard case .string(let path) = current.kind else {
            throw failure(.expectedFile())
        }
        let pathRange = current.range
        advance()
        return .import(path: path, pathRange: pathRange, range: start.to(pathRange))
    }

    /// assignment -> NAME { '.' NAME } ':=' expression
    private mutating func parseAssignment(_ name: String, _ fields: [String], from start: SourceRange) throws(Failure) -> Statement {
        let nameRange = current.range
        for _ in 0..<(1 + 2 * fields.count) { advance() }
        advance()
        let value = try parseExpression()
        let target = ([name] + fields).joined(separator: ".")
        try refusePipeline(value, "\(target) :=", property: name)
        return .assign(name: name, nameRange: nameRange, path: fields, value: value, range: start.to(value.range))
    }

    /// expect -> 'expect' pipeline 'emits' STRING [values] ['error' STRING]
    private mutating func parseExpect(from start: SourceRange) throws(Failure) -> Statement {
        advance()
        let pipeline = try parsePipeline()
        guard isWord(.emits) else {
            throw failure(.expectedEmits())
        }
        advance()
        guard case .string(let marble) = current.kind else {
            throw failure(.expectedMarbleText())
        }
        let marbleRange = current.range
        advance()
        var values: Expression?
        if current.kind == .leftBrace || (current.name != nil && !isWord(.error)) {
            values = try parseExpression()
        }
        var error: String?
        if isWord(.error) {
            advance()
            guard case .string(let message) = current.kind else {
                throw failure(.expectedMessage())
            }
            error = message
            advance()
        }
        return .expect(pipeline, marble: marble, marbleRange: marbleRange, values: values, error: error,
                       range: start.to(previous.range))
    }

    /// definition -> 'def' NAME [ '(' NAME { ',' NAME } ')' ] '=' stages
    private mutating func parseDefinition(from start: SourceRange) throws(Failure) -> Statement {
        advance()
        let (name, nameRange) = try expectName(.definition)
        var parameters: [String] = []
        if match(.leftParen) {
            repeat {
                let (parameter, _) = try expectName(.parameter)
                parameters.append(parameter)
            } while match(.comma)
            try expect(.rightParen, "to close the parameters")
        }
        guard match(.assign) else {
            throw failure(.expectedEquals(.def(name, parameters: parameters)))
        }
        // A definition's body starts with a stage, also `then`, a word of `if` elsewhere.
        let body = try parsePipeline(stageFirst: isWord(.then))
        return .define(name: name, nameRange: nameRange, parameters: parameters, body: body, range: start.to(body.range))
    }

    /// `v := of 1`, `var v = of 1`: a property holds a value, and a source with arguments
    /// starts a pipeline.
    private func refusePipeline(_ value: Expression, _ statement: String, property: String) throws(Failure) {
        guard case .name(let name) = value.kind, startsArgument(current) || current.kind == .pipe else { return }
        throw Failure(diagnostic: Diagnostic(.expectedValue(after: statement, property: property, source: name), at: value.range, in: source))
    }

    /// service -> 'service' NAME ( 'fails' [STRING] [NUMBER 'times'] | 'slow' NUMBER | 'ok' )
    private mutating func parseService() throws(Failure) -> Statement {
        let start = current.range
        advance()
        let (name, nameRange) = try expectName(.service)
        let verb = current.name ?? ""
        advance()
        let setting: ServiceSetting
        switch verb {
        case "fails":
            var message: String?
            if case .string(let text) = current.kind {
                message = text
                advance()
            }
            var times: Int?
            if case .number(let count) = current.kind {
                guard count >= 1, count == count.rounded(), count < 1e9 else {
                    throw failure(.badCountSyntax(service: name))
                }
                advance()
                guard isWord(.times) || isWord(.time) else {
                    throw failure(.expectedTimes(service: name, count: Int(count)))
                }
                advance()
                times = Int(count)
            }
            setting = .fails(message: message, times: times)
        case "slow":
            guard case .number(let factor) = current.kind, factor > 0 else {
                throw failure(.expectedFactor(service: name))
            }
            advance()
            setting = .slow(factor)
        default:
            setting = .normal
        }
        return .service(name: name, nameRange: nameRange, setting: setting, range: start.to(previous.range))
    }

    private mutating func expectEndOfStatement() throws(Failure) {
        guard match(.newline) || check(.end) else {
            throw failure(.unexpectedToken(current.kind, .afterStatement(previous: previous.kind)))
        }
    }

    private mutating func skipToNextStatement() {
        while !check(.end), !match(.newline) { advance() }
    }

    // MARK: Pipelines

    /// pipeline -> head { '|' stage }
    mutating func parsePipeline(stageFirst: Bool = false) throws(Failure) -> Pipeline {
        try nested()
        defer { depth -= 1 }
        let start = current.range
        let head = stageFirst ? .call(try parseStage()) : try parseHead()
        var stages: [Stage] = []
        while match(.pipe) {
            guard current.name != nil else {
                throw failure(.expectedOperator(found: current.kind))
            }
            stages.append(try parseStage())
        }
        return Pipeline(head: head, stages: stages, range: start.to(previous.range))
    }

    /// head -> stage | expression
    /// A name followed by something that starts an argument (`of 1, 2`, `cold "-a|"`) is a
    /// source call; anything else (`rating > 90`, a bare `popular`) is an expression.
    private mutating func parseHead() throws(Failure) -> Pipeline.Head {
        let next = peek(1)
        let isCall = next.kind == .leftParen && !next.spaceBefore
        // `of -1`: a `-` after a space and right before its number is the argument's sign.
        let isSign = next.kind == .minus && next.spaceBefore && !peek(2).spaceBefore
        if current.name != nil, current.keyword?.role != .expression, !isCall, startsArgument(next) || isSign {
            return .call(try parseStage())
        }
        return .expression(try parseExpression())
    }

    /// The fields after the name when the statement is `NAME.FIELD... :=` (empty for
    /// `NAME :=`); nil when it is not an assignment.
    private func assignedPath() -> [String]? {
        var fields: [String] = []
        var offset = 1
        while peek(offset).kind == .dot, case .name(let field) = peek(offset + 1).kind {
            fields.append(field)
            offset += 2
        }
        return peek(offset).kind == .update ? fields : nil
    }

    /// A `var`'s value, which ends before a `<-` (`var text = "" <- typed`).
    private mutating func parseValueBeforeBinding() throws(Failure) -> Expression {
        stopsAtBinding = true
        defer { stopsAtBinding = false }
        return try parseExpression()
    }

    /// `<-` written as one: `<` right before `-`.
    private var isBindingArrow: Bool {
        current.kind == .less && peek(1).kind == .minus && current.range.end == peek(1).range.start
    }

    /// stage -> NAME [ argument { [','] argument } ]
    private mutating func parseStage() throws(Failure) -> Stage {
        let nameToken = current
        let outer = stageName
        stageName = nameToken.name
        defer { stageName = outer }
        advance()
        var name = nameToken.name ?? "", nameRange = nameToken.range
        // A RAC 2 selector written whole (`deliverOn:`, `throttle:`): one name, which the
        // checker knows how to answer (`Spellings`, an entry's names elsewhere).
        if current.kind == .colon, current.range.start == nameToken.range.end {
            name += ":"
            nameRange = nameRange.to(current.range)
            advance()
        }
        var arguments: [Argument] = []
        // After a stage's name, `-` starts an argument (`take -1`, `of 1, -2`): there is
        // nothing before it to subtract from.
        while startsArgument(current) || current.kind == .minus {
            arguments.append(try parseArgument())
            if match(.comma) {
                guard startsArgument(current) || current.kind == .minus else {
                    throw failure(.expectedArgument())
                }
            }
        }
        return Stage(name: name, nameRange: nameRange, arguments: arguments, range: nameToken.range.to(previous.range))
    }

    /// Words that name the argument after them: `cold "-#" error "boom"`,
    /// `action (login user, password) enabledBy valid`, `retry 3 delay 1s`,
    /// `timeout 2s with (of "cached")`, `throttle 1s trailing true`: the catalogue's keyword
    /// parameters, read from there.
    static let argumentKeywords: Set<String> = Set(builtins.flatMap { $0.parameters.compactMap(\.keyword) })

    /// argument -> KEYWORD expression | expression
    private mutating func parseArgument() throws(Failure) -> Argument {
        let start = current.range
        // `error` is a name too (inside `catch`): a keyword where a string follows, or a
        // word the stage's `error` parameter was meant to have (`error timeout`: the checker
        // then says it must be quoted).
        if let keyword = current.name, Parser.argumentKeywords.contains(keyword),
           keyword == "error" ? isString(peek(1)) || (peek(1).name != nil && stageTakes(keyword)) : startsArgument(peek(1)) {
            advance()
            let value = try parseExpression()
            return Argument(keyword: keyword, value: value, range: start.to(value.range))
        }
        let value = try parseExpression()
        return Argument(keyword: nil, value: value, range: value.range)
    }

    /// Whether the stage being read has a parameter named by `keyword`.
    private func stageTakes(_ keyword: String) -> Bool {
        guard let stageName else { return false }
        return builtins.contains { ($0.name == stageName || $0.aliases.contains(stageName)) && $0.parameters.contains { $0.keyword == keyword } }
    }

    /// Whether the token can begin an argument of a stage (not an infix operator).
    private func startsArgument(_ token: Token) -> Bool {
        switch token.kind {
        case .number, .duration, .string, .leftParen, .leftBracket, .leftBrace: return true
        case .minus: return false
        case .name:
            return token.keyword?.isInfix != true
        default: return false
        }
    }

    // MARK: Expressions

    /// expression -> or
    mutating func parseExpression() throws(Failure) -> Expression {
        try nested()
        defer { depth -= 1 }
        return try bounded(try parseOr())
    }

    /// The expression, unless it is deeper than the later phases walk safely: they recurse
    /// through it, and a chain (`1 + 1 + …`, `.a.b…`, `[0][0]…`) is as deep as it is long.
    /// Checked as each link is made, so no deeper tree is ever built.
    private func bounded(_ expression: Expression) throws(Failure) -> Expression {
        guard expression.height > Limits.statementDepth else { return expression }
        let start = SourceRange(start: expression.range.start, end: expression.range.start + 1)
        throw Failure(diagnostic: Diagnostic(.expressionTooDeep(), at: start, in: source))
    }

    /// or -> and { 'or' and }
    private mutating func parseOr() throws(Failure) -> Expression {
        var left = try parseAnd()
        while isWord(.or) {
            let operatorRange = current.range
            advance()
            let right = try parseAnd()
            left = try bounded(Expression(kind: .binary(.or, left, right, operatorRange: operatorRange), range: left.range.to(right.range)))
        }
        return left
    }

    /// and -> not { 'and' not }
    private mutating func parseAnd() throws(Failure) -> Expression {
        var left = try parseNot()
        while isWord(.and) {
            let operatorRange = current.range
            advance()
            let right = try parseNot()
            left = try bounded(Expression(kind: .binary(.and, left, right, operatorRange: operatorRange), range: left.range.to(right.range)))
        }
        return left
    }

    /// not -> 'not' not | comparison
    private mutating func parseNot() throws(Failure) -> Expression {
        if isWord(.not) {
            let start = current.range
            advance()
            try nested()
            defer { depth -= 1 }
            let operand = try parseNot()
            return Expression(kind: .not(operand), range: start.to(operand.range))
        }
        return try parseComparison()
    }

    /// comparison -> coalescing [ ('==' | '!=' | '<' | '<=' | '>' | '>=' | 'matches') coalescing ]
    private mutating func parseComparison() throws(Failure) -> Expression {
        let left = try parseCoalescing()
        let op: BinaryOperator
        switch current.kind {
        case .equal: op = .equal
        case .notEqual: op = .notEqual
        // `var text = "" <- typed`: the value ends before the arrow.
        case .less where stopsAtBinding && isBindingArrow: return left
        case .less: op = .less
        case .lessOrEqual: op = .lessOrEqual
        case .greater: op = .greater
        case .greaterOrEqual: op = .greaterOrEqual
        case .name("matches"): op = .matches
        case .assign where peek(1).kind == .greater && peek(1).range.start == current.range.end:
            throw arrowFunction(left)
        case .assign:
            throw failure(.expectedDoubleEquals(after: nil))
        default: return left
        }
        let operatorRange = current.range
        advance()
        let right = try parseCoalescing()
        return Expression(kind: .binary(op, left, right, operatorRange: operatorRange), range: left.range.to(right.range))
    }

    /// coalescing -> additive [ '??' coalescing ]   (Swift's `??`: tighter than comparisons,
    /// looser than `+`; right to left, so `a ?? b ?? c` tries a, then b, then c)
    private mutating func parseCoalescing() throws(Failure) -> Expression {
        let left = try parseAdditive()
        guard current.kind == .coalesce else { return left }
        let operatorRange = current.range
        advance()
        try nested()
        defer { depth -= 1 }
        let right = try parseCoalescing()
        return try bounded(Expression(kind: .binary(.coalesce, left, right, operatorRange: operatorRange), range: left.range.to(right.range)))
    }

    /// `map x => x * 2`, a JavaScript habit: the hint writes it with `it`.
    private func arrowFunction(_ parameter: Expression) -> Failure {
        guard case .name(let name) = parameter.kind else {
            return failure(.unexpectedArrow(rewritten: nil))
        }
        // The body: up to the end of the statement or of the stage; inside the stage's
        // parentheses (`switchMap(x => cold "-x|" | map x)`), up to their end.
        let inParentheses = position >= 2 && tokens[position - 2].kind == .leftParen
        var body = "", depth = 0, index = position + 2, pipes = false
        loop: while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .newline, .end: break loop
            case .pipe where depth == 0:
                guard inParentheses else { break loop }
                pipes = true
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace:
                if depth == 0 { break loop }
                depth -= 1
            default: break
            }
            if !body.isEmpty, token.spaceBefore { body += " " }
            body += token.name == name ? "it" : source.text(from: token.range.start, to: token.range.end)
            index += 1
        }
        // A pipeline as the stage's argument goes in parentheses (`switchMap (cold "-x|")`):
        // a source with arguments, or stages after `|`.
        let first = position + 2
        let startsSource = first + 1 < tokens.count && tokens[first].name != nil && tokens[first].keyword == nil
            && tokens[first + 1].spaceBefore && startsArgument(tokens[first + 1])
        let argument = stageName != nil && (pipes || startsSource) ? "(\(body))" : body
        let arrow = SourceRange(start: current.range.start, end: peek(1).range.end)
        return Failure(diagnostic: Diagnostic(.unexpectedArrow(rewritten: (stageName.map { $0 + " " } ?? "") + argument),
                                              at: arrow, in: source))
    }

    /// additive -> multiplicative { ('+' | '-') multiplicative }
    private mutating func parseAdditive() throws(Failure) -> Expression {
        var left = try parseMultiplicative()
        while current.kind == .plus || current.kind == .minus {
            let op: BinaryOperator = current.kind == .plus ? .add : .subtract
            // `of 1 -1`: spaced like two arguments, read as a subtraction. Say both readings.
            if op == .subtract, current.spaceBefore, !peek(1).spaceBefore, startsArgument(peek(1)) {
                let left = source.text(from: left.range.start, to: left.range.end)
                let right = source.text(from: current.range.start, to: peek(1).range.end)
                throw failure(.ambiguousMinus(left, right))
            }
            let operatorRange = current.range
            advance()
            let right = try parseMultiplicative()
            left = try bounded(Expression(kind: .binary(op, left, right, operatorRange: operatorRange), range: left.range.to(right.range)))
        }
        return left
    }

    /// multiplicative -> unary { ('*' | '/' | '%') unary }
    private mutating func parseMultiplicative() throws(Failure) -> Expression {
        var left = try parseUnary()
        while true {
            let op: BinaryOperator
            switch current.kind {
            case .star: op = .multiply
            case .slash: op = .divide
            case .percent: op = .remainder
            default: return left
            }
            let operatorRange = current.range
            advance()
            let right = try parseUnary()
            left = try bounded(Expression(kind: .binary(op, left, right, operatorRange: operatorRange), range: left.range.to(right.range)))
        }
    }

    /// unary -> '-' unary | postfix
    private mutating func parseUnary() throws(Failure) -> Expression {
        if current.kind == .minus {
            let start = current.range
            advance()
            try nested()
            defer { depth -= 1 }
            let operand = try parseUnary()
            if case .number(let number) = operand.kind {
                return Expression(kind: .number(-number), range: start.to(operand.range))
            }
            return Expression(kind: .negate(operand), range: start.to(operand.range))
        }
        return try parsePostfix()
    }

    /// postfix -> primary { '.' NAME | '[' expression ']' }
    private mutating func parsePostfix() throws(Failure) -> Expression {
        var expression = try parsePrimary()
        while true {
            if current.kind == .dot {
                advance()
                guard let name = current.name else {
                    throw failure(.expectedField(.afterDot))
                }
                let nameRange = current.range
                advance()
                expression = try bounded(Expression(kind: .member(expression, name: name, nameRange: nameRange),
                                                    range: expression.range.to(nameRange)))
            } else if current.kind == .leftBracket, !current.spaceBefore {
                advance()
                let index = try parseExpression()
                try expect(.rightBracket, "to close the index")
                expression = try bounded(Expression(kind: .index(expression, index), range: expression.range.to(previous.range)))
            } else {
                return expression
            }
        }
    }

    /// primary -> NUMBER | DURATION | STRING | 'true' | 'false' | 'null' | NAME | NAME '(' arguments ')'
    ///          | '(' pipeline ')' | '[' list ']' | '{' record '}' | 'if' expression 'then' expression 'else' expression
    private mutating func parsePrimary() throws(Failure) -> Expression {
        let token = current
        switch token.kind {
        case .number(let number):
            advance()
            return Expression(kind: .number(number), range: token.range)
        case .duration(let span):
            advance()
            return Expression(kind: .duration(span), range: token.range)
        case .string(let text):
            advance()
            return Expression(kind: .string(text), range: token.range)
        case .leftParen:
            return try parseParenthesised()
        case .leftBracket:
            return try parseList()
        case .leftBrace:
            return try parseRecord()
        case .name(let name):
            switch token.keyword {
            case .true?, .false?:
                advance()
                return Expression(kind: .bool(token.keyword == .true), range: token.range)
            case .null?:
                advance()
                return Expression(kind: .null, range: token.range)
            case .if?:
                return try parseConditional()
            case let keyword? where keyword.isInfix:
                throw failure(.unexpectedWord(name))
            default:
                advance()
                if current.kind == .leftParen, !current.spaceBefore {
                    return try parseCall(name: name, start: token.range)
                }
                return Expression(kind: .name(name), range: token.range)
            }
        case .newline, .end:
            throw failure(.unfinishedExpression(afterPipe: previous.kind == .pipe))
        default:
            throw failure(.unexpectedToken(token.kind, .insteadOfValue))
        }
    }

    /// '(' pipeline ')': grouping when it is one expression, else a pipeline value.
    private mutating func parseParenthesised() throws(Failure) -> Expression {
        let open = current
        advance()
        let pipeline = try parsePipeline()
        try expect(.rightParen, "to close the `(` at column \(source.location(of: open.range.start).column)")
        let range = open.range.to(previous.range)
        if pipeline.stages.isEmpty, case .expression(let inner) = pipeline.head {
            return Expression(kind: inner.kind, range: range)
        }
        return Expression(kind: .pipeline(pipeline), range: range)
    }

    private mutating func parseCall(name: String, start: SourceRange) throws(Failure) -> Expression {
        advance()
        var arguments: [Expression] = []
        if current.kind != .rightParen {
            repeat { arguments.append(try parseExpression()) } while match(.comma)
        }
        try expect(.rightParen, "to close the call of `\(name)`")
        return Expression(kind: .call(name: name, arguments: arguments), range: start.to(previous.range))
    }

    /// list -> '[' [ expression { ',' expression } [','] ] ']'
    private mutating func parseList() throws(Failure) -> Expression {
        let open = current
        advance()
        try nested()
        defer { depth -= 1 }
        var elements: [Expression] = []
        while current.kind != .rightBracket {
            elements.append(try parseExpression())
            if !match(.comma) { break }
        }
        try expect(.rightBracket, "to close the list")
        return Expression(kind: .list(elements), range: open.range.to(previous.range))
    }

    /// record -> '{' [ field { ',' field } [','] ] '}'     field -> (NAME | STRING | NUMBER) ':' expression
    private mutating func parseRecord() throws(Failure) -> Expression {
        let open = current
        advance()
        try nested()
        defer { depth -= 1 }
        var fields: [RecordField] = []
        while current.kind != .rightBrace {
            let name: String
            switch current.kind {
            case .name(let word): name = word
            case .string(let text): name = text
            case .number(let number) where number == number.rounded() && number >= 0: name = Value.format(number)
            default:
                throw failure(.expectedField(.inRecord(found: current.kind)))
            }
            let nameRange = current.range
            advance()
            try expect(.colon, "after the field name `\(name)`")
            let value = try parseExpression()
            fields.append(RecordField(name: name, nameRange: nameRange, value: value))
            if !match(.comma) { break }
        }
        try expect(.rightBrace, "to close the record")
        return Expression(kind: .record(fields), range: open.range.to(previous.range))
    }

    /// conditional -> 'if' expression 'then' expression 'else' expression
    private mutating func parseConditional() throws(Failure) -> Expression {
        let start = current.range
        advance()
        let condition = try parseExpression()
        guard isWord(.then) else {
            throw failure(.expectedThen())
        }
        advance()
        let then = try parseExpression()
        if case .name(let name) = then.kind, !isWord(.else), startsArgument(current) {
            // `then of "empty" else …`: a source called with arguments, where a value must be.
            let call = source.text(from: then.range.start, to: current.range.end)
            throw Failure(diagnostic: Diagnostic(.signalInExpressionSyntax(call: call, source: name),
                                                 at: then.range.to(current.range), in: source))
        }
        guard isWord(.else) else {
            throw failure(.expectedElse())
        }
        advance()
        let otherwise = try parseExpression()
        return Expression(kind: .conditional(condition, then: then, else: otherwise), range: start.to(otherwise.range))
    }

    // MARK: Tokens

    private var current: Token { tokens[min(position, tokens.count - 1)] }
    private var previous: Token { tokens[max(0, min(position - 1, tokens.count - 1))] }
    private func peek(_ distance: Int) -> Token { tokens[min(position + distance, tokens.count - 1)] }

    private mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    private func check(_ kind: Token.Kind) -> Bool { current.kind == kind }

    private mutating func match(_ kind: Token.Kind) -> Bool {
        guard check(kind) else { return false }
        advance()
        return true
    }

    private func isWord(_ keyword: Keyword) -> Bool { current.keyword == keyword }

    private func isString(_ token: Token) -> Bool {
        if case .string = token.kind { return true }
        return false
    }

    private mutating func expectName(_ wanted: Problem.WantedName) throws(Failure) -> (String, SourceRange) {
        guard let name = current.name else {
            throw failure(.expectedName(wanted, found: current.kind))
        }
        let range = current.range
        advance()
        return (name, range)
    }

    private mutating func expect(_ punctuation: Problem.Punctuation, _ purpose: String) throws(Failure) {
        guard match(punctuation.kind) else {
            throw failure(.expected(punctuation, purpose, found: current.kind))
        }
    }

    private mutating func nested() throws(Failure) {
        depth += 1
        if depth > Parser.depthLimit {
            throw failure(.nestedTooDeeply())
        }
    }

    private func failure(_ problem: Problem) -> Failure {
        Failure(diagnostic: Diagnostic(problem, at: current.range, in: source))
    }
}

/// Parses a whole source: the tree and every problem found on the way.
public func parse(_ source: Source) -> (Program, [Diagnostic]) {
    let (tokens, comments, lexicalDiagnostics) = Lexer.lex(source)
    var parser = Parser(source: source, tokens: tokens)
    var program = parser.parseProgram()
    program.comments = comments
    // A bad token makes the parser stumble too; its own complaints would only repeat it.
    guard lexicalDiagnostics.isEmpty else { return (program, lexicalDiagnostics) }
    return (program, parser.diagnostics)
}
