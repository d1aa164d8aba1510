import Signals

/// Runs of simple stages (those whose catalogue entry declares a shape: `map`,
/// `filter`, `scan`, `reduce`, `take`) on values, compiled into one operator whose stages
/// are small classes calling each other directly, with no generic code between them
/// (`map` and `filter` each have one subclass: the number lane's, `NumberMap` and
/// `NumberFilter`).
///
/// Why: a generic operator stores its observer's closures at the most general
/// abstraction, so every stage boundary costs a thunk and an indirect argument; between
/// these non-generic stages a value is passed in registers. The behaviour is the generic
/// operators' (the expect corpus runs through this path, and the differential tests run
/// every script fused, unfused and traced); a traced run is fused too, each stage
/// reporting to its own probe.
enum FusedStages {
    /// How often the pushed loop asks whether the run was interrupted.
    static let pollMask = SynchronousLoop.pollMask

    /// A range's batch (at most 64 numbers), from `values.lowerBound` on: each the first
    /// plus a small whole number, exact below 2^53 (a range's FROM and COUNT are at most
    /// `Limits.largestCount`, below 2^50), in a loop the compiler vectorises (a 32-bit
    /// whole number to a `Double` is one packed instruction, a 64-bit one is not).
    @inline(__always) static func fill(_ buffer: UnsafeMutableBufferPointer<Double>, with values: Range<Int>) {
        assert(values.lowerBound.magnitude < 1 << 53 && values.upperBound.magnitude < 1 << 53)
        assert(values.count <= buffer.count)
        let start = Double(values.lowerBound)
        for index in 0..<Int32(truncatingIfNeeded: values.count) { buffer[Int(index)] = start + Double(index) }
    }

    static func identity(_ frame: Frame) throws(EvaluationFailure) -> Value { frame.it }

    /// One fused subscription: ends the run once, disposing upstream first.
    final class Run {
        let downstream: Observer<Value>
        let upstream: Lifetime
        var done = false
        var stages: [Stage] = []
        /// Owns the stages' probes (the stages point at them unowned: no reference
        /// counting per traced event).
        var probes: [StageRecorder] = []
        /// A stage recorded a value that is not a number (it holds references, or is
        /// big): a traced `range` then records its own values as they go, as the trace's
        /// bound shares its room between the rows (`pushRecordingAfter`).
        var recordedMoreThanNumbers = false
        /// Where a traced `range` that counts rows and records them at the end
        /// (`CountedRows`) says how many values it counted; nil when it may not
        /// (`RunContext.countsRows`).
        unowned var rowCounter: RunContext?

        init(downstream: Observer<Value>, upstream: Lifetime) {
            self.downstream = downstream
            self.upstream = upstream
        }

        func end(_ termination: Termination) {
            guard !done else { return }
            done = true
            upstream.dispose()
            downstream.terminate(termination)
        }

        /// A stage ended the run before its source did (take, an error): the stages
        /// before it were stopped — cancelled, as their probes say at once.
        func stopStages(before stage: Stage) {
            for earlier in stages {
                if earlier === stage { return }
                earlier.reportDisposal()
            }
        }
    }

    /// A stage of the chain. The `Run` owns every stage (`run.stages`); stages point to
    /// the run and to the next stage without owning them — unowned(unsafe): no reference
    /// counting per event, and no cycle. Safe because stages are only reached through
    /// closures that hold the run.
    class Stage {
        final unowned(unsafe) let run: Run
        final unowned(unsafe) var next: Stage? {
            didSet { nextRef = next.map { Unmanaged.passUnretained($0) } }
        }
        /// The same references, called through `_withUnsafeGuaranteedRef`: a plain load
        /// of an unowned(unsafe) reference still retains and releases it around the call.
        final var nextRef: Unmanaged<Stage>?
        final var probeRef: Unmanaged<StageRecorder>?
        /// The probe's log, where the stage records values that are not big itself.
        final var logRef: Unmanaged<EventLog<Value>>?
        /// The stage's probe when the run is traced, and its subscription number.
        final unowned(unsafe) var probe: StageRecorder? {
            didSet {
                probeRef = probe.map { Unmanaged.passUnretained($0) }
                logRef = probe?.log.map { Unmanaged.passUnretained($0) }
            }
        }
        final var subscription = 0
        final var terminated = false
        final var disposalReported = false

