/// A row's events: appended while the row may grow; once capped, a ring in which each new
/// event overwrites the oldest (no copy, nothing destroyed in bulk).
///
/// Its own storage, not an Array: an array held by a class checks on every write that its
/// buffer is unique and the index in bounds, which was an eighth of a traced event's cost
/// (P5, callgrind). Here a record is a store.
@usableFromInline
final class RingLog<Element> {
    @usableFromInline var base: UnsafeMutablePointer<Element>
    @usableFromInline var allocated: Int
    @usableFromInline private(set) var count = 0
    /// Where the oldest element is once the log is a ring (0 while it grows).
    @usableFromInline var oldest = 0
    /// The most elements kept: unbounded until `cap(at:)`.
    @usableFromInline private(set) var capacity = Int.max

    init() {
        allocated = 16
        base = .allocate(capacity: allocated)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Keeps `element`; true when the log grew, false when it replaced the oldest.
    @inlinable @inline(__always)
    func record(_ element: consuming Element) -> Bool {
        if count < capacity {
            if count == allocated { grow() }
            (base + count).initialize(to: element)
            count &+= 1
            return true
        }
        (base + oldest).pointee = element
        oldest &+= 1
        if oldest == count { oldest = 0 }
        return false
    }

    @usableFromInline
    func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: allocated * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        allocated *= 2
    }

    /// The elements kept, oldest first.
    var elements: [Element] {
        (0..<count).map { base[(oldest + $0) % count] }
    }

    /// Visits the elements kept, oldest first, without copying them out.
    func forEach(_ body: (borrowing Element) -> Void) {
        for position in oldest..<count { body(base[position]) }
        for position in 0..<oldest { body(base[position]) }
    }

    var newest: Element? {
        count == 0 ? nil : base[(oldest == 0 ? count : oldest) - 1]
    }

    /// Keeps the newest `limit` elements, and from now on at most that many; returns how
    /// many it dropped.
    func cap(at limit: Int) -> Int {
        let limit = max(1, limit)
        let kept = min(count, limit)
        let dropped = count - kept
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: limit)
        // Oldest first: the first `dropped` in ring order are destroyed, the rest moved.
        for position in 0..<count {
            let element = base + (oldest + position) % count
            if position < dropped { element.deinitialize(count: 1) } else { (storage + position - dropped).moveInitialize(from: element, count: 1) }
        }
        base.deallocate()
        base = storage
        allocated = limit
        count = kept
        oldest = 0
        capacity = limit
        return dropped
    }
}
