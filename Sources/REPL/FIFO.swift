#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Named pipes among the files frp reads. Opening one for reading waits, without end, for
/// a writer to open the other side: `frp run FIFO` with no writer hung.
enum FIFO {
    enum Opened {
        case notAFIFO
        /// Open for reading, with something to read (or its writer gone: the end).
        case opened(UnsafeMutablePointer<FILE>)
        case noWriter
    }

    /// Opens `path` if it is a named pipe, waiting at most `wait` for a writer.
    static func open(_ path: String, within wait: Duration) -> Opened {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return .notAFIFO }
        // Opened without waiting for a writer; then poll waits for its first bytes (Linux
        // reports no hang-up on a pipe that never had a writer).
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return .notAFIFO }  // the ordinary open says why
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let (seconds, attoseconds) = wait.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        guard poll(&request, 1, milliseconds) > 0 else {
            close(descriptor)
            return .noWriter
        }
        // Read on this descriptor (closing it could lose what was written), now blocking.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        guard let file = fdopen(descriptor, "rb") else {
            close(descriptor)
            return .notAFIFO
        }
        return .opened(file)
    }
}
