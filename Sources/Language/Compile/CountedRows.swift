import Signals

extension FusedStages {
    /// The rows of a traced `range`'s chain whose values follow from the range's by pure
    /// number forms (a `filter` or `map` with a number form, `NumberForms`), counted while the
    /// loop runs and recorded when it stops, as the range's own row is
    /// (`Stage.pushRecordingAfter`): the same entries, for an increment per value where a
    /// record per event costs far more.
    ///
    /// Exact, not a summary. Logs that keep nothing yet count each record as it comes
    /// (`EventLog.countRecord`: the log and the shared budget change as the record would
    /// change them, the tracer making room as it would) and write only the entries they
    /// keep at the end; logs that are rings of plain entries (`EventLog.ringOfPlainEntries`),
    /// where a record overwrites the oldest and changes nothing shared but the budget's
    /// `newest`, count their rows' values and record the last ones at the end
    /// (`EventLog.recordInRing`). The values of a pure form are the same when computed
    /// again, so the last ones of each row are found by walking the range back; the row
    /// that recorded last records last. And nothing else records meanwhile: the counted
    /// rows push into a sum that sends nothing until the end (`reduce 0, acc + it`,
    /// `Append`), the only shape taken. A value a form has no answer for stops the
    /// counting; the loop sends it through the stages as they are.
    /// `RunContext.countsRows` turns it off: `CountedRowsTests` compares the two traces.
    struct CountedRows {
        enum Step {
            case map(Unmanaged<NumberMap>)
            case filter(Unmanaged<NumberFilter>)
        }

        enum Stop {
            /// The range was sent to its end.
            case finished
            /// The run ended, or was interrupted, before the value where it stopped.
            case ended
            /// A form has no answer for the value where it stopped.
            case uncountable
        }

        /// The counted stages, in order; the stages are owned by their run, which outlives
        /// the loop that uses this.
        let steps: [Step]
        let logs: [Unmanaged<EventLog<Value>>]
        let subscriptions: [Int]
        let sum: Unmanaged<Append>

        /// The rows from `first` on that can be counted, by the chain's shape (pure number
        /// stages, each recording into its own log, then a sum); nil for any other chain.
        init?(from first: Stage) {
            var steps: [Step] = [], logs: [Unmanaged<EventLog<Value>>] = [], subscriptions: [Int] = []
            var stage = first
            while let log = stage.logRef, stage.probeRef != nil, let next = stage.next {
                if let map = stage as? NumberMap {
                    steps.append(.map(.passUnretained(map)))
                } else if let filter = stage as? NumberFilter {
                    steps.append(.filter(.passUnretained(filter)))
                } else {
                    break
                }
                logs.append(log)
                subscriptions.append(stage.subscription)
                stage = next
            }
            guard !steps.isEmpty, let sum = stage as? Append, sum.itemsAreIt, !sum.emitsEach else { return nil }
            self.steps = steps
            self.logs = logs
            self.subscriptions = subscriptions
            self.sum = .passUnretained(sum)
        }

        /// Whether counting may start now: every row's log a ring of plain entries, or
        /// keeping nothing yet (then counting each record, `EventLog.countRecord`), and the
        /// sum a number (it stays one: a number added to a number).
        var canStart: Bool {
            guard case .number = sum._withUnsafeGuaranteedRef({ $0.accumulation }) else { return false }
            return logs.allSatisfy { $0._withUnsafeGuaranteedRef { $0.ringOfPlainEntries != nil } }
                || logs.allSatisfy { $0._withUnsafeGuaranteedRef { $0.canCount } }
        }

        /// Whether every row's log is a ring (of plain entries, or counted ones): from then
        /// on a record changes nothing shared but the budget's `newest`, so the rows may be
        /// counted a batch at a time.
        private var allRings: Bool {
            logs.allSatisfy { $0._withUnsafeGuaranteedRef { $0.ringOfPlainEntries != nil } }
        }

