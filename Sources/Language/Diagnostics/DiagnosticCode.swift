import Signals

/// Every diagnostic the front end can raise, one row of a `CodeTable` each: its code and
/// its title (the header of the rendered diagnostic). What each says is a `Problem` made
/// from typed parameters (`ReadingProblems.swift` for groups 00–02; `NameProblems.swift`,
/// `ArgumentProblems.swift`, `ImportProblems.swift` for 03–05); each has a long form with a
/// wrong and a right example (`LongForm`: `frp explain FRP0302`), which the tests run.
/// docs/diagnostics.md is generated from this table.
///
/// Groups: 00 reading a file, 01 words (the lexer), 02 sentences (the parser), 03 names,
/// 04 arguments, 05 sizes and imports.
public enum DiagnosticCode: String, CodeTable, Comparable {
    // 00 reading a file
    case fileTooLarge = "FRP0001 FILE TOO LARGE"
    case notText = "FRP0002 NOT TEXT"
    // 01 words
    case lineTooLong = "FRP0101 LINE TOO LONG"
    case unexpectedCharacter = "FRP0102 UNEXPECTED CHARACTER"
    case unterminatedString = "FRP0103 UNTERMINATED STRING"
    case unknownEscape = "FRP0104 UNKNOWN ESCAPE"
    case badNumber = "FRP0105 BAD NUMBER"
    case numberTooBig = "FRP0106 NUMBER TOO BIG"
    case unknownUnit = "FRP0107 UNKNOWN UNIT"
    case durationTooLong = "FRP0108 DURATION TOO LONG"
    // 02 sentences
    case expectedName = "FRP0201 EXPECTED NAME"
    case expectedEquals = "FRP0202 EXPECTED ="
    case expectedDoubleEquals = "FRP0203 EXPECTED =="
    case expectedArgument = "FRP0204 EXPECTED ARGUMENT"
    case expectedFactor = "FRP0205 EXPECTED FACTOR"
    case expectedField = "FRP0206 EXPECTED FIELD"
    case expectedFile = "FRP0207 EXPECTED FILE"
    case expectedMessage = "FRP0208 EXPECTED MESSAGE"
    case expectedOperator = "FRP0209 EXPECTED OPERATOR"
    case expectedValue = "FRP0210 EXPECTED VALUE"
    case expectedMarbleText = "FRP0211 EXPECTED MARBLE"
    case nestedTooDeeply = "FRP0212 NESTED TOO DEEPLY"
    case nothingToContinue = "FRP0213 NOTHING TO CONTINUE"
    case unexpectedArrow = "FRP0214 UNEXPECTED =>"
    case unexpectedToken = "FRP0215 UNEXPECTED TOKEN"
    case unexpectedWord = "FRP0216 UNEXPECTED WORD"
    case unfinishedExpression = "FRP0217 UNFINISHED EXPRESSION"
    case ambiguousMinus = "FRP0218 AMBIGUOUS MINUS"
    case badCountSyntax = "FRP0219 BAD COUNT"
    case signalInExpressionSyntax = "FRP0220 SIGNAL IN EXPRESSION"
    case expressionTooDeep = "FRP0221 TOO DEEP"
    case expectedEmits = "FRP0222 EXPECTED EMITS"
    case expectedTimes = "FRP0223 EXPECTED TIMES"
    case expectedThen = "FRP0224 EXPECTED THEN"
    case expectedElse = "FRP0225 EXPECTED ELSE"
    case expectedRightParen = "FRP0226 EXPECTED )"
    case expectedRightBracket = "FRP0227 EXPECTED ]"
    case expectedRightBrace = "FRP0228 EXPECTED }"
    case expectedColon = "FRP0229 EXPECTED :"
    case partitionUnnamed = "FRP0230 PARTITION UNNAMED"
    // 03 names
    case unknownName = "FRP0301 UNKNOWN NAME"
    case unknownOperator = "FRP0302 UNKNOWN OPERATOR"
    case unknownFunction = "FRP0303 UNKNOWN FUNCTION"
    case unknownProperty = "FRP0304 UNKNOWN PROPERTY"
    case notASource = "FRP0305 NOT A SOURCE"
    case notAnOperator = "FRP0306 NOT AN OPERATOR"
    case notAFunction = "FRP0307 NOT A FUNCTION"
    case notAProperty = "FRP0308 NOT A PROPERTY"
    case notAService = "FRP0309 NOT A SERVICE"
    case notAnAction = "FRP0310 NOT AN ACTION"
    case notStages = "FRP0311 NOT STAGES"
    case reservedName = "FRP0312 RESERVED NAME"
    case nameTaken = "FRP0313 NAME TAKEN"
    case bindsItself = "FRP0314 BINDS ITSELF"
    case recursiveDefinition = "FRP0315 RECURSIVE DEFINITION"
    case duplicateParameter = "FRP0316 DUPLICATE PARAMETER"
    case noValueHere = "FRP0317 NO VALUE HERE"
    case noAccumulatorHere = "FRP0318 NO ACCUMULATOR HERE"
    case noErrorHere = "FRP0319 NO ERROR HERE"
    case signalInExpression = "FRP0320 SIGNAL IN EXPRESSION"
    case unknownField = "FRP0321 UNKNOWN FIELD"
    // 04 arguments
    case wrongArguments = "FRP0401 WRONG ARGUMENTS"
    case missingArgument = "FRP0402 MISSING ARGUMENT"
    case tooManyArguments = "FRP0403 TOO MANY ARGUMENTS"
    case unexpectedArgument = "FRP0404 UNEXPECTED ARGUMENT"
    case expectedDuration = "FRP0405 EXPECTED DURATION"
    case expectedNumber = "FRP0406 EXPECTED NUMBER"
    case expectedSignal = "FRP0407 EXPECTED SIGNAL"
    case expectedString = "FRP0408 EXPECTED STRING"
    case expectedValues = "FRP0409 EXPECTED VALUES"
    case expectedMarble = "FRP0410 EXPECTED MARBLE"
    case unexpectedDuration = "FRP0411 UNEXPECTED DURATION"
    case negativeDuration = "FRP0412 NEGATIVE DURATION"
    case zeroPeriod = "FRP0413 ZERO PERIOD"
    case badCount = "FRP0414 BAD COUNT"
    case badMarble = "FRP0415 BAD MARBLE"
    case badPattern = "FRP0416 BAD PATTERN"
    case valueTooBig = "FRP0417 VALUE TOO BIG"
    case expectedBoolean = "FRP0418 EXPECTED BOOLEAN"
    // 05 sizes and imports
    case statementTooDeep = "FRP0501 TOO DEEP"
    case statementTooBig = "FRP0502 TOO BIG"
    case definitionsTooBig = "FRP0503 TOO BIG"
    case importUnavailable = "FRP0511 IMPORT UNAVAILABLE"
    case cannotImport = "FRP0512 CANNOT IMPORT"
    case importCycle = "FRP0513 IMPORT CYCLE"
    case notADefinition = "FRP0514 NOT A DEFINITION"

    /// The code named `FRP0302` (any case), if there is one.
    public static func named(_ name: String) -> DiagnosticCode? {
        allCases.first { $0.code == name.uppercased() }
    }

    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue < b.rawValue }
}

/// One diagnostic as its table row says it, with the parameters filled in: what the
/// checker, the parser and the lexer raise (`Diagnostic(problem, at:in:)` places it).
public struct Problem: Equatable, Sendable {
    public let code: DiagnosticCode
    public let message: String
    public let hint: String?

    init(_ code: DiagnosticCode, _ message: String, hint: String? = nil) {
        self.code = code
        self.message = message
        self.hint = hint
    }
}
