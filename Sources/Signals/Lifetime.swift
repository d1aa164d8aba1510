import Synchronization

/// The life of one subscription: disposing it cancels all the work started for it
/// (timers, inner subscriptions, requests). Disposing twice is harmless.
///
/// Cleanups run in the order they were added (as RxJS finalizers do), so traces of a
/// disposal are deterministic. A cleanup added after disposal runs at once.
///
/// Not final only so that this module's operators can make one object of a lifetime and
/// what ends with it (a flatMap's inner run: `InnerLifetime`), one allocation where two
/// were, and so that a child's link to its parent is a child's alone (`ChildLifetime`);
/// its members are final but for that link's leaving.
public class Lifetime {
    public struct Key: Hashable, Sendable {
        @usableFromInline let raw: Int
    }

    private final var nextKey = 0

    /// Work to run at disposal, a child lifetime to end, or a timer to cancel (held
    /// strongly until then; no closure made for them).
    fileprivate enum Cleanup {
        case run(() -> Void)
        case child(ChildLifetime)
        case cancel(Timer)
    }

    /// The first cleanup added (key 1), inline: most lifetimes have one (a timer's cancel,
    /// an inner run's child), and a list is an allocation more for each of them. Its
    /// key is not stored: the first key is always 1, and a lifetime's later cleanups go to
    /// the list even when this one was removed (8 bytes less for every lifetime: a flatMap's
    /// run is 72 bytes, in malloc's 80-byte block rather than a 96).
    private final var first: Cleanup?
    /// Here, in the byte after `first` (Swift places a field after the size of the one
    /// before, not its stride), with `holes` in the same word: 56 bytes for a lifetime.
    public final private(set) var isDisposed = false
    /// Holes in `cleanups`; 32 bits, as a list of 2^31 cleanups would be 48 GB.
    private final var holes: Int32 = 0
    /// The others, in the order added, so sorted by key; a removed one leaves a hole (nil)
    /// until holes are half the list. They all come after `first`.
    private final var cleanups: [(key: Int, cleanup: Cleanup?)] = []

    /// The key of `first`.
    private static var firstKey: Int { 1 }

    #if DEBUG
    /// How many lifetimes are alive, in a debug build: `frp test` under `FRP_CHECK_LEAKS=1`
    /// asks before and after each file's runs (a run that leaks keeps its lifetimes, as
    /// `repeat … delay` once kept each of its runs). Not counted in release builds (two
    /// atomic operations for each inner run).
    public static var alive: Int { count.load(ordering: .relaxed) }
    private static let count = Atomic<Int>(0)
    #endif

    public init() {
        #if DEBUG
        Self.count.add(1, ordering: .relaxed)
        #endif
    }

    /// A lifetime freed without ending leaves its children's pointer to it cleared (see
    /// `ChildLifetime.parent`); one that ended has no children left.
    deinit {
        #if DEBUG
        Self.count.subtract(1, ordering: .relaxed)
        #endif
        guard !isDisposed else { return }
        if case .child(let child)? = first { child.parent = nil }
        for case (_, .child(let child)?) in cleanups { child.parent = nil }
    }

    @discardableResult
    public final func onDispose(_ action: @escaping () -> Void) -> Key {
        guard !isDisposed else {
            action()
            return Key(raw: -1)
        }
        return Key(raw: add(.run(action)))
    }

    /// Cancels `timer` at disposal (the commonest cleanup, without a closure for it).
    public final func onDispose(cancel timer: Timer) {
        guard !isDisposed else { return timer.cancel() }
        _ = add(.cancel(timer))
    }

    /// Taken owned and moved in: a borrowed one was copied (a retain and a release more
    /// a cleanup).
    private final func add(_ cleanup: consuming Cleanup) -> Int {
        nextKey += 1
        // Inline for the first only: the list's entries come after it.
        if nextKey == Self.firstKey {
            first = cleanup
        } else {
            cleanups.append((nextKey, cleanup))
        }
        return nextKey
    }

    /// Forgets a cleanup that is no longer needed (an inner subscription that ended by itself),
    /// so a long-lived lifetime does not grow without bound.
    ///
    /// Found by halves and left as a hole: flatMap ending a hundred thousand inners, each
    /// removing itself from one lifetime, took minutes when each removal searched and
    /// shifted the list.
    public final func remove(_ key: Key) {
        remove(key, child: false)
    }