        /// Sends `values` through the counted stages into the sum, as `Stage.pushRange`'s
        /// loop would (the run's end and the interruption asked at the same values), then
        /// records the rows. Returns where it stopped, and why.
        ///
        /// Logs that kept nothing when it started count each record as it comes
        /// (`EventLog.countRecord`: the budget makes room as the records would have made
        /// it), and once all are rings, a batch at a time; rings of plain entries count a
        /// row's values, all told when it stops (`EventLog.recordInRing`).
        func push(_ values: Range<Int>, run: Run, interrupted: () -> Bool) -> (next: Int, stop: Stop) {
            let counting = !allRings
            if counting { for log in logs { log._withUnsafeGuaranteedRef { $0.startCounting() } } }
            // Each row's values its log has not heard yet.
            let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: steps.count)
            counts.initialize(repeating: 0)
            let numbers = UnsafeMutableBufferPointer<Double>.allocate(capacity: steps.count)
            let batch = UnsafeMutableBufferPointer<Double>.allocate(capacity: FusedStages.pollMask + 1)
            let sent = UnsafeMutableBufferPointer<Int>.allocate(capacity: steps.count)
            defer {
                counts.deallocate()
                numbers.deallocate()
                batch.deallocate()
                sent.deallocate()
            }
            var rings = !counting
            var value = values.lowerBound
            var stop = Stop.finished
            next: while value < values.upperBound {
                if run.done || run.upstream.isDisposed { stop = .ended; break }
                if value & FusedStages.pollMask == 0 {
                    // The caller asked at the first value.
                    if value != values.lowerBound, interrupted() { stop = .ended; break }
                    if !rings { rings = allRings }
                    let end = min(values.upperBound, (value | FusedStages.pollMask) &+ 1)
                    // Before every log is a ring, a batch at a time only where the budget
                    // has the room for all its records (none of them makes room: their
                    // order does not matter), heard at once.
                    let heardAtOnce = !rings && counting && hasRoom(for: (end &- value) &* steps.count)
                    if rings || heardAtOnce, push(batch: value..<end, into: batch, counts: counts, sent: sent) {
                        if heardAtOnce {
                            for index in logs.indices {
                                logs[index]._withUnsafeGuaranteedRef { $0.countRecords(counts[index]) }
                                counts[index] = 0
                            }
                        }
                        value = end
                        continue next
                    }
                }
                // A value a form has no answer for goes through the stages as they are.
                guard let depth = depth(of: value, numbers: numbers) else { stop = .uncountable; break }
                for index in 0..<depth {
                    if counting {
                        logs[index]._withUnsafeGuaranteedRef { $0.countRecord() }
                    } else {
                        counts[index] &+= 1
                    }
                }
                if depth == steps.count { sum._withUnsafeGuaranteedRef { $0.pushNumber(numbers[depth &- 1]) } }
                value &+= 1
            }
            record(values.lowerBound..<value, unheard: counts, counting: counting)
            return (value, stop)
        }

        /// A batch of the range's values, and what each row sent of them.
        private struct Batch {
            let values: UnsafeMutableBufferPointer<Double>
            /// Row by row, the numbers it sent, oldest first (`rowCounts` of them each).
            let rows: UnsafeMutableBufferPointer<Double>
            let rowCounts: UnsafeMutableBufferPointer<Int>

            init(rows: Int) {
                values = .allocate(capacity: FusedStages.pollMask + 1)
                self.rows = .allocate(capacity: values.count * rows)
                rowCounts = .allocate(capacity: rows)
            }

            func sent(by row: Int) -> UnsafeMutableBufferPointer<Double> {
                UnsafeMutableBufferPointer(rebasing: rows[row * values.count ..< row * values.count + rowCounts[row]])
            }

            func deallocate() {
                values.deallocate()
                rows.deallocate()
                rowCounts.deallocate()
            }
        }

        /// What each row sent of `range`'s values, with the stages' loops over a batch, into
        /// `batch`; false when a form has no answer for one of them (then one by one).
        private func walk(_ range: Range<Int>, _ batch: Batch) -> Bool {
            send(range, through: batch.values) { index, count in
                batch.rowCounts[index] = count
                _ = UnsafeMutableBufferPointer(rebasing: batch.rows[(index * batch.values.count)...])
                    .initialize(fromContentsOf: batch.values[..<count])
            } != nil
        }

        /// `values` through the counted stages with their loops over a batch
        /// (`NumberFunction.applyAll`, `NumberCondition.keepAll`), in `buffer`: after each
        /// stage, `each(stage, count)` with what it sent at the front of `buffer`. Returns how
        /// many the last one sent; nil, where a form has no answer for one of them.
        @inline(__always)
        private func send(_ values: Range<Int>, through buffer: UnsafeMutableBufferPointer<Double>,
                          each: (Int, Int) -> Void) -> Int? {
            var count = values.count
            FusedStages.fill(buffer, with: values)
            for index in steps.indices {
                let numbers = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
                switch steps[index] {
                case .map(let map):
                    guard map._withUnsafeGuaranteedRef({ $0.numbers(numbers) }) == count else { return nil }
                case .filter(let filter):
                    let (kept, read) = filter._withUnsafeGuaranteedRef { $0.keep(numbers) }
                    guard read == count else { return nil }
                    count = kept
                }
                each(index, count)
            }
            return count
        }

        /// Whether the trace's logs may hold `records` more entries before one makes room.
        private func hasRoom(for records: Int) -> Bool {
            logs[0]._withUnsafeGuaranteedRef { $0.room } >= records
        }

