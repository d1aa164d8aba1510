import Signals

/// A trace row that plays a marble written in the script (`cold "-a-b|"`): which of the
/// marble's entries each of its events is, so the playground can drag a mark of the run's
/// own diagram and move that entry in the script. The entries the row's first run did not
/// send (before a hot marble's `^`, after the run was cancelled) are drawn faded at the time
/// the marble gives them, so every mark of the marble can be grabbed in the one diagram.
public struct MarbleRow: Sendable {
    /// The marble's place among the script's marbles (`MarbleLiteral.all`), as the page's
    /// `POST /marbles/M/E/F` counts them.
    public let number: Int
    public let marble: Marble
    /// A hot marble's times are the run's own; a cold one's start at each subscription.
    public let hot: Bool
    /// What each letter stands for (its VALUES), as the trace writes a value.
    public let values: [Character: String]

    public init(number: Int, marble: Marble, hot: Bool, values: [Character: String] = [:]) {
        (self.number, self.marble, self.hot, self.values) = (number, marble, hot, values)
    }

    /// The row's events matched to the marble: each event's entry (by the event's index in
    /// the row), and the entries the row's first run did not send, each at its time.
    func played<Value>(_ row: Tracer<Value>.Row) -> Played {
        var entryOf: [Int: Int] = [:]
        let starts = Dictionary(row.subscriptions.map { ($0.number, $0.start) }, uniquingKeysWith: { first, _ in first })
        var next: [Int: Int] = [:]  // per run: the first entry not matched yet
        var firstRunPlayed = Set<Int>()
        let first = row.subscriptions.first?.number
        for (index, (time, event, subscription)) in row.events.enumerated() {
            guard let start = starts[subscription] else { continue }
            let frame = time.nanoseconds - (hot ? 0 : start.nanoseconds)
            let from = next[subscription] ?? 0
            guard let entry = marble.entries[from...].firstIndex(where: {
                Time.frame($0.frame).nanoseconds == frame && Self.same($0.mark, event)
            }) else { continue }
            entryOf[index] = entry
            next[subscription] = entry + 1
            if subscription == first { firstRunPlayed.insert(entry) }
        }
        var unplayed: [(entry: Int, time: Time)] = []
        if let firstRun = row.subscriptions.first {
            for (index, entry) in marble.entries.enumerated() where !firstRunPlayed.contains(index) {
                let time = Time(nanoseconds: Time.frame(entry.frame).nanoseconds + (hot ? 0 : firstRun.start.nanoseconds))
                unplayed.append((index, time))
            }
        }
        return Played(entryOf: entryOf, unplayed: unplayed, firstRun: first)
    }

    private static func same<Value>(_ mark: Marble.Mark, _ event: Event<Value>) -> Bool {
        switch (mark, event) {
        case (.value, .next), (.completed, .completed), (.error, .error): true
        default: false
        }
    }

    /// What a mark of the marble is drawn with when the run did not send it: its value's
    /// text (or its own letter's).
    func text(of mark: Marble.Mark) -> String {
        switch mark {
        case .value(let letter): values[letter] ?? "\"\(letter)\""
        case .completed: "|"
        case .error: "#"
        }
    }

    struct Played {
        let entryOf: [Int: Int]
        let unplayed: [(entry: Int, time: Time)]
        /// The run whose lane draws the unplayed entries.
        let firstRun: Int?
    }
}