        init(run: Run) { self.run = run }

        /// Takes the next value, as the frame its expression reads (`frame.it`). The
        /// frame is passed on, borrowed: a filter or take hands the next stage the frame
        /// it was given, and a map moves its result into a new one, so no stage copies a
        /// value to make a frame (a copy or destroy of a `Value` is an outlined call,
        /// even for a number).
        func push(_ frame: Frame) {}

        /// Takes the next value when it is a number, without a frame (the number lane): a
        /// stage whose expression has a number form (`NumberForms`) computes it in
        /// registers and passes its own number on (`emitNumber`); the others make the frame.
        /// A source, `range` or another, pushes every number here.
        func pushNumber(_ number: Double) { pushFrame(of: number) }

        /// `push` of a number's frame, out of line: the number lane's stages fall back to
        /// it, and inlined it would make them save every register on each call.
        @inline(never) final func pushFrame(of number: Double) { push(Frame(it: .number(number))) }

        /// Takes the next numbers, in order (`range`'s values between two polls): a stage
        /// of the number lane computes the batch in one loop and passes on what it sends
        /// (`emitNumbers`), a call a batch where each number was a call a stage. The others
        /// take them one by one. What a stage sends is the same, in the same order: a
        /// number a form cannot answer, and everything after it, go one by one, and the
        /// chain stops where it would have (a failure, `take`, a downstream that ends it).
        func pushNumbers(_ numbers: UnsafeMutableBufferPointer<Double>) {
            pushEach(numbers[...])
        }

        /// `pushNumber` of each, while the run goes on (as `pushRange`'s loop asks).
        @inline(never) final func pushEach(_ numbers: Slice<UnsafeMutableBufferPointer<Double>>) {
            for number in numbers {
                if run.done || run.upstream.isDisposed { return }
                pushNumber(number)
            }
        }

        /// `emitNumber` of each: the batch to the next stage when nothing records it.
        @inline(__always) final func emitNumbers(_ numbers: UnsafeMutableBufferPointer<Double>) {
            if probeRef == nil, let nextRef, !numbers.isEmpty {
                nextRef._withUnsafeGuaranteedRef { $0.pushNumbers(numbers) }
            } else {
                emitEach(numbers)
            }
        }

        /// `emitNumbers` for the last stage and a traced one, out of line.
        @inline(never) final func emitEach(_ numbers: UnsafeMutableBufferPointer<Double>) {
            for number in numbers {
                if run.done || run.upstream.isDisposed { return }
                emitNumber(number)
            }
        }

        /// A batch's first `count` numbers sent on, and the rest taken one by one: a
        /// number-lane stage's form stopped at a number it cannot answer.
        @inline(__always) final func emitNumbers(_ numbers: UnsafeMutableBufferPointer<Double>, first count: Int,
                                                 thenEachFrom rest: Int) {
            emitNumbers(UnsafeMutableBufferPointer(rebasing: numbers[..<count]))
            if rest < numbers.count { pushEach(numbers[rest...]) }
        }

        /// The upstream ended: stages that hold state send it on first (reduce).
        func finish(_ termination: Termination) {
            terminated = true
            probe?.received(termination.event(), subscription: subscription)
            if let next { next.finish(termination) } else { run.end(termination) }
        }

        @inline(__always) final func emit(_ frame: Frame) {
            if let probeRef {
                let subscription = subscription
                if let logRef, case .number(let number) = frame.it {
                    logRef._withUnsafeGuaranteedRef { $0.record(holdingNoReferences: .next(.number(number)), subscription: subscription) }
                } else if let logRef, !frame.it.isBig {
                    run.recordedMoreThanNumbers = true
                    logRef._withUnsafeGuaranteedRef { $0.record(.next(frame.it), subscription: subscription) }
                } else {
                    run.recordedMoreThanNumbers = true
                    probeRef._withUnsafeGuaranteedRef { $0.received(.next(frame.it), subscription: subscription) }
                }
            }
            if let nextRef { nextRef._withUnsafeGuaranteedRef { $0.push(frame) } } else { run.downstream.next(frame.it) }
        }

        /// `emit` of a number in the number lane. A traced stage records it as `emit` does.
        @inline(__always) final func emitNumber(_ number: Double) {
            if probeRef == nil, let nextRef { nextRef._withUnsafeGuaranteedRef { $0.pushNumber(number) } } else { emitFrame(of: number) }
        }