        /// How far `value` goes through the counted stages: how many rows send it on, each
        /// one's number written in `numbers`; nil when a form has no answer for it.
        private func depth(of value: Int, numbers: UnsafeMutableBufferPointer<Double>) -> Int? {
            var number = Double(value)
            for index in steps.indices {
                switch steps[index] {
                case .map(let map):
                    guard let result = map._withUnsafeGuaranteedRef({ $0.number(number) }) else { return nil }
                    number = result
                case .filter(let filter):
                    guard let keep = filter._withUnsafeGuaranteedRef({ $0.test(number) }) else { return nil }
                    if !keep { return index }
                }
                numbers[index] = number
            }
            return steps.count
        }

        /// The values of a batch (from one poll to the next) through the counted stages
        /// (`send`), counted, then into the sum (the same additions, in
        /// order). False, with nothing counted or sent, when a form has no answer for one
        /// of them: they then go one by one. Nothing in the counted rows can end the run
        /// meanwhile (pure forms, a sum that sends nothing until the end).
        private func push(batch values: Range<Int>, into buffer: UnsafeMutableBufferPointer<Double>,
                          counts: UnsafeMutableBufferPointer<Int>, sent: UnsafeMutableBufferPointer<Int>) -> Bool {
            guard let count = send(values, through: buffer, each: { index, count in sent[index] = count }) else { return false }
            for index in steps.indices { counts[index] &+= sent[index] }
            sum._withUnsafeGuaranteedRef { $0.pushNumbers(UnsafeMutableBufferPointer(rebasing: buffer[..<count])) }
            return true
        }

        /// Records in each row the last values it sent among `counted`'s (the range's),
        /// found by walking back through the forms (pure: the numbers they gave on the way).
        /// A ring of plain entries records them, the others counted as overwritten
        /// (`unheard`: all its row sent); a counting log hears its `unheard` (sent in
        /// batches) and writes the entries it keeps. Either way the row that recorded last
        /// records last: the deepest one that the last value any row sent went through.
        private func record(_ counted: Range<Int>, unheard: UnsafeMutableBufferPointer<Int>, counting: Bool) {
            let wanted = logs.indices.map { index in
                logs[index]._withUnsafeGuaranteedRef { log in counting ? log.count : min(unheard[index], log.ringOfPlainEntries ?? 0) }
            }
            // Numbers, newest first: a list of events was grown, copied reversed and
            // destroyed event by event through their type's witness, costly over a traced
            // run's window.
            var newest = wanted.map { wanted -> [Double] in
                var numbers: [Double] = []
                numbers.reserveCapacity(wanted)
                return numbers
            }
            var missing = wanted.reduce(0, +)
            var last: Int?
            var value = counted.upperBound
            let numbers = UnsafeMutableBufferPointer<Double>.allocate(capacity: steps.count)
            let batch = Batch(rows: steps.count)
            defer {
                numbers.deallocate()
                batch.deallocate()
            }
            while missing > 0, value > counted.lowerBound {
                // Once the last value any row sent is found, a batch at a time.
                let start = max(counted.lowerBound, value &- batch.values.count)
                if last != nil, walk(start..<value, batch) {
                    for index in steps.indices {
                        let sent = batch.sent(by: index)
                        for number in sent.reversed() where newest[index].count < wanted[index] {
                            newest[index].append(number)
                            missing -= 1
                        }
                    }
                    value = start
                    continue
                }
                value -= 1
                guard let depth = depth(of: value, numbers: numbers) else { break }
                for index in 0..<depth where newest[index].count < wanted[index] {
                    newest[index].append(numbers[index])
                    missing -= 1
                }
                if last == nil, depth > 0 { last = depth - 1 }
            }
            func recordRow(_ index: Int) {
                let numbers = newest[index]
                logs[index]._withUnsafeGuaranteedRef { log in
                    if counting {
                        log.countRecords(unheard[index])
                    } else {
                        log.recordInRing(numbers.count, of: unheard[index], subscription: subscriptions[index]) { oldestFirst in
                            .next(.number(numbers[numbers.count - 1 - oldestFirst]))
                        }
                    }
                }
            }
            for index in logs.indices where index != last { recordRow(index) }
            if let last { recordRow(last) }
            guard counting else { return }
            if let last { logs[last]._withUnsafeGuaranteedRef { $0.recordedLast() } }
            for index in logs.indices {
                let numbers = newest[index]
                logs[index]._withUnsafeGuaranteedRef { log in
                    log.writeCounted(subscription: subscriptions[index]) { .next(.number(numbers[$0])) }
                }
            }
        }
    }
}
