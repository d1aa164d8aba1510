/// Binary operators as types, so the expression compiler can make one specialised
/// closure per (shape, operator): `it % 2` becomes a single closure with the number
/// case inline, not a closure that calls a switch that calls fmod.
protocol BinaryKernel {
    static func apply(_ a: Value, _ b: Value) throws(EvaluationFailure) -> Value
}

/// An arithmetic operator on two numbers, without a `Value`: nil where the operation on
/// values fails or is not arithmetic on numbers (a division by zero, the remainder of a
/// number that is not a whole one). `apply` takes it for numbers and the fused chain's
/// number lane (`NumberForm`) calls it directly: one definition of each operation on numbers.
protocol ArithmeticKernel: BinaryKernel {
    static func number(_ x: Double, _ y: Double) -> Double?
}

/// A comparison of two numbers, without a `Value` (`ArithmeticKernel`'s counterpart).
protocol ComparisonKernel: BinaryKernel {
    static func test(_ x: Double, _ y: Double) -> Bool
}

enum AddKernel: ArithmeticKernel {
    @inline(__always) static func number(_ x: Double, _ y: Double) -> Double? { x + y }
    @inline(__always) static func apply(_ a: Value, _ b: Value) throws(EvaluationFailure) -> Value {
        if case .number(let x) = a, case .number(let y) = b, let result = number(x, y) { return .number(result) }
        return try Operations.add(a, b)
    }
}

enum SubtractKernel: ArithmeticKernel {
    @inline(__always) static func number(_ x: Double, _ y: Double) -> Double? { x - y }
    @inline(__always) static func apply(_ a: Value, _ b: Value) throws(EvaluationFailure) -> Value {
        if case .number(let x) = a, case .number(let y) = b, let result = number(x, y) { return .number(result) }
        return try Operations.arithmetic(.subtract, a, b)
    }
}

enum MultiplyKernel: ArithmeticKernel {
    @inline(__always) static func number(_ x: Double, _ y: Double) -> Double? { x * y }
    @inline(__always) static func apply(_ a: Value, _ b: Value) throws(EvaluationFailure) -> Value {
        if case .number(let x) = a, case .number(let y) = b, let result = number(x, y) { return .number(result) }
        return try Operations.arithmetic(.multiply, a, b)
    }
}

enum DivideKernel: ArithmeticKernel {
    @inline(__always) static func number(_ x: Double, _ y: Double) -> Double? { y != 0 ? x / y : nil }
    @inline(__always) static func apply(_ a: Value, _ b: Value) throws(EvaluationFailure) -> Value {
        if case .number(let x) = a, case .number(let y) = b, let result = number(x, y) { return .number(result) }
        return try Operations.arithmetic(.divide, a, b)
    }
}

enum RemainderKernel: ArithmeticKernel {
    /// Whole numbers (the usual case: `it % 2`) take the integer instruction, not fmod;
    /// the others (nil) take `Operations.arithmetic`.
    @inline(__always) static func number(_ x: Double, _ y: Double) -> Double? {
        guard let i = natural(x), let j = natural(y), j > 0 else { return nil }
        // `it % 2`: a mask, not a division (64-bit division is the slowest instruction on
        // this path).
        if j & (j - 1) == 0 { return Double(i & (j - 1)) }
        return Double(i % j)
    }

    @inline(__always) static func apply(_ a: Value, _ b: Value) throws(EvaluationFailure) -> Value {
        if case .number(let x) = a, case .number(let y) = b, let result = number(x, y) { return .number(result) }
        return try Operations.arithmetic(.remainder, a, b)
    }

    /// `x` as an integer when it is a whole number in 0..<2^52, else nil. Adding 2^52
    /// rounds to a whole number whose low 52 bits are it, so one add, one subtract and a
    /// compare replace a checked conversion (which tests range and finiteness again).
    @inline(__always) static func natural(_ x: Double) -> Int64? {
        guard x >= 0, x < 0x1p52 else { return nil }
        let shifted = x + 0x1p52
        guard shifted - 0x1p52 == x else { return nil }
        return Int64(bitPattern: shifted.bitPattern & 0xF_FFFF_FFFF_FFFF)
    }

    /// `natural(x)` of a number it answers for (`allNatural`).
    @inline(__always) static func naturalUnchecked(_ x: Double) -> Int64 {
        Int64(bitPattern: (x + 0x1p52).bitPattern & 0xF_FFFF_FFFF_FFFF)
    }

