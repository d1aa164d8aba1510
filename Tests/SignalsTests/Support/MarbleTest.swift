import Signals
import Testing

/// One marble test: a virtual-time scheduler and the sources drawn on it.
///
///     let test = MarbleTest()
///     let inner = test.cold("--x--y|")
///     test.expect(test.hot("-a---b-----|").signal.switchMap { _ in inner.signal },
///                 emits: "---x---x--y|")
///     #expect(inner.liveSubscriptions == 0)
///
/// Values are the marks as strings unless a `values` table maps them.
///
/// Every `expect` also checks for leaks: once the recording is disposed, no source of the
/// test may still be subscribed and no timer armed but the hot sources' own events.
final class MarbleTest {
    let scheduler = Scheduler.virtual()
    /// Live subscriptions of each source made here, and the timers of the hot ones (held
    /// strongly: a test often keeps only a source's signal).
    private var liveCounts: [() -> Int] = []
    private var hotTimers: [() -> Int] = []

    func cold<Value>(_ marble: String, _ values: [Character: Value], error: String = "error") -> ColdSource<Value> {
        counted(ColdSource(parse(marble, .cold), scheduler: scheduler, error: SignalError(error)) { values[$0]! })
    }

    func cold(_ marble: String, error: String = "error") -> ColdSource<String> {
        counted(ColdSource(parse(marble, .cold), scheduler: scheduler, error: SignalError(error)) { String($0) })
    }

    func hot<Value>(_ marble: String, _ values: [Character: Value], error: String = "error") -> HotSource<Value> {
        counted(HotSource(parse(marble, .hot), scheduler: scheduler, error: SignalError(error)) { values[$0]! })
    }

    func hot(_ marble: String, error: String = "error") -> HotSource<String> {
        counted(HotSource(parse(marble, .hot), scheduler: scheduler, error: SignalError(error)) { String($0) })
    }

    private func counted<Value>(_ source: ColdSource<Value>) -> ColdSource<Value> {
        liveCounts.append { source.liveSubscriptions }
        return source
    }

    private func counted<Value>(_ source: HotSource<Value>) -> HotSource<Value> {
        liveCounts.append { source.subscriberCount }
        hotTimers.append { source.pendingTimers }
        return source
    }

    /// Subscriptions still live and timers still armed (but the hot sources' events).
    var leftovers: (subscriptions: Int, timers: Int) {
        (liveCounts.reduce(0) { $0 + $1() }, scheduler.pendingTimers - hotTimers.reduce(0) { $0 + $1() })
    }

    /// Fails the test if anything the recording started outlived it.
    func expectNoLeftovers(sourceLocation: SourceLocation = #_sourceLocation) {
        let (subscriptions, timers) = leftovers
        if subscriptions != 0 || timers != 0 {
            Issue.record("after disposal: \(subscriptions) live subscriptions, \(timers) armed timers",
                         sourceLocation: sourceLocation)
        }
    }

    /// Runs `signal` from now for the width of `marble` (or to its end) and compares every
    /// event: frame, kind and value.
    func expect<Value: Equatable>(
        _ signal: Signal<Value>, emits marble: String, _ values: [Character: Value],
        error: String = "error", sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expectedMarble = parse(marble, .expected)
        let limit = TimeSpan.milliseconds(max(expectedMarble.width - 1, 0))
        let actual = signal.record(on: scheduler, for: limit)
        expectNoLeftovers(sourceLocation: sourceLocation)
        let expected = expectedMarble.entries.map { entry -> Recorded<Value> in
            let event: Event<Value>
            switch entry.mark {
            case .value(let mark): event = .next(values[mark]!)
            case .completed: event = .completed
            case .error: event = .error(SignalError(error))
            }
            return Recorded(time: .frame(entry.frame), event: event)
        }
        if actual != expected {
            let drawnActual = draw(actual, values: values)
            Issue.record("""
                marbles differ
                expected: \(marble)
                actual:   \(drawnActual)
                expected events: \(expected.map(describe))
                actual events:   \(actual.map(describe))
                """, sourceLocation: sourceLocation)
        }
    }

    func expect(_ signal: Signal<String>, emits marble: String, error: String = "error",
                sourceLocation: SourceLocation = #_sourceLocation) {
        var values: [Character: String] = [:]
        for character in marble where character.isLetter || character.isNumber {
            values[character] = String(character)
        }
        expect(signal, emits: marble, values, error: error, sourceLocation: sourceLocation)
    }

    private func parse(_ marble: String, _ kind: Marble.Kind) -> Marble {
        do {
            return try Marble.parse(marble, kind: kind)
        } catch {
            Issue.record("bad marble \(marble): \(error.message) at \(error.offset)")
            return Marble(entries: [], width: 0)
        }
    }

    private func draw<Value: Equatable>(_ events: [Recorded<Value>], values: [Character: Value]) -> String {
        let entries = events.map { recorded -> Marble.Entry in
            let mark: Marble.Mark
            switch recorded.event {
            case .next(let value):
                mark = .value(values.first { $0.value == value }?.key ?? "?")
            case .completed: mark = .completed
            case .error: mark = .error
            }
            return Marble.Entry(frame: recorded.frame, mark: mark)
        }
        return Marble.draw(entries)
    }

    private func describe<Value>(_ recorded: Recorded<Value>) -> String {
        switch recorded.event {
        case .next(let value): return "\(recorded.frame):next(\(value))"
        case .completed: return "\(recorded.frame):completed"
        case .error(let error): return "\(recorded.frame):error(\(error.message))"
        }
    }
}
