/// A point in time, in nanoseconds since the scheduler started. Virtual and live
/// schedulers use the same type, so no operator can tell them apart.
public struct Time: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = Time(nanoseconds: 0)

    /// One marble frame is one millisecond of virtual time.
    @inlinable public static func frame(_ frame: Int) -> Time {
        Time(nanoseconds: Int64(frame) * 1_000_000)
    }

    /// The marble frame this time falls in (whole milliseconds, rounded down).
    @inlinable public var frame: Int { Int(nanoseconds / 1_000_000) }

    @inlinable public static func < (a: Time, b: Time) -> Bool { a.nanoseconds < b.nanoseconds }
    @inlinable public static func + (a: Time, b: TimeSpan) -> Time {
        let (sum, overflow) = a.nanoseconds.addingReportingOverflow(b.nanoseconds)
        return Time(nanoseconds: overflow ? .max : sum)
    }
    @inlinable public static func - (a: Time, b: Time) -> TimeSpan {
        TimeSpan(nanoseconds: a.nanoseconds &- b.nanoseconds)
    }

    public var description: String { TimeSpan(nanoseconds: nanoseconds).description }

    /// How a moment reads for people, the same in the event column and the trace: `12ms`,
    /// `857.5ms` (a live run's odd nanoseconds rounded), `1.5s`, `1.01s`.
    public var reading: String {
        let milliseconds = Double(nanoseconds) / 1e6
        if milliseconds < 1000 {
            return milliseconds == milliseconds.rounded() ? "\(Int(milliseconds))ms" : "\((milliseconds * 10).rounded() / 10)ms"
        }
        let seconds = milliseconds / 1000
        return seconds == seconds.rounded() ? "\(Int(seconds))s" : "\((seconds * 1000).rounded() / 1000)s"
    }
}

/// A length of time, in nanoseconds.
public struct TimeSpan: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = TimeSpan(nanoseconds: 0)

    /// The longest time the language writes down (a duration, a marble): about 30 years.
    /// Any time within it, added to any time within it, still fits in nanoseconds.
    public static let longestMilliseconds = 1_000_000_000_000

    @inlinable public static func milliseconds(_ ms: Int) -> TimeSpan {
        TimeSpan(nanoseconds: Int64(ms) &* 1_000_000)
    }
    @inlinable public static func seconds(_ s: Double) -> TimeSpan {
        TimeSpan(nanoseconds: Int64((s * 1e9).rounded()))
    }

    @inlinable public var milliseconds: Double { Double(nanoseconds) / 1e6 }

    @inlinable public static func < (a: TimeSpan, b: TimeSpan) -> Bool { a.nanoseconds < b.nanoseconds }
    @inlinable public static func + (a: TimeSpan, b: TimeSpan) -> TimeSpan {
        TimeSpan(nanoseconds: a.nanoseconds &+ b.nanoseconds)
    }

    /// `5ms`, `2s`, `1.5s`, `1m`: the units of the language's duration literals.
    public var description: String {
        let ns = nanoseconds
        if ns % 60_000_000_000 == 0, ns != 0 { return "\(ns / 60_000_000_000)m" }
        if ns % 1_000_000_000 == 0, ns != 0 { return "\(ns / 1_000_000_000)s" }
        if ns % 1_000_000 == 0 { return "\(ns / 1_000_000)ms" }
        return "\(Double(ns) / 1e6)ms"
    }
}
