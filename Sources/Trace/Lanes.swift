/// A row's runs on lanes, the same in the text diagram and the SVG: each run (a
/// subscription: an inner pipeline's run, one subscriber of a shared stage, a `repeat`'s or
/// a `retry`'s next run) gets a lane of its own, as rxviz draws inner observables, so no
/// lane draws a mark after its own end and each reads back as a marble. Past `limit`
/// runs, the first `limit - 1` and the last are drawn; the ones between are not, and the
/// diagram says so (`hidden`): thousands of inner runs are not thousands of lines.
@usableFromInline
struct Lanes {
    /// The lane of each run kept, by its place in the row's list of subscriptions; nil for
    /// one not drawn.
    @usableFromInline let lane: [Int?]
    @usableFromInline let count: Int
    /// The run numbers (from 1) of the runs not drawn, when there are any.
    @usableFromInline let hidden: ClosedRange<Int>?
    private let byNumber: [Int: Int]
    private let numbers: [Int]

    /// The most lanes a row has.
    @usableFromInline static let limit = 6

    @usableFromInline
    init(_ subscriptions: [TraceSubscription], total: Int, limit: Int = Lanes.limit) {
        let drawn = subscriptions.count <= limit && total == subscriptions.count
        lane = subscriptions.indices.map { index in
            if drawn || index < limit - 1 { return index }
            return index == subscriptions.count - 1 ? limit - 1 : nil
        }
        count = max(1, (lane.compactMap { $0 }.max() ?? 0) + 1)
        numbers = subscriptions.map(\.number)
        var byNumber: [Int: Int] = [:]
        for (number, lane) in zip(numbers, lane) where lane != nil { byNumber[number] = lane }
        self.byNumber = byNumber
        let last = subscriptions.last.map { $0.number + 1 } ?? 0
        hidden = drawn || total <= limit ? nil : limit...(last - 1)
    }

    /// The lane of the run that received an event; nil for a run not drawn.
    @usableFromInline
    func lane(of subscription: Int) -> Int? { byNumber[subscription] }

    /// What a lane after the first is labelled: the run it draws (`↳ run 2`).
    @usableFromInline func label(of lane: Int) -> String {
        let run = zip(numbers, self.lane).first { $0.1 == lane }.map { $0.0 + 1 } ?? lane + 1
        return "↳ run \(run)"
    }

    /// The legend's line for the runs not drawn.
    @usableFromInline func hiddenNote(_ label: String) -> String? {
        hidden.map { "\(label): runs \($0.lowerBound)–\($0.upperBound) are not drawn (their events are in the output)" }
    }
}
