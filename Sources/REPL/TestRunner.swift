import Language
import Services
import Signals

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `frp test FILE_OR_DIR...`: every `expect` in virtual time. Each failure shows file,
/// line and column, expected and actual marbles one above the other, and the first
/// differing event. The last line is exactly `N passed, N failed`.
public struct TestRunner {
    let output: Output
    /// Where the services' answers come from (`--services URL`: over HTTP).
    let transport: any PhotoTransport
    /// Lists each file and each expect as it passes (`frp test -v`).
    let verbose: Bool
    /// Whether a file whose runs leave lifetimes alive fails (`FRP_CHECK_LEAKS=1`, which
    /// `make test` sets; a debug build's count, `Lifetime.alive`). Not for a process that
    /// runs other work at the same time (the count is the whole process's).
    let checksLeaks = getenv("FRP_CHECK_LEAKS") != nil

    public init(output: Output = .standard, transport: any PhotoTransport = InProcessTransport.shared, verbose: Bool = false) {
        self.output = output
        self.transport = transport
        self.verbose = verbose
    }

    /// 0 when all pass, 1 when any fails, 2 when a file cannot be read or parsed.
    public func run(paths: [String]) -> Int32 {
        var tally = Tally()
        let found = ScriptFiles.find(under: paths)
        var files: [String] = []
        for item in found {
            switch item {
            case .script(let path): files.append(path)
            case .untestable(let path, let reason):
                output.error("frp test: cannot test \(path): \(reason)")
                tally.unreadable = true
            }
        }
        if found.isEmpty {
            output.error("frp test: no .frp files in \(paths.joined(separator: ", "))")
            tally.unreadable = true
        }
        if checksLeaks, Self.aliveLifetimes == nil {
            output.error("frp test: FRP_CHECK_LEAKS counts lifetimes in a debug build only (`swift build`); not checked")
        }
        for file in files {
            // Each file's state (its runs, its properties) is gone by the end of its turn.
            let alive = Self.aliveLifetimes
            defer {
                if checksLeaks, let before = alive, let after = Self.aliveLifetimes, after > before {
                    tally.failed += 1
                    output.line("FAIL \(file): its runs left \(after - before) lifetime\(after - before == 1 ? "" : "s") alive after they ended (a leak)")
                    output.line("")
                }
            }
            switch SourceFile.load(file) {
            case .failure(let failure):
                output.error(failure.message)
                tally.unreadable = true
            case .success(let source):
                test(source, file: file, tally: &tally)
            }
        }
        output.line("\(tally.passed) passed, \(tally.failed) failed")
        if tally.unreadable { return 2 }
        return tally.failed > 0 ? 1 : 0
    }

    /// What the files tested so far came to.
    private struct Tally {
        var passed = 0, failed = 0
        /// A file could not be read, checked or tested.
        var unreadable = false
    }

    /// One file's expects, each with the properties and service settings before it.
    private func test(_ source: Source, file: String, tally: inout Tally) {
        if verbose { output.line(file) }
        var frontend = Frontend.forFiles()
        frontend.operatorList = Frontend.commandLineOperatorList
        let (statements, diagnostics) = frontend.load(source)
        guard diagnostics.isEmpty else {
            for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source) + "\n") }
            tally.unreadable = true
            return
        }
        var settings: [String: PhotoServices.Failure] = [:]
        let properties = PropertyStore()
        for statement in statements {
            if case .service(let name, let setting) = statement { settings.apply(setting, to: name) }
            switch statement {
            case .declareProperty, .assign, .bindProperty:
                // An expect sees the properties declared and set before it.
                let context = RunContext(scheduler: .virtual(), properties: properties, write: { _ in })
                if case .failure(let error) = properties.apply(statement, in: context) {
                    output.error("\(file): \(error.message)")
                    tally.unreadable = true
                }
                context.finish()
            default: break
            }
            guard case .expect(let pipeline, let marble, let text, let values, let error, let line, let column) = statement else { continue }
            let outcome = Expectation(pipeline: pipeline, marble: marble, marbleText: text, values: values,
                                      errorMessage: error, failures: settings, transport: transport,
                                      properties: properties.values).run()
            if outcome.passed {
                tally.passed += 1
                if verbose { output.line("  ✓ \(line):\(column) expect \(pipeline.text) emits \"\(text)\"") }
            } else {
                tally.failed += 1
                output.line("FAIL \(file):\(line):\(column)")
                for written in Self.written(line: line, in: source) ?? ["expect \(pipeline.text) emits \"\(text)\""] {
                    output.line("  " + written)
                }
                for reportLine in outcome.report { output.line("  " + reportLine) }
                output.line("")
            }
        }
    }

    /// The lifetimes alive now; nil in a release build, which does not count them.
    static var aliveLifetimes: Int? {
        #if DEBUG
        Lifetime.alive
        #else
        nil
        #endif
    }

    /// The expect as written, from its first line to the one with `emits` (its VALUES and
    /// error message too), nil when that is not within a few lines.
    static func written(line: Int, in source: Source) -> [String]? {
        let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
        var shown: [String] = []
        for number in line..<min(line + 20, lines.count + 1) {
            let text = String(lines[number - 1].filter { $0 != "\r" })
            shown.append(number == line ? String(text.drop { $0 == " " || $0 == "\t" }) : text)
            if text.contains("emits") { return shown }
        }
        return nil
    }
}

