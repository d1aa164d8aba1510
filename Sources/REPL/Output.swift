import CLineEdit

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where the runners write: events and results to standard output, problems to
/// standard error.
public struct Output: Sendable {
    public let line: @Sendable (String) -> Void
    public let error: @Sendable (String) -> Void

    public init(line: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.line = line
        self.error = error
    }

    public static let standard = Output(
        line: { text in print(text) },
        error: { text in
            // Standard output is buffered: what was printed before the problem comes first.
            fflush(frp_stdout())
            var standardError = StandardError()
            print(text, to: &standardError)
        }
    )
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        _ = string.utf8CString.withUnsafeBufferPointer { buffer in
            Glibc.write(2, buffer.baseAddress, buffer.count - 1)
        }
    }
}
