#if canImport(Glibc)
import Glibc
#endif
import Signals
import Testing

@Suite("Lifetime")
struct LifetimeTests {
    @Test("cleanups run once, in the order added, whichever is kept inline")
    func order() {
        var ran: [String] = []
        let lifetime = Lifetime()
        let first = lifetime.onDispose { ran.append("a") }
        lifetime.onDispose { ran.append("b") }
        let child = lifetime.child()
        child.onDispose { ran.append("child") }
        lifetime.onDispose { ran.append("c") }
        lifetime.remove(first)
        // Added after the first was removed: still after everything added before it.
        lifetime.onDispose { ran.append("d") }
        lifetime.dispose()
        lifetime.dispose()
        #expect(ran == ["b", "child", "c", "d"])
        #expect(child.isDisposed)
    }

    @Test("a removed first cleanup: those added later run, in order, and its key removes nothing else")
    func removedFirst() {
        var ran: [String] = []
        let lifetime = Lifetime()
        let gone = lifetime.onDispose { ran.append("gone") }
        lifetime.remove(gone)
        lifetime.onDispose { ran.append("x") }
        lifetime.onDispose { ran.append("y") }
        lifetime.remove(gone)
        lifetime.dispose()
        #expect(ran == ["x", "y"])
    }

    #if canImport(Glibc)
    /// What each of a million waiting inner runs costs (P8): malloc's block for a lifetime,
    /// a child and a flatMap's run, in usable bytes (the block less malloc's 8). The least
    /// of a hundred: malloc gives a larger block when what is left of the one it picks
    /// would be too small to keep.
    @Test("a lifetime takes malloc's 64-byte block, a child and a flatMap's run an 80")
    func bytes() {
        // glibc's, from <malloc.h>, which the Glibc module leaves out.
        typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size") else {
            Issue.record("no malloc_usable_size")
            return
        }
        let usableSize = unsafeBitCast(symbol, to: UsableSize.self)
        func usable(_ objects: [AnyObject]) -> Int? {
            objects.map { usableSize(Unmanaged.passUnretained($0).toOpaque()) }.min()
        }
        let lifetimes = (0..<100).map { _ in Lifetime() }
        #expect(usable(lifetimes) == 56)
        #expect(usable(lifetimes.map { $0.child() }) == 72)
        var runs: [Lifetime] = []
        let waiting = Signal<Int>.sequence(Array(0..<100)).flatten(.merge, runs: .taking(1) { _ in
            Signal<Int>(unchecked: { _, lifetime in runs.append(lifetime) })
        }).record(on: .virtual())
        #expect(waiting.isEmpty && runs.count == 100)
        #expect(usable(runs) == 72)
    }
    #endif

    /// Random adds, removals (of live and of removed keys), children ended early or with
    /// their parent, checked against a model: a list of cleanups in the order added.
    @Test("random cleanups, removals and children run as a list in the order added would", arguments: 0..<40)
    func againstAModel(seed: UInt64) {
        var state = seed &+ 0x9E37_79B9_7F4A_7C15
        func random(_ bound: Int) -> Int {
            // splitmix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        final class Child {
            let lifetime: Lifetime
            var actions: [Int] = []
            var ended = false
            init(_ lifetime: Lifetime) { self.lifetime = lifetime }
        }
        enum Entry { case action(Int), child(Child) }
        var ran: [Int] = [], expected: [Int] = [], label = 0
        let root = Lifetime()
        var entries: [(entry: Entry, key: Lifetime.Key?, removed: Bool)] = []
        var children: [Child] = []
        for _ in 0..<random(120) {
            switch random(6) {
            case 0, 1:
                label += 1
                let mine = label
                entries.append((.action(mine), root.onDispose { ran.append(mine) }, false))
            case 2:
                let child = Child(root.child())
                children.append(child)
                entries.append((.child(child), nil, false))
            case 3:
                // A removed key again, or a live one: only a live action's goes.
                let keyed = entries.indices.filter { entries[$0].key != nil }
                guard let index = keyed.isEmpty ? nil : keyed[random(keyed.count)] else { break }
                root.remove(entries[index].key!)
                entries[index].removed = true
            case 4:
                guard !children.isEmpty else { break }
                let child = children[random(children.count)]
                guard !child.ended else { break }
                label += 1
                let mine = label
                child.lifetime.onDispose { ran.append(mine) }
                child.actions.append(mine)
            default:
                guard !children.isEmpty else { break }
                let child = children[random(children.count)]
                guard !child.ended else { break }
                child.ended = true
                expected += child.actions
                child.lifetime.dispose()
            }
        }
        for (entry, _, removed) in entries {
            switch entry {
            case .action(let mine): if !removed { expected.append(mine) }
            case .child(let child): if !child.ended { expected += child.actions }
            }
        }
        root.dispose()
        #expect(ran == expected)
        #expect(children.allSatisfy { $0.lifetime.isDisposed })
    }

    @Test("a child that ends first leaves its parent; the parent's end does not end it twice")
    func childEndsFirst() {
        var ran: [String] = []
        let parent = Lifetime()
        let early = parent.child()
        early.onDispose { ran.append("early") }
        let late = parent.child()
        late.onDispose { ran.append("late") }
        early.dispose()
        parent.dispose()
        #expect(ran == ["early", "late"])
        // Added after the end: runs at once.
        let child = parent.child()
        #expect(child.isDisposed)
    }

    @Test("a timer given to a lifetime is cancelled when it ends, or at once when it has")
    func cancelsTimers() {
        let scheduler = Scheduler.virtual()
        var fired = 0
        let lifetime = Lifetime()
        let timer = scheduler.schedule(after: .milliseconds(5)) { fired += 1 }
        lifetime.onDispose(cancel: timer)
        lifetime.dispose()
        #expect(!timer.isPending)
        let late = scheduler.schedule(after: .milliseconds(5)) { fired += 1 }
        lifetime.onDispose(cancel: late)
        #expect(!late.isPending)
        scheduler.run()
        #expect(fired == 0)
        #expect(scheduler.pendingTimers == 0)
    }

    @Test("a key of another lifetime does not take a child out: the child still ends, and safely, after its parent is freed")
    func foreignKeyKeepsChild() {
        let foreign = Lifetime().onDispose {}
        var child: Lifetime?
        do {
            let parent = Lifetime()
            child = parent.child()
            // The same number as the child's key in `parent`: refused, the child stays listed.
            parent.remove(foreign)
            parent.dispose()
        }
        #expect(child?.isDisposed == true)
        // Its pointer to the freed parent was cleared when the parent ended it.
        child?.dispose()
    }

    @Test("a parent freed without ending clears its children's pointer to it")
    func parentFreedFirst() {
        var child: Lifetime?
        do {
            let parent = Lifetime()
            child = parent.child()
        }
        #expect(child?.isDisposed == false)
        child?.dispose()
        #expect(child?.isDisposed == true)
    }

    /// A stage that is its upstream's lifetime (take) is held by its
    /// subscription's lifetime until that ends: as RxSwift's sinks, a subscription lives
    /// until it ends or is disposed. Both free it.
    final class Token {}

    @Test("repeat and retry that wait between runs free what they hold when their subscription ends", arguments: [false, true])
    func restartsFreed(retrying: Bool) {
        weak var held: Token?
        var events: [Event<Int>] = []
        do {
            let scheduler = Scheduler.virtual()
            let token = Token()
            held = token
            let source = Signal<Int>.sequence([1]).map { _ throws(SignalError) in withExtendedLifetime(token) { 1 } }
            let restarted = retrying
                ? source.concat(.fail(SignalError("no"))).retry(2, wait: .time(.milliseconds(5)), on: scheduler)
                : source.repeat(3, wait: .time(.milliseconds(5)), on: scheduler)
            let lifetime = restarted.subscribe { events.append($0) }
            scheduler.run()
            lifetime.dispose()
        }
        #expect(events.count == 4)
        #expect(held == nil, "the run's stages are still alive")
    }

    @Test("a take stage (with map and filter before it) is freed when its subscription is disposed, or ends")
    func stagesFreed() {
        weak var held: Token?
        do {
            let token = Token()
            held = token
            let lifetime = Signal<Int>.never.map { _ throws(SignalError) in token }.filter { _ in true }.take(3)
                .subscribe { _ in }
            #expect(held != nil)
            lifetime.dispose()
        }
        #expect(held == nil)
        do {
            let token = Token()
            held = token
            let subject = Subject<Int>()
            subject.signal.map { _ throws(SignalError) in token }.take(1).subscribe { _ in }
            try? subject.send(1)
        }
        #expect(held == nil)
    }
}
