import Language

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The repository's Examples, for the playground's menu: found beside where `frp` runs
/// (`./frp play` in the repository), where it was built (`.build/debug/frp`), or where
/// `make install` puts them (`PREFIX/share/frp/Examples` for `PREFIX/bin/frp`). A sandboxed
/// run reads no file but these Examples' libraries (`import "lib/photos.frp"`), so an
/// Example runs in the page as written.
public enum ExampleFolder {
    /// The folder, when there is one.
    public static let path: String? = {
        var candidates = ["Examples"]
        if let executable = realpath(CommandLine.arguments[0], nil) {
            defer { free(executable) }
            // .build/<configuration>/frp, or .build/<triple>/<configuration>/frp
            var folder = String(cString: executable)
            for _ in 0..<4 {
                folder = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)])
                candidates += [folder + "/Examples", folder + "/share/frp/Examples"]
            }
        }
        return candidates.first { access($0 + "/01-first-steps.frp", R_OK) == 0 }
    }()

    /// Each Example's name (its file without `.frp`) and title (its first comment line).
    public static var examples: [(name: String, title: String)] {
        guard let path else { return [] }
        return files(in: path).compactMap { name -> (name: String, title: String)? in
            guard let text = text(name) else { return nil }
            let first = text.split(separator: "\n").first { $0.hasPrefix("#") }.map { String($0.dropFirst()).trimmingCharacters(of: " ") } ?? ""
            return (name, first.isEmpty ? name : first)
        }
    }

    /// The text of the Example called `name` (`02-search-as-you-type`), nil for no such one.
    public static func text(_ name: String) -> String? {
        guard let path, isName(name), case .success(let source) = SourceFile.load("\(path)/\(name).frp") else { return nil }
        return source.text
    }

    /// An Example's library, for a sandboxed run's `import "lib/NAME.frp"`: nothing else.
    static func library(_ path: String) -> Result<Source, Frontend.ImportFailure> {
        let parts = path.split(separator: "/")
        guard let folder = self.path, parts.count == 2, parts[0] == "lib", parts[1].hasSuffix(".frp"),
              isName(String(parts[1].dropLast(4))) else {
            return .failure(Frontend.ImportFailure("the playground reads no file but the Examples' libraries (lib/NAME.frp)"))
        }
        return SourceFile.load("\(folder)/\(path)").mapError { Frontend.ImportFailure($0.reason) }
    }

    private static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    private static func files(in path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".frp") { names.append(String(name.dropLast(4))) }
        }
        return names.sorted()
    }
}
