#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The most memory a run may add to what the process had when it started: past it the run stops,
/// as at any limit, and says so. Given to runs that come over the network (the playground),
/// whose scripts a stranger writes: overlapping `buffer`s, timer storms and big values each
/// took gigabytes and once ended the server. It reads the process's resident size
/// (`/proc/self/statm`: a few microseconds) every 256th poll, so a poll costs a counter.
final class MemoryLimit {
    let bytes: Int
    private let start: Int
    private var polls = 0
    private(set) var exceeded = false

    init(bytes: Int) {
        self.bytes = bytes
        start = MemoryLimit.inUse()
    }

    func passed() -> Bool {
        guard !exceeded else { return true }
        polls &+= 1
        if polls & 255 == 0, MemoryLimit.inUse() - start > bytes { exceeded = true }
        return exceeded
    }

    /// The process's resident memory in bytes (0 where /proc is not there).
    static func inUse() -> Int {
        let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return 0 }
        // "size resident shared ...", in pages.
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}
