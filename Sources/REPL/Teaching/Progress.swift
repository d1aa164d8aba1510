#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What a learner has done, kept between sessions in a small text file — `FRP_PROGRESS`,
/// or `~/.frp_progress` — one line per lesson: its name, how many steps are done, and
/// which exercises (numbered from 1) were solved, skipped, or answered only after the
/// solution was shown (seen):
///
///     search 5 solved 1,2 skipped 3
///
/// A line it cannot read is left out and said once, so a damaged file costs only what it
/// garbled; the next save writes the file anew.
struct Progress: Equatable {
    struct Entry: Equatable {
        var stepsDone = 0
        var solved: Set<Int> = []
        /// Exercises skipped, and answered only after asking for the solution: not solved.
        var skipped: Set<Int> = []
        var seen: Set<Int> = []

        /// This entry and an earlier one together: the further of the two, every exercise
        /// either solved; one solved in either is no longer seen or skipped.
        func merged(with earlier: Entry) -> Entry {
            let solved = solved.union(earlier.solved)
            let seen = seen.union(earlier.seen).subtracting(solved)
            return Entry(stepsDone: max(stepsDone, earlier.stepsDone), solved: solved,
                         skipped: skipped.union(earlier.skipped).subtracting(solved).subtracting(seen), seen: seen)
        }

        /// Records how an exercise went, replacing what an earlier try said.
        mutating func record(_ number: Int, as state: WritableKeyPath<Entry, Set<Int>>) {
            solved.remove(number)
            skipped.remove(number)
            seen.remove(number)
            self[keyPath: state].insert(number)
        }
    }

    private(set) var entries: [String: Entry] = [:]

    subscript(lesson: String) -> Entry {
        get { entries[lesson] ?? Entry() }
        set { entries[lesson] = newValue }
    }

    /// Where progress is kept: `FRP_PROGRESS`, or `~/.frp_progress`; nil when neither is
    /// known (then nothing is kept).
    static var defaultPath: String? {
        if let path = getenv("FRP_PROGRESS").map({ String(cString: $0) }), !path.isEmpty { return path }
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty { return home + "/.frp_progress" }
        return nil
    }

    /// The file's progress, and what was wrong with it when something was. A missing file
    /// is no progress yet, not a problem.
    static func load(from path: String) -> (Progress, problem: String?) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return (Progress(), nil) }
        // A pipe would hold `frp learn` until a writer came; a device or a socket is not ours.
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return (Progress(), "\(path) is not a regular file (\(Progress.kind(of: info))); progress is not read from it, nor saved to it")
        }
        guard let bytes = SourceFile.readBytes(path) else {
            return (Progress(), "cannot read \(path): \(String(cString: strerror(errno))); starting afresh")
        }
        return parse(String(decoding: bytes.prefix(Progress.sizeLimit), as: UTF8.self), path: path)
    }

    /// More than any real progress file; a bigger one is damaged, and only its start is read.
    static let sizeLimit = 64 * 1024

    static func parse(_ text: String, path: String) -> (Progress, problem: String?) {
        var progress = Progress()
        var unreadable = 0
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let words = line.split(separator: " ")
            guard !words.isEmpty else { continue }
            guard let entry = Entry(words.dropFirst()), Lesson.named(String(words[0])) != nil else {
                unreadable += 1
                continue
            }
            progress.entries[String(words[0])] = entry
        }
        let problem = unreadable == 0 ? nil
            : "\(unreadable) line\(unreadable == 1 ? "" : "s") of \(path) could not be read and \(unreadable == 1 ? "was" : "were") left out"
        return (progress, problem)
    }

    /// The file's text: one line per lesson, in the lessons' order.
    var text: String {
        Lesson.all.compactMap { lesson -> String? in
            guard let entry = entries[lesson.name] else { return nil }
            let lists = [("solved", entry.solved), ("skipped", entry.skipped), ("seen", entry.seen)].compactMap { word, numbers in
                numbers.isEmpty ? nil : " \(word) " + numbers.sorted().map(String.init).joined(separator: ",")
            }
            return "\(lesson.name) \(entry.stepsDone)" + lists.joined()
        }.map { $0 + "\n" }.joined()
    }

    /// Writes the whole file anew (`AtomicFile`): an interrupted save leaves the old
    /// progress, never half a file.
    func save(to path: String) throws(AtomicFile.Failure) {
        var info = stat()
        // Renamed over it, a device node or a socket would be replaced by a file of ours.
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            throw AtomicFile.Failure(path: path, reason: "it is not a regular file (\(Progress.kind(of: info))), and frp replaces only its own")
        }
        try AtomicFile.replace(path, with: text, permissions: 0o600)
    }

    /// What a file that is not a regular one is, in a word.
    static func kind(of info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFIFO: "a named pipe"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        case S_IFDIR: "a folder"
        default: "not a plain file"
        }
    }
}

extension Progress.Entry {
    /// `5 solved 1,2` (the words after the lesson's name); nil when they do not read so.
    init?<Words: Collection>(_ words: Words) where Words.Element == Substring {
        let words = Array(words)
        guard let steps = words.first.flatMap({ Int($0) }), (0...1_000).contains(steps) else { return nil }
        stepsDone = steps
        // Then `solved 1,2`, `skipped 3`, `seen 4`, each at most once.
        guard words.count % 2 == 1 else { return nil }
        var read = Set<Substring>()
        for index in stride(from: 1, to: words.count, by: 2) {
            let numbers = words[index + 1].split(separator: ",").map { Int($0) }
            guard read.insert(words[index]).inserted,
                  numbers.allSatisfy({ $0.map { (1...1_000).contains($0) } == true }) else { return nil }
            let found = Set(numbers.compactMap { $0 })
            switch words[index] {
            case "solved": solved = found
            case "skipped": skipped = found
            case "seen": seen = found
            default: return nil
            }
        }
    }
}