    /// Whether `natural` answers for every number: one pass without a branch. It may say
    /// no where `natural` answers (`-0.0`); never yes where it does not.
    @inline(__always) static func allNatural(_ numbers: UnsafeMutableBufferPointer<Double>) -> Bool {
        let limit = (0x1p52 as Double).bitPattern
        var outside: UInt64 = 0
        for x in numbers {
            // Below 2^52 and not negative (the sign bit set is above it), NaN neither; whole.
            let inRange: UInt64 = x.bitPattern < limit ? 0 : 1
            let whole: UInt64 = (x + 0x1p52) - 0x1p52 == x ? 0 : 1
            outside |= inRange | whole
        }
        return outside == 0
    }
}

enum EqualKernel: ComparisonKernel {
    @inline(__always) static func test(_ x: Double, _ y: Double) -> Bool { x == y }
    @inline(__always) static func apply(_ a: Value, _ b: Value) throws(EvaluationFailure) -> Value {
        if case .number(let x) = a, case .number(let y) = b { return .bool(test(x, y)) }
        return .bool(a == b)
    }
}

enum NotEqualKernel: ComparisonKernel {
    @inline(__always) static func test(_ x: Double, _ y: Double) -> Bool { x != y }
    @inline(__always) static func apply(_ a: Value, _ b: Value) throws(EvaluationFailure) -> Value {
        if case .number(let x) = a, case .number(let y) = b { return .bool(test(x, y)) }
        return .bool(a != b)
    }
}

enum LessKernel: ComparisonKernel {
    @inline(__always) static func test(_ x: Double, _ y: Double) -> Bool { x < y }
    @inline(__always) static func apply(_ a: Value, _ b: Value) throws(EvaluationFailure) -> Value {
        if case .number(let x) = a, case .number(let y) = b { return .bool(test(x, y)) }
        return .bool(try Operations.compare(.less, a, b))
    }
}

enum LessOrEqualKernel: ComparisonKernel {
    @inline(__always) static func test(_ x: Double, _ y: Double) -> Bool { x <= y }
    @inline(__always) static func apply(_ a: Value, _ b: Value) throws(EvaluationFailure) -> Value {
        if case .number(let x) = a, case .number(let y) = b { return .bool(test(x, y)) }
        return .bool(try Operations.compare(.lessOrEqual, a, b))
    }
}

enum GreaterKernel: ComparisonKernel {
    @inline(__always) static func test(_ x: Double, _ y: Double) -> Bool { x > y }
    @inline(__always) static func apply(_ a: Value, _ b: Value) throws(EvaluationFailure) -> Value {
        if case .number(let x) = a, case .number(let y) = b { return .bool(test(x, y)) }
        return .bool(try Operations.compare(.greater, a, b))
    }
}

enum GreaterOrEqualKernel: ComparisonKernel {
    @inline(__always) static func test(_ x: Double, _ y: Double) -> Bool { x >= y }
    @inline(__always) static func apply(_ a: Value, _ b: Value) throws(EvaluationFailure) -> Value {
        if case .number(let x) = a, case .number(let y) = b { return .bool(test(x, y)) }
        return .bool(try Operations.compare(.greaterOrEqual, a, b))
    }
}

/// `matches` with a pattern computed at run time (a literal pattern is compiled once).
enum MatchesKernel: BinaryKernel {
    static func apply(_ a: Value, _ b: Value) throws(EvaluationFailure) -> Value {
        try Operations.apply(.matches, a, b)
    }
}

/// Which kernel each operator has, for the number forms (`NumberForms`), whose results are
/// classes (`ExpressionCompiler.withKernel` keeps its own table: see there). Inlined, so
/// each caller's `make` is specialised per kernel.
enum OperatorKernels {
    /// Calls `make` with the kernel of an arithmetic operator; nil for the others.
    @inline(__always) static func arithmetic<T>(_ op: BinaryOperator, _ make: (any ArithmeticKernel.Type) -> T) -> T? {
        switch op {
        case .add: return make(AddKernel.self)
        case .subtract: return make(SubtractKernel.self)
        case .multiply: return make(MultiplyKernel.self)
        case .divide: return make(DivideKernel.self)
        case .remainder: return make(RemainderKernel.self)
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .matches, .and, .or, .coalesce: return nil
        }
    }

