import Services
import Trace

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension DiagramStyle {
    /// From the environment: Unicode lines when LC_ALL / LC_CTYPE / LANG say UTF-8 (unless
    /// `--ascii`), as wide as the terminal (or COLUMNS), colours only on a terminal and
    /// never when NO_COLOR is set (no-color.org).
    /// `--color`: `auto` colours at a terminal unless NO_COLOR is set (no-color.org).
    /// (Also `REPL.ColorChoice`, for the command line, which does not import Trace.)
    public enum ColorChoice: String, CaseIterable, Sendable {
        case auto, always, never
    }

    public static func fromEnvironment(ascii: Bool, color choice: ColorChoice = .auto) -> DiagramStyle {
        let names: [String] = ["LC_ALL", "LC_CTYPE", "LANG"]
        let locale = names.lazy.compactMap { name in getenv(name).map { String(cString: $0) } }
            .first { !$0.isEmpty } ?? ""
        let utf8 = locale.uppercased().contains("UTF-8") || locale.uppercased().contains("UTF8")
        var size = winsize()
        var width = 100
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 {
            width = Int(size.ws_col)
        } else if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 20 {
            width = columns
        }
        let color: Bool
        switch choice {
        case .auto: color = isatty(1) == 1 && getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true
        case .always: color = true
        case .never: color = false
        }
        return DiagramStyle(unicode: utf8 && !ascii, width: width, color: color, ascii: ascii || !utf8)
    }
}

/// Failures on demand, from the command line: `--fail search` (or `--fail "search=offline"`)
/// makes every request of a service fail; `--slow search=5` makes it five times slower.
public struct ServiceFailures: Sendable {
    var table: [String: PhotoServices.Failure] = [:]

    public init() {}

    /// Reads `--fail` and `--slow` values; a mistake is a message for the user.
    public init(fail: [String], slow: [String]) throws(ServiceFailureError) {
        let names = Set(PhotoSite.services.map(\.name))
        func check(_ name: String) throws(ServiceFailureError) {
            guard names.contains(name) else {
                throw ServiceFailureError(message: "there is no service called `\(name)`; the services are \(names.sorted().joined(separator: ", "))")
            }
        }
        for item in fail {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            try check(parts[0])
            table[parts[0]] = .fail(parts.count > 1 ? parts[1] : "failed on demand")
        }
        for item in slow {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            try check(parts[0])
            guard parts.count == 2, let factor = Double(parts[1]), factor > 0, factor.isFinite else {
                throw ServiceFailureError(message: "--slow needs SERVICE=FACTOR, like --slow search=5")
            }
            table[parts[0]] = .slow(factor)
        }
    }
}

public struct ServiceFailureError: Error {
    public let message: String
}

public typealias ColorChoice = DiagramStyle.ColorChoice
