import Language
import REPL

#if canImport(Glibc)
import Glibc
#endif

/// Whether each input is run three ways and compared (`fuzz.sh --differential`).
let differential = getenv("FRP_FUZZ_DIFFERENTIAL") != nil

/// libFuzzer's test function: one input is one script, taken through everything `frp run
/// --virtual` does — decode, lex, parse, check, compile, run in virtual time with the trace
/// drawn — with the output thrown away. A crash, a hang (libFuzzer's `-timeout`) or memory
/// past `-rss_limit_mb` is a bug; exit statuses 0 and 2 (a diagnostic) are both fine.
/// Differential: the script is run fused, unfused and traced (`DifferentialRun`), and any
/// difference in events, error messages or status is a bug, reported as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard case .success(let source) = Source.decode(bytes: bytes, name: "fuzz.frp") else { return 0 }
    if differential {
        if let difference = DifferentialRun.difference(source) {
            let report = "frp differential: \(difference)\n"
            _ = report.withCString { write(2, $0, strlen($0)) }
            abort()
        }
        return 0
    }
    let silent = Output(line: { _ in }, error: { _ in })
    _ = ScriptRunner(clock: .virtual, trace: true, output: silent).run(source, wallClockLimit: .seconds(2))
    return 0
}

// SwiftPM gives an executable its own entry point, which hands the command line to
// libFuzzer's driver (libFuzzer's `main` would do the same).
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<Int32>,
               _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
               _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runDriver(&argc, &argv, fuzzOneInput))
