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

    public init(output: Output = .standard, transport: any PhotoTransport = InProcessTransport.shared, verbose: Bool = false) {
        self.output = output
        self.transport = transport
        self.verbose = verbose
    }

    /// 0 when all pass, 1 when any fails, 2 when a file cannot be read or parsed.
    public func run(paths: [String]) -> Int32 {
        var passed = 0, failed = 0
        var unreadable = false
        let files = paths.flatMap { ScriptFiles.find(under: $0) }
        if files.isEmpty {
            output.error("frp test: no .frp files in \(paths.joined(separator: ", "))")
            unreadable = true
        }
        for file in files {
            switch SourceFile.load(file) {
            case .failure(let failure):
                output.error(failure.message)
                unreadable = true
            case .success(let source):
                if verbose { output.line(file) }
                var frontend = Frontend.forFiles()
                frontend.operatorList = Frontend.commandLineOperatorList
                let (statements, diagnostics) = frontend.load(source)
                guard diagnostics.isEmpty else {
                    for diagnostic in diagnostics { output.error(diagnostic.rendered(in: source) + "\n") }
                    unreadable = true
                    continue
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
                            unreadable = true
                        }
                        context.finish()
                    default: break
                    }
                    guard case .expect(let pipeline, let marble, let text, let values, let error, let line, let column) = statement else { continue }
                    let outcome = Expectation(pipeline: pipeline, marble: marble, marbleText: text, values: values,
                                              errorMessage: error, failures: settings, transport: transport,
                                              properties: properties.values).run()
                    if outcome.passed {
                        passed += 1
                        if verbose { output.line("  ✓ \(line):\(column) expect \(pipeline.text) emits \"\(text)\"") }
                    } else {
                        failed += 1
                        output.line("FAIL \(file):\(line):\(column)")
                        output.line("  expect \(pipeline.text) emits \"\(text)\"")
                        for reportLine in outcome.report { output.line("  " + reportLine) }
                        output.line("")
                    }
                }
            }
        }
        output.line("\(passed) passed, \(failed) failed")
        if unreadable { return 2 }
        return failed > 0 ? 1 : 0
    }
}

/// The .frp files a path names: the file itself, or every .frp file below a directory,
/// in name order.
enum ScriptFiles {
    static func find(under path: String) -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [path] }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return [path] }
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var found: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard name != ".", name != ".." else { continue }
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            var childInfo = stat()
            guard stat(child, &childInfo) == 0 else { continue }
            if (childInfo.st_mode & S_IFMT) == S_IFDIR {
                found += find(under: child)
            } else if name.hasSuffix(".frp") {
                found.append(child)
            }
        }
        return found.sorted()
    }
}
