import Language

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reads a script file as bytes, so invalid UTF-8 becomes a diagnostic, not a crash.
enum SourceFile {
    /// How long a named pipe (FIFO) may go without a writer before it is refused.
    static let fifoWait = Duration.seconds(10)

    static func load(_ path: String, fifoWait: Duration = SourceFile.fifoWait) -> Result<Source, LoadFailure> {
        let bytes: [UInt8]
        switch FIFO.read(path, within: fifoWait) {
        case .notAFIFO:
            guard let read = readBytes(path) else { return .failure(LoadFailure(path: path, reason: String(cString: strerror(errno)))) }
            bytes = read
        case .read(let read): bytes = read
        case .noWriter:
            return .failure(LoadFailure(path: path, reason: "it is a named pipe (FIFO) and nothing was written to it within \(fifoWait)"))
        case .notClosed(let count):
            return .failure(LoadFailure(path: path, reason: "it is a named pipe (FIFO) whose writer did not close it within \(fifoWait) (\(count) bytes read)"))
        case .failed(let error):
            return .failure(LoadFailure(path: path, reason: String(cString: strerror(error))))
        }
        switch Source.decode(bytes: bytes, name: path) {
        case .success(let source): return .success(source)
        case .failure(let diagnostic): return .failure(LoadFailure(message: diagnostic.rendered(in: nil), reason: diagnostic.message))
        }
    }

    /// The file's bytes, but at most one past `Source.sizeLimit`: a stream (`/dev/zero`)
    /// or a huge file is refused by `Source.decode` without being read whole.
    static func readBytes(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        return readBytes(file)
    }

    static func readBytes(_ file: UnsafeMutablePointer<FILE>) -> [UInt8]? {
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= Source.sizeLimit {
            let count = fread(&buffer, 1, buffer.count, file)
            if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
            if count < buffer.count {
                if ferror(file) != 0 { return nil }
                break
            }
        }
        return bytes
    }
}

struct LoadFailure: Error {
    /// The whole sentence for the command line.
    let message: String
    /// Why, without the path (an `import` names the file itself).
    let reason: String

    init(message: String, reason: String) {
        self.message = message
        self.reason = reason
    }

    init(path: String, reason: String) {
        self.init(message: "frp: cannot read \(path): \(reason)", reason: reason)
    }
}

extension Frontend {
    /// The photo site's sources, and `import` reading the Examples' libraries only (a
    /// stranger's script in the playground reads no other file).
    static func sandboxed() -> Frontend {
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        frontend.readFile = { path in ExampleFolder.library(path) }
        return frontend
    }

    /// The photo site's sources, and `import` reading files as `frp run` does.
    static func forFiles() -> Frontend {
        var frontend = Frontend(catalogue: PhotoSources.catalogue)
        frontend.readFile = { path in SourceFile.load(path).mapError { Frontend.ImportFailure($0.reason) } }
        return frontend
    }
}
