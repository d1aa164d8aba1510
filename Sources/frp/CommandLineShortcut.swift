import ArgumentParser
import Language

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What a newcomer types first: `frp FILE.frp` runs the file (the habit of `python FILE`
/// and `node FILE`), and a mistyped subcommand gets did-you-mean instead of ArgumentParser's
/// "Unexpected argument" with a usage line that names `repl`.
enum CommandLineShortcut {
    static var subcommands: [String] {
        FRP.configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    /// The arguments, with `run` put in front of a script given alone; exits 64 (usage) for
    /// a first word that is neither a subcommand, an option nor a script.
    static func arguments(_ given: [String]) -> [String] {
        // (`help` is ArgumentParser's own: `frp help run`.)
        guard let first = given.first, !first.hasPrefix("-"), !subcommands.contains(first), first != "help" else { return given }
        if first.hasSuffix(".frp") || isFile(first) { return ["run"] + given }
        var message = "frp: `\(first)` is neither a command nor a script"
        if let close = suggestion(for: first, among: subcommands) { message += "; did you mean `frp \(close)`?" }
        message += "\n  commands: \(subcommands.joined(separator: ", ")); `frp FILE.frp` runs a script; `frp --help` says more\n"
        StandardError.write(message)
        exit(64)
    }

    private static func isFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
