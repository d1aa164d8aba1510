import Signals
import Testing

// Marble cases ported from RxJS 7.8.2 (ReactiveX/rxjs, tag 7.8.2):
// spec/operators/{publish,share,shareReplay}-spec.ts. RxJS starts its later subscribers with
// `hot("----b|").pipe(mergeMapTo(shared))`; here `test.subscribe(shared, at: 4)` does, and
// the expected marbles are drawn in frames of the run, as there.

private func frames<Value>(_ source: ColdSource<Value>) -> [[Int?]] {
    source.subscriptions.map { [$0.subscribed.frame, $0.disposed?.frame] }
}

@Suite("publish and autoconnect")
struct PublishTests {
    @Test("subscribers of a published signal receive nothing until it is connected")
    func publishWaitsForConnect() {
        // publish-spec "should do nothing if connect is not called, despite subscriptions".
        let test = MarbleTest()
        let source = test.cold("--1-2---3-4--5-|")
        let published = source.signal.publish()
        test.expect(published.signal, emits: "----------------")
        #expect(source.subscriptions.isEmpty)
        #expect(!published.isConnected)
    }

    @Test("a connected published signal sends the same values to every subscriber")
    func publishMulticasts() {
        // publish-spec "should multicast the same values to multiple observers".
        let test = MarbleTest()
        let source = test.cold("-1-2-3----4-|")
        let published = source.signal.publish()
        let first = test.subscribe(published.signal)
        let second = test.subscribe(published.signal, at: 4)
        let third = test.subscribe(published.signal, at: 8)
        published.connect()
        test.scheduler.run()
        test.expect(first, emitted: "-1-2-3----4-|")
        test.expect(second, emitted: "-----3----4-|")
        test.expect(third, emitted: "----------4-|")
        #expect(frames(source) == [[0, 12]])
    }

    @Test("a published signal passes an error to every subscriber")
    func publishMulticastsError() {
        // publish-spec "should multicast an error from the source to multiple observers".
        let test = MarbleTest()
        let source = test.cold("-1-2-3----4-#")
        let published = source.signal.publish()
        let first = test.subscribe(published.signal)
        let second = test.subscribe(published.signal, at: 4)
        published.connect()
        test.scheduler.run()
        test.expect(first, emitted: "-1-2-3----4-#")
        test.expect(second, emitted: "-----3----4-#")
        #expect(source.liveSubscriptions == 0)
    }

    @Test("a subscriber arriving after the published source ended receives the end at once")
    func publishLateSubscriber() {
        // publish-spec "should emit completed when subscribed after completed".
        let test = MarbleTest()
        let source = test.cold("(12|)")
        let published = source.signal.publish()
        let first = test.subscribe(published.signal)
        published.connect()
        let late = test.subscribe(published.signal, at: 3)
        test.scheduler.run()
        test.expect(first, emitted: "(12|)")
        test.expect(late, emitted: "---|")
        // Connecting again after the end does nothing.
        #expect(published.connect().isDisposed)
        #expect(source.subscriptions.count == 1)
    }

    @Test("connecting twice shares the running connection")
    func publishConnectIsIdempotent() {
        let test = MarbleTest()
        let source = test.cold("-1-|")
        let published = source.signal.publish()
        let connection = published.connect()
        #expect(published.connect() === connection)
        #expect(published.isConnected)
        test.scheduler.run()
        #expect(source.subscriptions.count == 1)
        #expect(connection.isDisposed)
    }