    /// `remove`, of a child only when `child` (the child itself, leaving): a key of another
    /// lifetime with the same number must not take a child out of the list, or the child
    /// would keep its unowned `parent` after the parent was freed.
    fileprivate final func remove(_ key: Key, child: Bool) {
        if key.raw == Self.firstKey {
            if case .child? = first, !child { return }
            first = nil
            return
        }
        var low = 0, high = cleanups.count
        while low < high {
            let middle = (low + high) / 2
            if cleanups[middle].key < key.raw { low = middle + 1 } else { high = middle }
        }
        guard low < cleanups.count, cleanups[low].key == key.raw, let cleanup = cleanups[low].cleanup else { return }
        if case .child = cleanup, !child { return }
        cleanups[low].cleanup = nil
        holes += 1
        if holes > 32, Int(holes) * 2 > cleanups.count {
            cleanups.removeAll { $0.cleanup == nil }
            holes = 0
        }
    }

    /// A lifetime that ends with this one, or earlier on its own. When it ends first it
    /// removes itself from this one.
    public final func child() -> Lifetime {
        adopt(ChildLifetime())
    }

    /// Makes `child`, new, a child of this one (`child()`): for a stage that is its
    /// upstream's lifetime itself (`TakeStage`), one allocation where two were.
    @usableFromInline
    final func adopt<Child: ChildLifetime>(_ child: Child) -> Child {
        guard !isDisposed else {
            child.isDisposed = true
            return child
        }
        // Strong: the parent keeps the child alive until one of them ends.
        child.keyInParent = add(.child(child))
        child.parent = self
        return child
    }

    public final func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        // First, as the cleanup that did this was the child's first.
        leaveParent()
        // None at all (a flatMap's run over a sequence): nothing to take.
        if case .none = first, cleanups.isEmpty { return }
        // Cleanups may add or dispose other lifetimes; take them first (moved out: a copy
        // was a retain and a release more a disposal).
        let firstCleanup = first.take()
        // Most have no list (a flatMap's run, a timer's): nothing more to take.
        guard !cleanups.isEmpty else {
            if let firstCleanup { Self.perform(firstCleanup) }
            return
        }
        var pending: [(key: Int, cleanup: Cleanup?)] = []
        swap(&pending, &cleanups)
        holes = 0
        if let firstCleanup { Self.perform(firstCleanup) }
        for entry in pending {
            if let cleanup = entry.cleanup { Self.perform(cleanup) }
        }
    }

    /// A child leaves its parent's cleanups when it ends first (`ChildLifetime`); other
    /// lifetimes have no parent.
    func leaveParent() {}

    /// Whether it is as a new one is, but for the flag and the key count (`renew`):
    /// nothing to do at disposal. A lifetime that ended is, once its cleanups have run.
    @usableFromInline
    final var isRenewable: Bool { first == nil && cleanups.isEmpty }

    /// Makes an ended lifetime new again (a flatMap's run reused for the next value,
    /// `Flattener.subscribe`). Only for one nobody else holds (`isKnownUniquelyReferenced`),
    /// so nothing can tell it from a new one, and that is `isRenewable`.
    @usableFromInline
    final func renew() {
        isDisposed = false
        nextKey = 0
    }

    private static func perform(_ cleanup: Cleanup) {
        switch cleanup {
        case .run(let action): action()
        case .child(let child): child.dispose()
        case .cancel(let timer): timer.cancel()
        }
    }
}

/// A lifetime that ends with its parent, or earlier on its own (`Lifetime.child`,
/// `adopt`): it is its parent's cleanup, and leaves it when it ends first. Its link is
/// its own, so a lifetime that is no one's child (a flatMap's run, `InnerLifetime`) is 16
/// bytes smaller. A child is 72 bytes, in malloc's 80-byte block (`LifetimeTests.bytes`).
@usableFromInline
class ChildLifetime: Lifetime {
    /// The lifetime this one is a child of, and its cleanup there: removed from it when
    /// this one ends first. Fields, not a cleanup closure: flatMap made a child per inner
    /// run, and a closure per child was an allocation (and a list entry) more each.
    ///
    /// Unowned and unsafe, not weak: a weak reference gave every parent a side table, an
    /// aligned allocation more for each inner run that has a `take`.
    /// Safe because it is set only while the parent holds this child in its cleanups, so
    /// the parent is alive: it is cleared when this child ends (before it leaves the
    /// parent), and the parent clears it in every child when it ends or is freed first
    /// (`dispose` ends each child, whose own `dispose` clears it; `deinit`).
    fileprivate final unowned(unsafe) var parent: Lifetime?
    fileprivate final var keyInParent = 0

    @usableFromInline
    override init() {
        super.init()
    }

    override final func leaveParent() {
        guard let parent else { return }
        self.parent = nil
        parent.remove(Key(raw: keyInParent), child: true)
    }
}
