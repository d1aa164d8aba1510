/// The life of one subscription: disposing it cancels all the work started for it
/// (timers, inner subscriptions, requests). Disposing twice is harmless.
///
/// Cleanups run in the order they were added (as RxJS finalizers do), so traces of a
/// disposal are deterministic. A cleanup added after disposal runs at once.
public final class Lifetime {
    public struct Key: Hashable, Sendable {
        @usableFromInline let raw: Int
    }

    public private(set) var isDisposed = false
    private var cleanups: [(key: Int, action: () -> Void)] = []
    private var nextKey = 0

    public init() {}

    @discardableResult
    public func onDispose(_ action: @escaping () -> Void) -> Key {
        guard !isDisposed else {
            action()
            return Key(raw: -1)
        }
        nextKey += 1
        cleanups.append((nextKey, action))
        return Key(raw: nextKey)
    }

    /// Forgets a cleanup that is no longer needed (an inner subscription that ended by itself),
    /// so a long-lived lifetime does not grow without bound.
    public func remove(_ key: Key) {
        guard let index = cleanups.lastIndex(where: { $0.key == key.raw }) else { return }
        cleanups.remove(at: index)
    }

    /// A lifetime that ends with this one, or earlier on its own. When it ends first it
    /// removes itself from this one.
    public func child() -> Lifetime {
        let child = Lifetime()
        guard !isDisposed else {
            child.isDisposed = true
            return child
        }
        // Strong: the parent keeps the child alive until one of them ends.
        let key = onDispose { child.dispose() }
        child.onDispose { [weak self] in self?.remove(key) }
        return child
    }

    public func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        // Cleanups may add or dispose other lifetimes; take the list first.
        let pending = cleanups
        cleanups = []
        for cleanup in pending { cleanup.action() }
    }
}