        /// `emitNumber` for the last stage and a traced one, out of line (as
        /// `pushFrame(of:)`): a traced stage records the number in its row's log, as `emit`
        /// does, and passes it on in the lane; otherwise `emit` of its frame.
        @inline(never) final func emitFrame(of number: Double) {
            guard let logRef, let nextRef else { return emit(Frame(it: .number(number))) }
            let subscription = subscription
            @inline(__always) func record(_ log: EventLog<Value>) {
                log.record(holdingNoReferences: .next(.number(number)), subscription: subscription)
            }
            logRef._withUnsafeGuaranteedRef(record)
            nextRef._withUnsafeGuaranteedRef { $0.pushNumber(number) }
        }

        /// `range`'s loop, pushing into this stage, the chain's head. A method, so the
        /// stage is borrowed for the whole loop (a local reference was retained and
        /// released around each call). It asks whether the run was interrupted every
        /// 64 values (`pollMask`): `range 1, 1e12` stays stoppable.
        final func pushRange(_ values: Range<Int>, interrupted: () -> Bool) {
            // A traced `range` is the head stage itself (`Source`: its push is its emit).
            if self is Source, let logRef, let nextRef { return pushRecordingAfter(values, logRef, nextRef, interrupted: interrupted) }
            push(values, interrupted: interrupted)
        }

        /// The loop of `pushRange`: the values in batches, from one poll to the next
        /// (`pushNumbers`).
        private final func push(_ values: Range<Int>, interrupted: () -> Bool) {
            let ended = withUnsafeTemporaryAllocation(of: Double.self, capacity: FusedStages.pollMask + 1) { buffer in
                var value = values.lowerBound
                while value < values.upperBound {
                    if run.done || run.upstream.isDisposed { return false }
                    if value & FusedStages.pollMask == 0, interrupted() { return false }
                    let end = min(values.upperBound, (value | FusedStages.pollMask) &+ 1)
                    let count = end &- value
                    FusedStages.fill(buffer, with: value..<end)
                    pushNumbers(UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
                    value = end
                }
                return true
            }
            if ended, !run.done, !run.upstream.isDisposed { finish(.completed) }
        }

        /// A traced `range` pushing into the stages after it: its own row is recorded when
        /// the loop ends, not value by value. Its values are known (the numbers it counted
        /// through) and all come at one instant, so the row keeps the same entries — the
        /// last ones sent, as many as the trace keeps — for half the records of a traced
        /// `range | filter | map`. Only where nothing else hears each event as it
        /// comes (`logRef`: no `--events` file).
        final func pushRecordingAfter(_ values: Range<Int>, _ logRef: Unmanaged<EventLog<Value>>, _ nextRef: Unmanaged<Stage>,
                                      interrupted: () -> Bool) {
            // As `pushRange`'s loop; a later stage that keeps more than numbers (`scan [],
            // acc + [it]`) makes the rows share the trace's room as they fill, so from
            // then on the range records its values as they go, after the ones sent so far.
            // The rows after it that may be counted instead (`CountedRows`), by their shape.
            let counted = run.rowCounter != nil ? nextRef._withUnsafeGuaranteedRef { CountedRows(from: $0) } : nil
            var value = values.lowerBound
            while value < values.upperBound {
                if run.done || run.upstream.isDisposed { return recordSent(values.lowerBound..<value, logRef) }
                // Counted from the first value (its logs keep nothing yet), or from a poll.
                if value & FusedStages.pollMask == 0 || value == values.lowerBound {
                    if value & FusedStages.pollMask == 0, interrupted() { return recordSent(values.lowerBound..<value, logRef) }
                    if let counted, counted.canStart {
                        let (next, stop) = counted.push(value..<values.upperBound, run: run, interrupted: interrupted)
                        run.rowCounter?.countedValues += next - value
                        value = next
                        switch stop {
                        case .finished: continue
                        case .ended: return recordSent(values.lowerBound..<value, logRef)
                        // Sent through the stages as they are, below.
                        case .uncountable: break
                        }
                    }
                }
                nextRef._withUnsafeGuaranteedRef { $0.pushNumber(Double(value)) }
                value &+= 1
                if run.recordedMoreThanNumbers { break }
            }
            recordSent(values.lowerBound..<value, logRef)
            // The rest recorded as they go (`Source.pushNumber`).
            push(value..<values.upperBound, interrupted: interrupted)
        }

        /// The range's values sent so far, recorded in its row: the last ones, as many as
        /// the trace keeps; the older ones counted as dropped, and the row says its oldest
        /// are gone.
        private final func recordSent(_ sent: Range<Int>, _ logRef: Unmanaged<EventLog<Value>>) {
            let subscription = subscription
            logRef._withUnsafeGuaranteedRef { log in
                let first = max(sent.lowerBound, sent.upperBound - log.mostKept)
                if first > sent.lowerBound {
                    _ = log.cap(at: log.mostKept)
                    log.overwritten += first - sent.lowerBound
                }
                guard log.canCount else {
                    for value in first..<sent.upperBound {
                        log.record(holdingNoReferences: .next(.number(Double(value))), subscription: subscription)
                    }
                    return
                }
                // Counted, then only the entries it keeps written: the records past the
                // trace's room would be written to be dropped.
                log.startCounting()
                for _ in first..<sent.upperBound { log.countRecord() }
                log.writeCounted(subscription: subscription) { .next(.number(Double(sent.upperBound &- 1 &- $0))) }
            }
        }

        final func fail(_ failure: EvaluationFailure) {
            run.stopStages(before: self)
            finish(.error(failure.signalError))
        }

        final func reportDisposal() {
            guard !disposalReported else { return }
            disposalReported = true
            probe?.disposed(subscription: subscription, cancelled: !terminated)
        }
    }

