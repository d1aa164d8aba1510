import Language
import Signals
import Trace

extension Tracer where Value == Language.Value {
    /// The language's probe for a stage: its row is the stage's place in the source.
    /// `counting` also counts the stage's live subscriptions (a leak check).
    public func stageProbe(for stage: CheckedStage, depth: Int) -> Language.StageRecorder {
        stageProbe(for: stage, depth: depth, counting: nil)
    }

    func stageProbe(for stage: CheckedStage, depth: Int, counting: SubscriptionCount?) -> Language.StageRecorder {
        TracedStage(probe(key: stage.site.key, label: stage.traceLabel, depth: depth,
                          input: stage.site.input, line: stage.site.order.line, column: stage.site.order.column),
                    counting: counting)
    }
}

/// Hands a stage's events to its row of the tracer (specialised for the language's values).
final class TracedStage: Language.StageRecorder {
    let probe: Tracer<Value>.StageProbe
    let tracer: Tracer<Value>
    let row: Tracer<Value>.Row
    let count: SubscriptionCount?

    init(_ probe: Tracer<Value>.StageProbe, counting count: SubscriptionCount? = nil) {
        self.probe = probe
        tracer = probe.tracer
        row = probe.row
        self.count = count
        // A value a stage records itself is one `received` would keep as it is: a value
        // that is not big, heard by no listener.
        super.init(log: probe.tracer.listener == nil ? probe.row.log : nil)
    }

    override func subscribed() -> Int {
        count?.live += 1
        return probe.subscribed()
    }
    override func received(_ event: consuming Event<Value>, subscription: Int) {
        // The trace keeps 100,000 events: of a big value (`scan [], acc + [it]` makes one
        // per event), only what its diagram shows (`Value.isBig`: what a stage that
        // records into `log` itself leaves to this).
        if case .next(let value) = event, value.isBig {
            tracer.received(row, subscription: subscription, event, keeping: .next(value.summary))
        } else {
            tracer.received(row, subscription: subscription, event)
        }
    }
    override func disposed(subscription: Int, cancelled: Bool) {
        count?.live -= 1
        probe.disposed(subscription: subscription, cancelled: cancelled)
    }
}