    /// Calls `make` with the kernel of a comparison; nil for the others.
    @inline(__always) static func comparison<T>(_ op: BinaryOperator, _ make: (any ComparisonKernel.Type) -> T) -> T? {
        switch op {
        case .equal: return make(EqualKernel.self)
        case .notEqual: return make(NotEqualKernel.self)
        case .less: return make(LessKernel.self)
        case .lessOrEqual: return make(LessOrEqualKernel.self)
        case .greater: return make(GreaterKernel.self)
        case .greaterOrEqual: return make(GreaterOrEqualKernel.self)
        case .add, .subtract, .multiply, .divide, .remainder, .matches, .and, .or, .coalesce: return nil
        }
    }
}

extension ExpressionCompiler {
    /// Calls `make` with the kernel of `op` (`and`/`or` are compiled elsewhere: they
    /// short-circuit; `matches` and `??` take the general operation).
    ///
    /// Its own switch, not `OperatorKernels`': an `Evaluator` returned through their
    /// generic result is stored at the most general abstraction, and every call of it then
    /// went through two reabstraction thunks, and the shapes lost their specialisation per
    /// kernel. With the closure boxed in a class (`CompiledExpression`) the thunks go, but
    /// `Shapes.itNumber` is still merged into one partly generic body, a little slower for
    /// an unfused chain of number stages. The two tables agree: the number lane's
    /// differential test (`ShapeTests.numberLane`) runs every arithmetic operator and
    /// comparison both ways.
    func withKernel(_ op: BinaryOperator, _ make: (any BinaryKernel.Type) -> Evaluator) -> Evaluator {
        switch op {
        case .add: return make(AddKernel.self)
        case .subtract: return make(SubtractKernel.self)
        case .multiply: return make(MultiplyKernel.self)
        case .divide: return make(DivideKernel.self)
        case .remainder: return make(RemainderKernel.self)
        case .equal: return make(EqualKernel.self)
        case .notEqual: return make(NotEqualKernel.self)
        case .less: return make(LessKernel.self)
        case .lessOrEqual: return make(LessOrEqualKernel.self)
        case .greater: return make(GreaterKernel.self)
        case .greaterOrEqual: return make(GreaterOrEqualKernel.self)
        case .matches, .and, .or, .coalesce: return make(MatchesKernel.self)
        }
    }
}

/// What a shape's closure reads besides the frame, behind one reference: a closure's
/// captures are passed to its body as arguments on every call, and `it % 2 == 0` captured
/// two sites (10 of its 16 words, all passed at every event). Number constants are here too
/// (read when used); a `Value` constant stays captured directly: read from an object, it is
/// copied and destroyed per event.
final class ShapeCaptures {
    let site: Site
    /// The inner operation's site (`it % 2` in `it % 2 == 0`, `rating` in `rating > 90`).
    let inner: Site
    /// Number constants: `it * 3`'s 3, `it % 2 == 0`'s 2 and 0 (and 1, 2's mask).
    let first: Double
    let second: Double
    let mask: Int64

    init(_ site: Site, inner: Site? = nil, first: Double = 0, second: Double = 0, mask: Int64 = 0) {
        self.site = site
        self.inner = inner ?? site
        self.first = first
        self.second = second
        self.mask = mask
    }
}

/// The closures of the common shapes, one specialisation per kernel.
enum Shapes {
    static func itConstant<K: BinaryKernel>(_: K.Type, _ constant: Value, _ site: Site) -> Evaluator {
        let sites = ShapeCaptures(site)
        return { frame throws(EvaluationFailure) in
            do throws(EvaluationFailure) { return try K.apply(frame.it, constant) } catch { throw error.at(sites.site) }
        }
    }

    /// `it * 3`: a number constant is kept unboxed (in `ShapeCaptures`, where a `Value` is
    /// three words) and rebuilt inline, so the kernel's check of its kind folds away.
    static func itNumber<K: BinaryKernel>(_: K.Type, _ constant: Double, _ site: Site) -> Evaluator {
        let shape = ShapeCaptures(site, first: constant)
        return { frame throws(EvaluationFailure) in
            guard case .number(let x) = frame.it else { return try numberOtherwise(K.self, frame.it, shape) }
            do throws(EvaluationFailure) { return try K.apply(.number(x), .number(shape.first)) } catch { throw error.at(shape.site) }
        }
    }

    /// `itNumber` for a value that is not a number, out of line (as `maskTwiceOtherwise`).
    @inline(never)
    static func numberOtherwise<K: BinaryKernel>(_: K.Type, _ it: Value, _ shape: ShapeCaptures) throws(EvaluationFailure) -> Value {
        do throws(EvaluationFailure) { return try K.apply(it, .number(shape.first)) } catch { throw error.at(shape.site) }
    }