    /// A `range` head pushing straight into the chain, as a stage so a traced run has
    /// its row. The loop calls its `emit` directly (no dynamic call per value).
    final class Source: Stage {
        override func push(_ frame: Frame) { emit(frame) }
        override func pushNumber(_ number: Double) { emitNumber(number) }
        override func pushNumbers(_ numbers: UnsafeMutableBufferPointer<Double>) { emitNumbers(numbers) }
    }

    class Map: Stage {
        final let transform: Evaluator
        init(run: Run, transform: @escaping Evaluator) {
            self.transform = transform
            super.init(run: run)
        }
        override func push(_ frame: Frame) {
            do throws(EvaluationFailure) { emit(Frame(it: try transform(frame))) } catch { fail(error) }
        }
    }

    class Filter: Stage {
        final let condition: Evaluator
        final let site: Site
        init(run: Run, condition: @escaping Evaluator, site: Site) {
            self.condition = condition
            self.site = site
            super.init(run: run)
        }
        override func push(_ frame: Frame) {
            do throws(EvaluationFailure) {
                switch try condition(frame) {
                case .bool(true): emit(frame)
                case .bool(false): break
                case let other:
                    run.stopStages(before: self)
                    finish(.error(.notACondition(site, "filter", other)))
                }
            } catch {
                fail(error)
            }
        }
    }

    /// A `map` whose expression has a number form: numbers go through it.
    final class NumberMap: Map {
        let number: (Double) -> Double?
        let numbers: (UnsafeMutableBufferPointer<Double>) -> Int
        init(run: Run, transform: @escaping Evaluator, number: NumberFunction) {
            self.number = number.apply
            numbers = number.applyAll
            super.init(run: run, transform: transform)
        }
        override func pushNumber(_ number: Double) {
            guard let result = self.number(number) else { return pushFrame(of: number) }
            emitNumber(result)
        }
        override func pushNumbers(_ numbers: UnsafeMutableBufferPointer<Double>) {
            let computed = self.numbers(numbers)
            emitNumbers(numbers, first: computed, thenEachFrom: computed)
        }
    }

    /// A `filter` whose condition has a number form: numbers are tested by it.
    final class NumberFilter: Filter {
        let test: (Double) -> Bool?
        let keep: (UnsafeMutableBufferPointer<Double>) -> (kept: Int, read: Int)
        init(run: Run, condition: @escaping Evaluator, site: Site, test: NumberCondition) {
            self.test = test.apply
            keep = test.keepAll
            super.init(run: run, condition: condition, site: site)
        }
        override func pushNumber(_ number: Double) {
            guard let keep = test(number) else { return pushFrame(of: number) }
            if keep { emitNumber(number) }
        }
        override func pushNumbers(_ numbers: UnsafeMutableBufferPointer<Double>) {
            let (kept, read) = keep(numbers)
            emitNumbers(numbers, first: kept, thenEachFrom: read)
        }
    }

