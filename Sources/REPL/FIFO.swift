import Language

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Named pipes among the files frp reads. Opening one for reading waits, without end, for
/// a writer to open the other side, and reading one waits for its writer to close it:
/// `frp run FIFO` with no writer hung, and one whose writer kept it open ran past
/// `--timeout`. So a pipe is read whole within one wait, or refused.
enum FIFO {
    enum Read {
        case notAFIFO
        /// Its bytes, up to one past `Source.sizeLimit` (its writer closed it, or it said more).
        case read([UInt8])
        /// Nothing was written within the wait.
        case noWriter
        /// Its writer kept it open past the wait, after `count` bytes.
        case notClosed(count: Int)
        case failed(Int32)
    }

    /// Reads `path` if it is a named pipe, waiting at most `wait` in all for its writer to
    /// write and close it.
    static func read(_ path: String, within wait: Duration) -> Read {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return .notAFIFO }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failed(errno) }
        defer { close(descriptor) }
        let end = ContinuousClock.now + wait
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        // Linux reports no hang-up on a pipe that never had a writer: until the first byte
        // (or a writer gone), a read of 0 means "no writer yet", not the end.
        var heardFromWriter = false
        while bytes.count <= Source.sizeLimit {
            let left = end - ContinuousClock.now
            guard left > .zero else { return heardFromWriter ? .notClosed(count: bytes.count) : .noWriter }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&request, 1, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return .failed(errno)
            }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                return .failed(errno)
            }
            if count == 0 {
                if heardFromWriter || request.revents & Int16(POLLHUP) != 0 { return .read(bytes) }
                continue
            }
            heardFromWriter = true
            bytes += buffer[0..<count]
        }
        return .read(bytes)
    }
}