    /// `it % 3 == 0`, with number constants (read unboxed, as in `itNumber`).
    static func itTwice<K1: BinaryKernel, K2: BinaryKernel>(_: K1.Type, _ first: Double, _ firstSite: Site,
                                                            _: K2.Type, _ second: Double, _ site: Site) -> Evaluator {
        let shape = ShapeCaptures(site, inner: firstSite, first: first, second: second)
        return { frame throws(EvaluationFailure) in
            let middle: Value
            do throws(EvaluationFailure) { middle = try K1.apply(frame.it, .number(shape.first)) } catch { throw error.at(shape.inner) }
            do throws(EvaluationFailure) { return try K2.apply(middle, .number(shape.second)) } catch { throw error.at(shape.site) }
        }
    }

    /// `it % 2 == 0` where the divisor is a whole power of two: the remainder of a natural
    /// number is a mask computed once, here, not the divisor checked at every value.
    static func itMaskTwice<K2: BinaryKernel>(_ divisor: Double, _ firstSite: Site,
                                              _: K2.Type, _ second: Double, _ site: Site) -> Evaluator {
        let shape = ShapeCaptures(site, inner: firstSite, first: divisor, second: second,
                                  mask: (RemainderKernel.natural(divisor) ?? 1) - 1)
        return { frame throws(EvaluationFailure) in
            guard case .number(let x) = frame.it, let i = RemainderKernel.natural(x) else {
                return try maskTwiceOtherwise(K2.self, frame.it, shape)
            }
            do throws(EvaluationFailure) {
                return try K2.apply(.number(Double(i & shape.mask)), .number(shape.second))
            } catch {
                throw error.at(shape.site)
            }
        }
    }

    /// `itMaskTwice` for a value that is not a natural number: the general remainder. Out
    /// of line, so the common case's closure stays small (fewer registers saved per call).
    @inline(never)
    static func maskTwiceOtherwise<K2: BinaryKernel>(_: K2.Type, _ it: Value, _ shape: ShapeCaptures) throws(EvaluationFailure) -> Value {
        let middle: Value
        do throws(EvaluationFailure) { middle = try RemainderKernel.apply(it, .number(shape.first)) } catch { throw error.at(shape.inner) }
        do throws(EvaluationFailure) { return try K2.apply(middle, .number(shape.second)) } catch { throw error.at(shape.site) }
    }

    /// Whether `divisor` is a whole power of two below 2^52 (`itMaskTwice`).
    static func isPowerOfTwo(_ divisor: Double) -> Bool {
        guard let whole = RemainderKernel.natural(divisor), whole > 0 else { return false }
        return whole & (whole - 1) == 0
    }

    static func fieldConstant<K: BinaryKernel>(_: K.Type, _ name: String, _ fieldSite: Site,
                                               _ constant: Value, _ site: Site) -> Evaluator {
        let sites = ShapeCaptures(site, inner: fieldSite)
        return { frame throws(EvaluationFailure) in
            let field: Value
            do throws(EvaluationFailure) { field = try Operations.field(name, of: frame.it) } catch { throw error.at(sites.inner) }
            do throws(EvaluationFailure) { return try K.apply(field, constant) } catch { throw error.at(sites.site) }
        }
    }

    static func accIt<K: BinaryKernel>(_: K.Type, _ site: Site) -> Evaluator {
        let sites = ShapeCaptures(site)
        return { frame throws(EvaluationFailure) in
            do throws(EvaluationFailure) { return try K.apply(frame.acc, frame.it) } catch { throw error.at(sites.site) }
        }
    }

    static func constantRight<K: BinaryKernel>(_: K.Type, _ left: @escaping Evaluator, _ constant: Value,
                                               _ site: Site) -> Evaluator {
        let sites = ShapeCaptures(site)
        return { frame throws(EvaluationFailure) in
            let value = try left(frame)
            do throws(EvaluationFailure) { return try K.apply(value, constant) } catch { throw error.at(sites.site) }
        }
    }

    static func general<K: BinaryKernel>(_: K.Type, _ left: @escaping Evaluator, _ right: @escaping Evaluator,
                                         _ site: Site) -> Evaluator {
        let sites = ShapeCaptures(site)
        return { frame throws(EvaluationFailure) in
            let a = try left(frame), b = try right(frame)
            do throws(EvaluationFailure) { return try K.apply(a, b) } catch { throw error.at(sites.site) }
        }
    }
}