    final class Scan: Stage {
        let accumulate: Evaluator
        var accumulation: Value
        let emitsEach: Bool
        init(run: Run, seed: Value, accumulate: @escaping Evaluator, emitsEach: Bool) {
            self.accumulate = accumulate
            self.accumulation = seed
            self.emitsEach = emitsEach
            super.init(run: run)
        }
        override func push(_ frame: Frame) {
            do throws(EvaluationFailure) {
                accumulation = try accumulate(Frame(it: frame.it, acc: accumulation))
                if emitsEach { emit(Frame(it: accumulation)) }
            } catch {
                fail(error)
            }
        }
        override func finish(_ termination: Termination) {
            // reduce: the final accumulation goes out just before completion.
            if !emitsEach, termination == .completed, !run.done { emit(Frame(it: accumulation)) }
            super.finish(termination)
        }
    }

    /// `scan`/`reduce SEED, acc + E` where E does not read `acc` (`acc + [it]`, RxJS's
    /// toArray; `acc + "x"`): the list or text grows in place, amortised O(1) per value
    /// (`Operations.append`). Evaluated as written, it copied the whole accumulation at
    /// every value: a hundred thousand values took half a minute.
    final class Append: Stage {
        let items: Evaluator
        /// Whether E is `it` (`acc + it`: a sum, or toArray-like lists of the values).
        let itemsAreIt: Bool
        var accumulation: Value
        let emitsEach: Bool
        let site: Site
        init(run: Run, seed: Value, items: @escaping Evaluator, itemsAreIt: Bool, emitsEach: Bool, site: Site) {
            self.items = items
            self.itemsAreIt = itemsAreIt
            self.accumulation = seed
            self.emitsEach = emitsEach
            self.site = site
            super.init(run: run)
        }
        override func push(_ frame: Frame) {
            do throws(EvaluationFailure) {
                // A sum (`reduce 0, acc + it`) adds in place, without a call.
                if itemsAreIt, case .number(let item) = frame.it, case .number(let sum) = accumulation {
                    accumulation = .number(sum + item)
                } else {
                    try Operations.append(&accumulation, try items(frame))
                }
            } catch {
                return fail(error.at(site))
            }
            if emitsEach { emit(Frame(it: accumulation)) }
        }
        override func pushNumber(_ number: Double) {
            // A sum of numbers stays in the number lane.
            guard itemsAreIt, case .number(let sum) = accumulation else { return pushFrame(of: number) }
            accumulation = .number(sum + number)
            if emitsEach { emitNumber(sum + number) }
        }
        /// A sum over the batch, in order (the same additions as one by one); `scan`
        /// sends each partial sum, made in place.
        override func pushNumbers(_ numbers: UnsafeMutableBufferPointer<Double>) {
            guard itemsAreIt, case .number(var sum) = accumulation else { return pushEach(numbers[...]) }
            for index in numbers.indices {
                sum += numbers[index]
                numbers[index] = sum
            }
            accumulation = .number(sum)
            if emitsEach { emitNumbers(numbers) }
        }
        override func finish(_ termination: Termination) {
            if !emitsEach, termination == .completed, !run.done { emit(Frame(it: accumulation)) }
            super.finish(termination)
        }
    }

