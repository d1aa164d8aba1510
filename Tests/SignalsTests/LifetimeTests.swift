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

    @Test("a removed first cleanup leaves room for one added later, still in order")
    func removedFirst() {
        var ran: [String] = []
        let lifetime = Lifetime()
        lifetime.remove(lifetime.onDispose { ran.append("gone") })
        lifetime.onDispose { ran.append("x") }
        lifetime.onDispose { ran.append("y") }
        lifetime.dispose()
        #expect(ran == ["x", "y"])
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
