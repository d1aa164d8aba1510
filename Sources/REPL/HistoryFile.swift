import Language

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The prompt's history on disk, in libedit's format (a `_HiStOrY_V2_` line, then one
/// entry per line with spaces and other special bytes written `\ooo`), which `frp` reads
/// and writes itself so that it can be careful:
///
/// - it writes only a history: a file that does not start with libedit's header, a
///   symlink, or anything but a regular file is left alone (the history is then kept for
///   the session only);
/// - each input is appended (`O_APPEND`), as bash's `histappend` does, so two sessions
///   sharing the file keep each other's lines, and a typed line costs one short write,
///   however long the file;
/// - reading keeps the last `kept` entries of at most `entryLimit` characters, from the
///   last `readLimit` bytes, and writes the file anew when it held more.
struct HistoryFile {
    static let header = "_HiStOrY_V2_"
    /// Entries kept (libedit's own history holds as many).
    static let kept = 1_000
    /// Longer entries are dropped when read: the language refuses such lines anyway.
    static let entryLimit = 65_536
    /// Only the end of a bigger file is read.
    static let readLimit = 4 << 20

    let path: String

    /// The history at `path`, or nil when frp must not write there.
    init?(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            // Nothing there yet: made on the first append. Anything else stat cannot read
            // is left alone.
            guard errno == ENOENT else { return nil }
            self.path = path
            return
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        guard info.st_size == 0 || HistoryFile.startsWithHeader(path) else { return nil }
        self.path = path
    }

    private static func startsWithHeader(_ path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: header.utf8.count + 1)
        let count = fread(&buffer, 1, buffer.count, file)
        return count == buffer.count && Array(buffer.prefix(header.utf8.count)) == Array(header.utf8)
            && (buffer.last == UInt8(ascii: "\n") || buffer.last == UInt8(ascii: "\r"))
    }

    /// The entries, oldest first; the file is cut to them when it held more.
    func load() -> [String] {
        guard let file = fopen(path, "rb") else { return [] }
        var info = stat()
        let size = fstat(fileno(file), &info) == 0 ? Int(info.st_size) : 0
        let skipped = max(0, size - HistoryFile.readLimit)
        if skipped > 0 { fseek(file, skipped, SEEK_SET) }
        var bytes = [UInt8](repeating: 0, count: min(size, HistoryFile.readLimit))
        let count = fread(&bytes, 1, bytes.count, file)
        fclose(file)
        var lines = bytes.prefix(count).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        // Started mid-file: the first line read may be the end of a longer one.
        if skipped > 0, !lines.isEmpty { lines.removeFirst() }
        if skipped == 0, let first = lines.first, Array(first) == Array(HistoryFile.header.utf8) { lines.removeFirst() }
        let entries = lines.compactMap { line -> String? in
            guard line.count <= HistoryFile.entryLimit * 4 else { return nil }
            let entry = HistoryFile.decode(Array(line))
            return entry.isEmpty || entry.count > HistoryFile.entryLimit ? nil : entry
        }
        let kept = Array(entries.suffix(HistoryFile.kept))
        if skipped > 0 || kept.count < lines.count { rewrite(kept) }
        return kept
    }

    /// Adds one entry at the end of the file (made, with its header, if it is not there).
    @discardableResult
    func append(_ entry: String) -> Bool {
        var descriptor = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        var text = HistoryFile.encode(entry) + "\n"
        if descriptor < 0, errno == ENOENT {
            descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            text = HistoryFile.header + "\n" + text
        }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }

    /// Writes the file anew with `entries` (`AtomicFile`; private to the user, as `append` makes it).
    private func rewrite(_ entries: [String]) {
        try? AtomicFile.replace(path, with: ([HistoryFile.header] + entries.map(HistoryFile.encode)).map { $0 + "\n" }.joined(),
                                permissions: 0o600)
    }

    /// libedit's encoding (strvis with VIS_WHITE, read back by strunvis): every byte that
    /// is not a visible ASCII character, and `\`, as `\ooo`.
    static func encode(_ entry: String) -> String {
        var text = ""
        for byte in entry.utf8 {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let octal = String(byte, radix: 8)
                text += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return text
    }

    /// An entry as libedit writes it: `\ooo`, `\\`, `\M-x` and `\^x` escapes.
    static func decode(_ line: [UInt8]) -> String {
        var bytes: [UInt8] = []
        var index = 0
        func octal(_ at: Int) -> UInt8? {
            guard at < line.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(line[at]) else { return nil }
            return line[at] - UInt8(ascii: "0")
        }
        while index < line.count {
            let byte = line[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < line.count else {
                if byte != UInt8(ascii: "\r") { bytes.append(byte) }
                index += 1
                continue
            }
            if let a = octal(index + 1), let b = octal(index + 2), let c = octal(index + 3) {
                bytes.append(a &* 64 &+ b &* 8 &+ c)
                index += 4
            } else if line[index + 1] == UInt8(ascii: "M"), index + 3 < line.count, line[index + 2] == UInt8(ascii: "-") {
                bytes.append(line[index + 3] | 0x80)
                index += 4
            } else if line[index + 1] == UInt8(ascii: "M"), index + 3 < line.count, line[index + 2] == UInt8(ascii: "^") {
                bytes.append((line[index + 3] == UInt8(ascii: "?") ? 0x7F : line[index + 3] & 0x1F) | 0x80)
                index += 4
            } else if line[index + 1] == UInt8(ascii: "^"), index + 2 < line.count {
                bytes.append(line[index + 2] == UInt8(ascii: "?") ? 0x7F : line[index + 2] & 0x1F)
                index += 3
            } else {
                bytes.append(line[index + 1])
                index += 2
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