    final class Take: Stage {
        var remaining: Int
        init(run: Run, count: Int) {
            remaining = count
            super.init(run: run)
        }
        override func push(_ frame: Frame) {
            guard remaining > 0 else { return }
            remaining -= 1
            emit(frame)
            if remaining == 0 { complete() }
        }
        override func pushNumber(_ number: Double) {
            guard remaining > 0 else { return }
            remaining -= 1
            emitNumber(number)
            if remaining == 0 { complete() }
        }
        override func pushNumbers(_ numbers: UnsafeMutableBufferPointer<Double>) {
            let count = min(remaining, numbers.count)
            guard count > 0 else { return }
            remaining -= count
            emitNumbers(UnsafeMutableBufferPointer(rebasing: numbers[..<count]))
            if remaining == 0 { complete() }
        }
        private func complete() {
            guard !run.done else { return }
            // Later stages see the completion too (a reduce after take sends its result).
            run.upstream.dispose()
            run.stopStages(before: self)
            finish(.completed)
        }
    }
}

extension Compiler {
    /// Builds a run of fusible stages as one operator. Arguments evaluated once (seeds,
    /// counts) are evaluated here, as the unfused stages do.
    /// `direct`: the chain's source is `range start, count`, run as a loop that pushes into
    /// the first stage (no hop through a generic observer per value).
    /// `template`: an inner pipeline's expressions as its earlier instantiations compiled
    /// them, by the stages' places in the pipeline (`stages`' indices), and the chain's
    /// plan. The plan is made once when no argument read once depends on the value
    /// (`take 3`, `reduce 0, …`): planned for each value, a two-stage chain would cost more
    /// than its unfused stages (`flatMap (timer 1s | map 5 | take 1)`). Not when traced: a
    /// traced `range` head is a stage only where its arguments count.
    func fused(_ stages: ArraySlice<CheckedStage>, upstream: Signal<Value>, _ frame: Frame,
               direct: (start: Int, count: Int, head: CheckedStage)? = nil, template: PipelineTemplate? = nil) -> Signal<Value> {
        // A traced direct `range` is the chain's first stage, with its own row.
        let traced = context.trace.map { _ in (direct.map { [$0.head] } ?? []) + stages } ?? []
        let planned = context.trace == nil ? template?.slots(stages.startIndex + 1) : nil
        let parts: [FusedStages.Part]
        if let plan = planned?.fusedPlan {
            parts = plan
        } else {
            let chain = context.trace == nil ? Array(stages) : traced
            let slots = [EvaluatorSlots?](repeating: nil, count: chain.count - stages.count)
                + stages.indices.map { index in template?.slots(index + 1) }
            switch plan(chain, frame, slots: slots) {
            case .success(let made): parts = made
            case .failure(let error): return .fail(error)
            }
            if let planned, stages.allSatisfy(\.onceArgumentsAreConstant) { planned.fusedPlan = parts }
        }
        return Signal(unchecked: { downstream, lifetime in
            let upstreamLifetime = lifetime.child()
            let run = FusedStages.Run(downstream: downstream, upstream: upstreamLifetime)
            if self.context.countsRows, self.context.trace != nil { run.rowCounter = self.context }
            var built: [FusedStages.Stage] = []
            // A `take 0` ends the chain before anything comes: the stages before it are never
            // subscribed (as unfused: take 0 does not subscribe upstream), those after it see
            // the completion (a reduce after it sends its seed).
            var first = 0
            var endsAtOnce = false
            for part in parts {
                switch part {
                case .counting: built.append(FusedStages.Source(run: run))
                case .transform(let transform, let number?):
                    built.append(FusedStages.NumberMap(run: run, transform: transform.evaluate, number: number))
                case .transform(let transform, nil): built.append(FusedStages.Map(run: run, transform: transform.evaluate))
                case .keep(let condition, let site, let test?):
                    built.append(FusedStages.NumberFilter(run: run, condition: condition.evaluate, site: site, test: test))
                case .keep(let condition, let site, nil): built.append(FusedStages.Filter(run: run, condition: condition.evaluate, site: site))
                case .append(let seed, let items, let itemsAreIt, let site, let emitsEach):
                    built.append(FusedStages.Append(run: run, seed: seed, items: items.evaluate, itemsAreIt: itemsAreIt,
                                                    emitsEach: emitsEach, site: site))
                case .accumulate(let seed, let update, let emitsEach):
                    built.append(FusedStages.Scan(run: run, seed: seed, accumulate: update.evaluate, emitsEach: emitsEach))
                case .first(let count):
                    if count == 0 {
                        first += built.count
                        built = []
                        endsAtOnce = true
                    }
                    built.append(FusedStages.Take(run: run, count: count))
                }
            }
            for index in built.indices.dropLast() { built[index].next = built[index + 1] }
            run.stages = built
            if let trace = self.context.trace {
                // As unfused stages would: the last stage subscribes first.
                for (index, stage) in built.enumerated().reversed() {
                    let probe = trace(traced[first + index], frame.depth)
                    run.probes.append(probe)
                    stage.probe = probe
                    stage.subscription = probe.subscribed()
                }
                // Holds the run, which owns the probes the stages point at.
                lifetime.onDispose { withExtendedLifetime(run) { for stage in built { stage.reportDisposal() } } }
            }
            guard let head = built.first else { return upstream.start(downstream, in: lifetime) }
            if endsAtOnce { return head.finish(.completed) }
            if let direct {
                head.pushRange(direct.start..<(direct.start + direct.count), interrupted: self.context.scheduler.interrupted)
                return
            }
            upstream.start(Observer(
                next: { value in
                    guard !run.done else { return }
                    if case .number(let number) = value { head.pushNumber(number) } else { head.push(Frame(it: value)) }
                },
                terminate: { termination in if !run.done { head.finish(termination) } }
            ), in: upstreamLifetime)
        })
    }