/// The .frp files the paths name: a file itself, or every .frp file below a directory, in
/// name order. Each directory and each file is visited once, known by device and inode: a
/// link back up (`ln -s . again`) is skipped, not followed without end, and a file reached
/// two ways is tested once. What a walk finds and cannot test is named with the reason
/// (a folder it cannot read, a dangling link, a path too long, a named pipe), never
/// skipped without a word: "1 passed" must not hide a test it did not run.
struct ScriptFiles {
    /// A script to test, or one the walk found and cannot test, with why.
    enum Found: Equatable {
        case script(String)
        case untestable(String, reason: String)
    }

    private struct Identity: Hashable {
        let device: UInt64
        let inode: UInt64
        init(_ info: stat) { (device, inode) = (UInt64(info.st_dev), UInt64(info.st_ino)) }
    }

    private var visited: Set<Identity> = []

    static func find(under path: String) -> [String] {
        find(under: [path]).compactMap { if case .script(let path) = $0 { path } else { nil } }
    }

    static func find(under paths: [String]) -> [Found] {
        var files = ScriptFiles()
        return paths.flatMap { files.visit($0) }
    }

    private static func reason(_ error: Int32) -> String { String(cString: strerror(error)) }

    private mutating func visit(_ path: String) -> [Found] {
        var info = stat()
        // What cannot be read is named as is, and the runner says why.
        guard stat(path, &info) == 0 else { return [.script(path)] }
        guard visited.insert(Identity(info)).inserted else { return [] }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return [.script(path)] }
        guard let names = ScriptFiles.names(in: path) else {
            return [.untestable(path, reason: "the folder cannot be read (\(Self.reason(errno)))")]
        }
        var found: [Found] = []
        // In name order, so a file reached two ways is always found by the same one.
        for name in names.sorted() {
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            var childInfo = stat()
            guard stat(child, &childInfo) == 0 else {
                // A dangling `x.frp` link, or a path past the system's length: not silent.
                let error = errno
                var linkInfo = stat()
                if name.hasSuffix(".frp") || (lstat(child, &linkInfo) == 0 && (linkInfo.st_mode & S_IFMT) == S_IFDIR) || error == ENAMETOOLONG {
                    found.append(.untestable(child, reason: Self.reason(error)))
                }
                continue
            }
            if (childInfo.st_mode & S_IFMT) == S_IFDIR {
                found += visit(child)
            } else if name.hasSuffix(".frp"), visited.insert(Identity(childInfo)).inserted {
                if (childInfo.st_mode & S_IFMT) == S_IFREG {
                    found.append(.script(child))
                } else {
                    // A pipe or a device in a folder is not waited for (a FIFO held the walk
                    // 10 s each); named on the command line, it is read.
                    found.append(.untestable(child, reason: "it is not a regular file (a named pipe or a device); name it to test it"))
                }
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The names in a directory, without `.` and `..`; nil when it cannot be read.
    private static func names(in path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}

extension ScriptFiles.Found {
    var path: String {
        switch self {
        case .script(let path), .untestable(let path, _): path
        }
    }
}
