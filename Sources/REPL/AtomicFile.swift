#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A file's text replaced whole: written to a fresh temporary file beside it (created with
/// O_EXCL under a new name, so no file or symlink already there is written through), synced
/// to disk, then renamed over it. A failed or interrupted write removes the temporary file
/// and leaves the old file whole, never half of one. The history, the progress, `:save`,
/// `--svg` and `--events` (streamed, renamed when the script ends) all write so.
///
/// A path the user names may be a device, a pipe or a link to one (`--events /dev/stdout`):
/// with `inPlaceUnlessRegular`, anything but a regular file is written in place, as `fopen`
/// would, since it holds no text of ours to keep and a rename would replace the link itself.
/// The files frp keeps for itself are always replaced, so a link put there is never followed.
final class AtomicFile {
    /// Why a write failed, in strerror's words (`Permission denied`).
    struct Failure: Error, Equatable {
        let path: String
        let reason: String
    }

    let path: String
    /// What is renamed over `path` at the end; nil when `path` is written in place.
    private let temporary: String?
    /// -1 once committed or discarded.
    private var descriptor: Int32
    /// Text not yet written out, so that a line of `--events` costs no system call.
    private var pending: [UInt8] = []
    /// The first failure: later writes are dropped, and `flush` and `commit` report it.
    private var failure: Failure?
    /// How much text waits before it is written out.
    static let bufferSize = 1 << 16

    /// Starts writing `path`; a new file gets `permissions` (less the umask), a replaced one
    /// keeps the old one's. Fails when the temporary file cannot be made beside it (no such
    /// directory, a read-only one).
    init(_ path: String, permissions: mode_t = 0o666, inPlaceUnlessRegular: Bool = false) throws(Failure) {
        self.path = path
        var info = stat()
        let exists = lstat(path, &info) == 0
        let regular = exists && (info.st_mode & S_IFMT) == S_IFREG
        if inPlaceUnlessRegular, exists, !regular {
            temporary = nil
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
        } else {
            let (name, created) = AtomicFile.create(beside: path, permissions: permissions)
            temporary = name
            descriptor = created
            if regular, created >= 0 { fchmod(created, info.st_mode & 0o7777) }
        }
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
    }

    deinit { discard() }

    /// Replaces the file at `path` with `text` (see `init` for the parameters).
    static func replace(_ path: String, with text: String, permissions: mode_t = 0o666,
                        inPlaceUnlessRegular: Bool = false) throws(Failure) {
        let file = try AtomicFile(path, permissions: permissions, inPlaceUnlessRegular: inPlaceUnlessRegular)
        file.write(text)
        try file.commit()
    }

    /// `PATH.` and six random letters or digits, made anew (O_EXCL, O_NOFOLLOW); open, unlike
    /// mkstemp, gives it the permissions less the umask. Returns -1 with errno set on failure.
    private static func create(beside path: String, permissions: mode_t) -> (String, Int32) {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var descriptor: Int32 = -1
        var name = path
        // Another writer holding the name is the only reason to try again.
        for _ in 0..<100 {
            name = path + "." + String((0..<6).map { _ in letters[Int.random(in: 0..<letters.count)] })
            descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        return (name, descriptor)
    }

    func write(_ text: String) {
        guard descriptor >= 0, failure == nil else { return }
        pending.append(contentsOf: text.utf8)
        if pending.count >= AtomicFile.bufferSize { writeOut() }
    }

    /// Writes out what waits, so a full disk shows after each run, not only at the end.
    func flush() throws(Failure) {
        writeOut()
        if let failure { throw failure }
    }

    /// Puts the text in place: synced, closed and renamed over `path`. On failure the
    /// temporary file is removed and the old file is left as it was.
    func commit() throws(Failure) {
        guard descriptor >= 0 else { throw failure ?? Failure(path: path, reason: "it was already closed") }
        writeOut()
        // A device or a pipe has nothing to sync (fsync would fail with EINVAL).
        if failure == nil, temporary != nil, fsync(descriptor) != 0 { fail() }
        if close(descriptor) != 0 { fail() }
        descriptor = -1
        if failure == nil, let temporary, rename(temporary, path) != 0 { fail() }
        guard let failure else { return }
        if let temporary { unlink(temporary) }
        throw failure
    }

    /// Gives up: the temporary file is removed, the old file left whole.
    func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        if let temporary { unlink(temporary) }
    }

    private func writeOut() {
        var start = 0
        while failure == nil, start < pending.count {
            let written = pending[start...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written >= 0 { start += written } else if errno != EINTR { fail() }
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Keeps the first failure, with errno's reason.
    private func fail() {
        if failure == nil { failure = Failure(path: path, reason: String(cString: strerror(errno))) }
    }
}