    /// Each stage's part of the chain, its arguments read by the names its entry declares,
    /// through the reader its unfused build uses: one mistake, one message. The
    /// once-arguments (a seed, a count) are evaluated here: a failure fails the whole signal.
    private func plan(_ stages: [CheckedStage], _ frame: Frame, slots: [EvaluatorSlots?]) -> Result<[FusedStages.Part], SignalError> {
        var parts: [FusedStages.Part] = []
        for (index, stage) in stages.enumerated() {
            let args = StageArguments(compiler: self, stage: stage, frame: frame, upstream: .empty, slots: slots[index])
            func compiled(_ parameter: Parameter) -> CompiledExpression {
                // (`?? FusedStages.identity` crashes Swift 6.3.1's SILGen: a typed-throws
                // function reference as the default.)
                guard let evaluate = args.evaluator(parameter) else { return CompiledExpression(FusedStages.identity) }
                return CompiledExpression(evaluate)
            }
            do throws(SignalError) {
                switch stage.spec.shape {
                case .counting?, .flatten?, nil: parts.append(.counting)
                case .transform(let parameter)?: parts.append(.transform(compiled(parameter), args.numberFunction(parameter)))
                case .keep(let parameter)?: parts.append(.keep(compiled(parameter), stage.site, args.numberCondition(parameter)))
                case .accumulate(let seed, let update, let emitsEach)?:
                    let start = try args.value(seed)
                    if let (items, itemsAreIt, site) = args.appendedItems(update) {
                        parts.append(.append(seed: start, items: CompiledExpression(items), itemsAreIt: itemsAreIt, site: site, emitsEach: emitsEach))
                    } else {
                        parts.append(.accumulate(seed: start, update: compiled(update), emitsEach: emitsEach))
                    }
                case .first(let parameter)?:
                    let count = try args.count(parameter)
                    guard count >= 0 else { return .failure(.negativeCount(stage.spec.name, count)) }
                    parts.append(.first(count))
                }
            } catch {
                return .failure(error)
            }
        }
        return .success(parts)
    }
}

extension FusedStages {
    /// A stage of a chain as planned: its compiled expressions and its once-arguments'
    /// values, from which each subscription makes its stage objects.
    enum Part {
        case counting
        case transform(CompiledExpression, NumberFunction?)
        case keep(CompiledExpression, Site, NumberCondition?)
        case accumulate(seed: Value, update: CompiledExpression, emitsEach: Bool)
        case append(seed: Value, items: CompiledExpression, itemsAreIt: Bool, site: Site, emitsEach: Bool)
        case first(Int)
    }
}

extension CheckedStage {
    /// Whether the arguments its fused part evaluates once (a seed, a count) are the same
    /// for every instantiation; the others are compiled expressions, read per value.
    var onceArgumentsAreConstant: Bool {
        switch spec.shape {
        case .accumulate(let seed, _, _)?: return isConstant(seed)
        case .first(let parameter)?: return isConstant(parameter)
        case .counting?, .transform?, .keep?, .flatten?, nil: return true
        }
    }
}

/// A compiled expression in a class, so its closure keeps its concrete calling convention.
final class CompiledExpression {
    let evaluate: Evaluator
    init(_ evaluate: @escaping Evaluator) { self.evaluate = evaluate }
}

extension CheckedExpression {
    /// Whether evaluating it reads `acc` (inner pipelines included: one made per value
    /// captures the frame, `acc` with it).
    var readsAccumulator: Bool {
        contains { part in
            switch part {
            case .acc, .pipeline: return true
            default: return false
            }
        }
    }
}
