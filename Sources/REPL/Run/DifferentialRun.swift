import Language

/// One script run three ways — fused, unfused, and fused with its trace kept — whose events
/// must be the same: their times, kinds, values and error messages, each `expect`'s verdict
/// and the exit status. Fusion (`FusedStages`) and tracing are switches of a run, never a
/// second semantics: the differential tests run every script of the corpus so, and the
/// fuzzer (`Fuzz/fuzz.sh --differential`) every script it makes.
public enum DifferentialRun {
    /// What is compared of a run: its status, and its lines that are not the diagram.
    /// nil when the real-time limit stopped the run (anywhere: checking, a statement, an
    /// operation inside an event): where it stops is the machine's, not the script's.
    static func events(of source: Source, fused: Bool, traced: Bool, limit: Duration) -> [String]? {
        let output = Lines()
        var runner = ScriptRunner(clock: .virtual, trace: traced, output: output.output)
        runner.fused = fused
        let status = runner.run(source, wallClockLimit: limit)
        guard !output.lines.contains(where: stoppedByTheClock) else { return nil }
        return ["status \(status)"] + output.lines.filter(isCompared)
    }

    /// A line that says the real-time limit stopped something.
    static func stoppedByTheClock(_ line: String) -> Bool {
        line.contains("of real time")
    }

    /// nil when the three runs agree (or one was stopped by the real-time limit, whose moment
    /// is the machine's), else the first differing line of each.
    public static func difference(_ source: Source, limit: Duration = .seconds(2)) -> String? {
        guard let fused = events(of: source, fused: true, traced: false, limit: limit),
              let unfused = events(of: source, fused: false, traced: false, limit: limit),
              let traced = events(of: source, fused: true, traced: true, limit: limit) else { return nil }
        for (name, other) in [("unfused", unfused), ("traced", traced)] where other != fused {
            let index = zip(fused, other).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(fused.count, other.count)
            let line = { (lines: [String]) in index < lines.count ? lines[index] : "(nothing)" }
            return "fused and \(name) differ at line \(index + 1):\n  fused:   \(line(fused))\n  \(name): \(String(repeating: " ", count: max(0, 7 - name.count)))\(line(other))"
        }
        return nil
    }

    /// An event (`      3ms  next "a"`), a stop, an `expect`'s verdict and report, a run's
    /// header; not a diagram's rows, which only a traced run draws.
    static func isCompared(_ line: String) -> Bool {
        if line.hasPrefix("» ") || line.hasPrefix("✓ ") || line.hasPrefix("✗ ") || line.hasPrefix("    ") && !line.hasPrefix("     ") { return true }
        let trimmed = line.drop { $0 == " " }
        guard let first = trimmed.first, first.isNumber, let gap = trimmed.range(of: "  ") else { return false }
        let time = trimmed[..<gap.lowerBound]
        return time.allSatisfy { $0.isNumber || $0 == "." || $0.isLetter }
    }

    private final class Lines: @unchecked Sendable {
        var lines: [String] = []
        var output: Output { Output(line: { [self] in lines.append($0) }, error: { [self] in lines.append($0) }) }
    }
}