    @Test("disposing the connection stops the source; connecting again restarts it for the same subscribers")
    func publishDisconnectAndReconnect() {
        let test = MarbleTest()
        let source = test.cold("-1-2-3-|")
        let published = source.signal.publish()
        let subscriber = test.subscribe(published.signal)
        let connection = published.connect()
        test.scheduler.schedule(after: .milliseconds(4)) { connection.dispose() }
        test.scheduler.schedule(after: .milliseconds(10)) { published.connect() }
        test.scheduler.run()
        test.expect(subscriber, emitted: "-1-2-------1-2-3-|")
        #expect(frames(source) == [[0, 4], [10, 17]])
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("autoconnect connects when the first subscriber arrives")
    func autoconnectConnectsAtFirstSubscriber() {
        // share-spec "should connect when first subscriber subscribes".
        let test = MarbleTest()
        let source = test.cold("-1-2-3----4-|")
        let shared = source.signal.publish().autoconnect()
        let first = test.subscribe(shared, at: 3)
        let second = test.subscribe(shared, at: 7)
        let third = test.subscribe(shared, at: 11)
        test.scheduler.run()
        test.expect(first, emitted: "----1-2-3----4-|")
        test.expect(second, emitted: "--------3----4-|")
        test.expect(third, emitted: "-------------4-|")
        #expect(frames(source) == [[3, 15]])
    }

    @Test("autoconnect disconnects when the last subscriber leaves")
    func autoconnectDisconnects() {
        // share-spec "should disconnect when last subscriber unsubscribes".
        let test = MarbleTest()
        let source = test.cold("-1-2-3----4-|")
        let shared = source.signal.publish().autoconnect()
        let first = test.subscribe(shared, at: 3, disposeAt: 10)
        let second = test.subscribe(shared, at: 7, disposeAt: 12)
        test.scheduler.run()
        test.expect(first, emitted: "----1-2-3--")
        test.expect(second, emitted: "--------3----")
        #expect(frames(source) == [[3, 12]])
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("autoconnect gives a synchronous source's values to its first subscriber")
    func autoconnectSynchronous() {
        let test = MarbleTest()
        test.expect(Signal.of("a", "b").publish().autoconnect(), emits: "(ab|)")
    }
}

@Suite("share")
struct ShareTests {
    @Test("a shared request subscribed twice at once runs once; a cold one runs twice")
    func shareRunsOnce() {
        let test = MarbleTest()
        let request = test.cold("---r|")
        let shared = request.signal.share()
        let first = test.subscribe(shared)
        let second = test.subscribe(shared)
        test.scheduler.run()
        test.expect(first, emitted: "---r|")
        test.expect(second, emitted: "---r|")
        #expect(request.subscriptions.count == 1)

        let coldRequest = test.cold("---r|")
        let third = test.subscribe(coldRequest.signal)
        let fourth = test.subscribe(coldRequest.signal)
        test.scheduler.run()
        test.expect(third, emitted: "-------r|")
        test.expect(fourth, emitted: "-------r|")
        #expect(coldRequest.subscriptions.count == 2)
    }

    @Test("share mirrors its source")
    func shareMirrors() {
        // share-spec "should mirror a simple source Observable".
        let test = MarbleTest()
        let source = test.cold("--1-2---3-4--5-|")
        test.expect(source.signal.share(), emits: "--1-2---3-4--5-|")
        #expect(frames(source) == [[0, 15]])
    }

    @Test("later subscribers of a shared signal see only what comes after they arrive")
    func shareMulticasts() {
        // share-spec "should share the same values to multiple observers".
        let test = MarbleTest()
        let source = test.cold("-1-2-3----4-|")
        let shared = source.signal.share()
        let first = test.subscribe(shared)
        let second = test.subscribe(shared, at: 4)
        let third = test.subscribe(shared, at: 8)
        test.scheduler.run()
        test.expect(first, emitted: "-1-2-3----4-|")
        test.expect(second, emitted: "-----3----4-|")
        test.expect(third, emitted: "----------4-|")
        #expect(frames(source) == [[0, 12]])
    }

    @Test("share passes an error to every subscriber")
    func shareMulticastsError() {
        // share-spec "should share an error from the source to multiple observers".
        let test = MarbleTest()
        let source = test.cold("-1-2-3----4-#")
        let shared = source.signal.share()
        let first = test.subscribe(shared)
        let second = test.subscribe(shared, at: 4)
        let third = test.subscribe(shared, at: 8)
        test.scheduler.run()
        test.expect(first, emitted: "-1-2-3----4-#")
        test.expect(second, emitted: "-----3----4-#")
        test.expect(third, emitted: "----------4-#")
        #expect(frames(source) == [[0, 12]])
    }

    @Test("share disposes the upstream when the last subscriber leaves")
    func shareDisconnects() {
        // share-spec "should share the same values to multiple observers, but is
        // unsubscribed explicitly and early" and "should disconnect when last subscriber
        // unsubscribes".
        let test = MarbleTest()
        let source = test.cold("-1-2-3----4-|")
        let shared = source.signal.share()
        let first = test.subscribe(shared, at: 3, disposeAt: 10)
        let second = test.subscribe(shared, at: 7, disposeAt: 12)
        test.scheduler.run()
        test.expect(first, emitted: "----1-2-3--")
        test.expect(second, emitted: "--------3----")
        #expect(frames(source) == [[3, 12]])
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("after the shared upstream ends, the next subscriber starts a fresh one")
    func shareRestartsAfterEnd() {
        let test = MarbleTest()
        let source = test.cold("-a|")
        let shared = source.signal.share()
        let first = test.subscribe(shared)
        let second = test.subscribe(shared, at: 5)
        test.scheduler.run()
        test.expect(first, emitted: "-a|")
        test.expect(second, emitted: "------a|")
        #expect(frames(source) == [[0, 2], [5, 7]])

        let failing = test.cold("-a#")
        let sharedFailing = failing.signal.share()
        test.expect(sharedFailing, emits: "-a#")
        test.expect(sharedFailing, emits: "-a#")
        #expect(failing.subscriptions.count == 2)
    }

    @Test("a subscriber that subscribes again on hearing the end gets a fresh upstream")
    func shareRepeats() {
        // share-spec "should be repeatable": the state is reset before the end is delivered.
        let test = MarbleTest()
        let source = test.cold("-a|")
        let shared = source.signal.share()
        var received: [String] = []
        var rounds = 0
        func listen() {
            shared.subscribe { event in
                switch event {
                case .next(let value): received.append(value)
                case .completed:
                    rounds += 1
                    if rounds < 3 { listen() }
                case .error: break
                }
            }
        }
        listen()
        test.scheduler.run()
        #expect(received == ["a", "a", "a"])
        #expect(frames(source) == [[0, 2], [2, 4], [4, 6]])
    }

    @Test("share passes on empty, never and failing sources")
    func shareEdgeSources() {
        // share-spec "should share an empty source", "...a never source", "...a throw source".
        let test = MarbleTest()
        let empty = test.cold("|")
        test.expect(empty.signal.share(), emits: "|")
        #expect(frames(empty) == [[0, 0]])
        let never = test.cold("-")
        test.expect(never.signal.share(), emits: "-")
        let failing = test.cold("#")
        test.expect(failing.signal.share(), emits: "#")
        #expect(failing.liveSubscriptions == 0)
    }

    @Test("share of a synchronous source gives every subscriber the whole run")
    func shareSynchronous() {
        var subscriptions = 0
        let shared = Signal.deferred {
            subscriptions += 1
            return Signal.of(1, 2, 3)
        }.share()
        var first: [Int] = []
        var second: [Int] = []
        shared.subscribe { if case .next(let value) = $0 { first.append(value) } }
        shared.subscribe { if case .next(let value) = $0 { second.append(value) } }
        #expect(first == [1, 2, 3])
        #expect(second == [1, 2, 3])
        #expect(subscriptions == 2)
    }

    @Test("disposing the only subscriber of a shared signal cancels everything")
    func shareDisposal() {
        let test = MarbleTest()
        let source = test.cold("--1-2-3-|")
        test.expect(source.signal.share(), emits: "--1-2-")
        #expect(source.liveSubscriptions == 0)
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("a shared signal taken to its first value stops the upstream for a synchronous source")
    func shareWithTake() {
        var produced = 0
        let source = Signal<Int>.range(1, 1_000_000).map { value -> Int in
            produced += 1
            return value
        }
        var values: [Int] = []
        source.share().take(2).subscribe { if case .next(let value) = $0 { values.append(value) } }
        #expect(values == [1, 2])
        #expect(produced == 2)
    }
}

@Suite("replay")
struct ReplayTests {
    @Test("replay that does not restart keeps the error for a later subscriber, and subscribes once")
    func replayKeepsError() {
        // RAC 2's RACReplaySubject (replayLazily): the source runs once; RxJS's share with a
        // ReplaySubject connector and every reset off.
        let test = MarbleTest()
        let source = test.cold("-1-#", error: "boom")
        let kept = source.signal.replay(1, restarts: false)
        let first = test.subscribe(kept)
        let late = test.subscribe(kept, at: 6)
        test.scheduler.run()
        test.expect(first, emitted: "-1-#", error: "boom")
        test.expect(late, emitted: "------(1#)", error: "boom")
        #expect(frames(source) == [[0, 3]])
    }

    @Test("an eager replay connects before anyone subscribes, and stops when its lifetime ends")
    func replayEager() {
        // RAC 2's replay / replayLast; RxJS's connectable(source, {connector: ReplaySubject}).connect().
        let test = MarbleTest()
        let source = test.cold("-1-2-3-|")
        let run = Lifetime()
        let page = source.signal.replay(2, connectedUntil: run)
        let late = test.subscribe(page, at: 10)
        test.scheduler.run()
        test.expect(late, emitted: "----------(23|)")
        #expect(frames(source) == [[0, 7]])
        let stopped = test.cold("-1-2-3-|")
        _ = stopped.signal.replay(1, connectedUntil: run)
        run.dispose()
        #expect(stopped.liveSubscriptions == 0)
    }

    @Test("replay gives each new subscriber the last value, then what follows")
    func replayOne() {
        // shareReplay-spec "should multicast the same values to multiple observers, bufferSize=1".
        let test = MarbleTest()
        let source = test.cold("-1-2-3----4-|")
        let shared = source.signal.replay(1)
        let first = test.subscribe(shared)
        let second = test.subscribe(shared, at: 4)
        let third = test.subscribe(shared, at: 8)
        test.scheduler.run()
        test.expect(first, emitted: "-1-2-3----4-|")
        test.expect(second, emitted: "----23----4-|")
        test.expect(third, emitted: "--------3-4-|")
        #expect(frames(source) == [[0, 12]])
    }

    @Test("replay 2 gives each new subscriber the last two values")
    func replayTwo() {
        // shareReplay-spec "should multicast the same values to multiple observers, bufferSize=2".
        let test = MarbleTest()
        let source = test.cold("-1-2-----3------4-|")
        let shared = source.signal.replay(2)
        let first = test.subscribe(shared)
        let second = test.subscribe(shared, at: 4)
        let third = test.subscribe(shared, at: 11)
        test.scheduler.run()
        test.expect(first, emitted: "-1-2-----3------4-|")
        test.expect(second, emitted: "----(12)-3------4-|")
        test.expect(third, emitted: "-----------(23)-4-|")
        #expect(frames(source) == [[0, 18]])
    }

    @Test("after the source completes, replay gives late subscribers the kept values without restarting")
    func replayAfterCompletion() {
        // shareReplay-spec "should replay results to subsequent subscriptions if source
        // completes, bufferSize=2".
        let test = MarbleTest()
        let source = test.cold("-1-2-----3-|")
        let shared = source.signal.replay(2)
        let first = test.subscribe(shared)
        let second = test.subscribe(shared, at: 4)
        let third = test.subscribe(shared, at: 15)
        test.scheduler.run()
        test.expect(first, emitted: "-1-2-----3-|")
        test.expect(second, emitted: "----(12)-3-|")
        test.expect(third, emitted: "---------------(23|)")
        #expect(frames(source) == [[0, 11]])
    }

    @Test("after the source fails, replay starts afresh for the next subscriber")
    func replayRestartsAfterError() {
        // shareReplay-spec "should completely restart for subsequent subscriptions if source
        // errors, bufferSize=2".
        let test = MarbleTest()
        let source = test.cold("-1-2-----3-#")
        let shared = source.signal.replay(2)
        let first = test.subscribe(shared)
        let second = test.subscribe(shared, at: 4)
        let third = test.subscribe(shared, at: 15)
        test.scheduler.run()
        test.expect(first, emitted: "-1-2-----3-#")
        test.expect(second, emitted: "----(12)-3-#")
        test.expect(third, emitted: "----------------1-2-----3-#")
        #expect(frames(source) == [[0, 11], [15, 26]])
    }

    @Test("when every subscriber leaves before the end, replay forgets and restarts")
    func replayRefCount() {
        // shareReplay-spec "should restart due to unsubscriptions if refCount is true".
        let test = MarbleTest()
        let source = test.cold("a-b-c-d-e-f-g-h-i-j")
        let shared = source.signal.replay(1)
        let first = test.subscribe(shared, disposeAt: 7)
        let second = test.subscribe(shared, at: 11)
        test.scheduler.run()
        test.expect(first, emitted: "a-b-c-d-")
        test.expect(second, emitted: "-----------a-b-c-d-e-f-g-h-i-j")
        #expect(frames(source) == [[0, 7], [11, nil]])
    }

    @Test("once the source has completed, replay does not restart when subscribers come and go")
    func replayNoRestartAfterCompletion() {
        // shareReplay-spec "should not restart due to unsubscriptions if refCount is true
        // when the source has completed".
        let test = MarbleTest()
        let source = test.cold("a-(b|)")
        let shared = source.signal.replay(1)
        let first = test.subscribe(shared, disposeAt: 7)
        let second = test.subscribe(shared, at: 11, disposeAt: 12)
        test.scheduler.run()
        test.expect(first, emitted: "a-(b|)")
        test.expect(second, emitted: "-----------(b|)")
        #expect(frames(source) == [[0, 2]])
    }

    @Test("replay of a synchronous source that completed subscribes to it once")
    func replaySynchronousOnce() {
        // shareReplay-spec "should not restart a synchronous source due to unsubscriptions if
        // refCount is true when the source has completed".
        var subscriptions = 0
        let shared = Signal.deferred {
            subscriptions += 1
            return Signal.of(42)
        }.replay(1)
        var values: [Int] = []
        shared.subscribe { if case .next(let value) = $0 { values.append(value) } }
        shared.subscribe { if case .next(let value) = $0 { values.append(value) } }
        #expect(values == [42, 42])
        #expect(subscriptions == 1)
    }

    @Test("replay passes on empty, never and failing sources")
    func replayEdgeSources() {
        // shareReplay-spec "should multicast an empty source", "...a never source", "...a throw source".
        let test = MarbleTest()
        let empty = test.cold("|")
        test.expect(empty.signal.replay(1), emits: "|")
        #expect(frames(empty) == [[0, 0]])
        test.expect(test.cold("-").signal.replay(1), emits: "-")
        test.expect(test.cold("#").signal.replay(1), emits: "#")
    }

    @Test("replay 0 shares without keeping values, and does not restart a completed source")
    func replayZero() {
        let test = MarbleTest()
        let source = test.cold("-a|")
        let shared = source.signal.replay(0)
        let first = test.subscribe(shared)
        let late = test.subscribe(shared, at: 5)
        test.scheduler.run()
        test.expect(first, emitted: "-a|")
        test.expect(late, emitted: "-----|")
        #expect(source.subscriptions.count == 1)
    }

    @Test("replay of more than maximumReplayCount values is an error, not unbounded memory")
    func replayIsCapped() {
        var events: [Event<Int>] = []
        Signal.range(0, 10).replay(maximumReplayCount + 1).subscribe { events.append($0) }
        #expect(events == [.error(SignalError("replay: at most \(maximumReplayCount) values can be kept, got \(maximumReplayCount + 1)"))])
        var kept: [Int] = []
        let shared = Signal.range(0, 10).replay(maximumReplayCount)
        shared.subscribe { _ in }
        shared.subscribe { if case .next(let value) = $0 { kept.append(value) } }
        #expect(kept == Array(0..<10))
    }

    @Test("a subscriber that leaves part way through the replay gets no more")
    func replayStopsForTake() {
        let test = MarbleTest()
        let shared = test.cold("(abc)").signal.replay(3)
        let first = test.subscribe(shared)
        let second = test.subscribe(shared.take(2), at: 2)
        test.scheduler.run()
        test.expect(first, emitted: "(abc)")
        test.expect(second, emitted: "--(ab|)")
    }

    @Test("disposing the only subscriber of a replayed signal cancels everything")
    func replayDisposal() {
        let test = MarbleTest()
        let source = test.cold("--1-2-3-|")
        test.expect(source.signal.replay(2), emits: "--1-2-")
        #expect(source.liveSubscriptions == 0)
        #expect(test.scheduler.pendingTimers == 0)
    }

    @Test("replay of a negative count fails")
    func replayNegativeFails() {
        let test = MarbleTest()
        test.expect(test.cold("-a|").signal.replay(-1), emits: "#",
                    error: "replay: the count must not be negative, got -1")
    }
}
