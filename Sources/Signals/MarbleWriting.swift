/// Marbles written from their events: what the playground writes back when a marble is
/// dragged to another frame. The text reads back as the same events (`Marble.parse`), in
/// run mode: `-` for a short silence, a time progression (`400ms`) for a long one, a group
/// `(ab)` for marks of one frame, and a hot marble's `^` at frame zero, the frames before
/// it negative.
extension Marble {
    public enum WritingProblem: Error, Equatable, Sendable {
        /// A mark closer to the group before it than that group's width (`(ab)` takes 4
        /// frames): no marble can say it.
        case tooClose(frame: Int)
        /// A mark at the subscription point's frame, or a group before it that reaches
        /// it: `^` takes frame zero.
        case onSubscriptionPoint
    }

    /// Silences up to this many frames are written as dashes, longer ones as `Nms`.
    static let longestDashes = 10

    /// The marble text of these entries (frames from 0; values before an end at one
    /// frame), silent on to `width` when it is longer than the last mark. With
    /// `subscriptionPoint`, a hot marble's: `^` at frame 0, entries before it at negative
    /// frames.
    public static func written(_ entries: [Entry], width: Int = 0, subscriptionPoint: Bool = false) throws(WritingProblem) -> String {
        func rank(_ mark: Mark) -> Int {
            if case .value = mark { return 0 }
            return 1
        }
        let sorted = entries.enumerated().sorted {
            ($0.element.frame, rank($0.element.mark), $0.offset) < ($1.element.frame, rank($1.element.mark), $1.offset)
        }.map(\.element)
        var text = ""
        var position = subscriptionPoint ? min(0, sorted.first?.frame ?? 0) : 0
        var subscribed = !subscriptionPoint
        func silence(_ frames: Int) {
            guard frames > 0 else { return }
            if frames <= longestDashes {
                text += String(repeating: "-", count: frames)
            } else {
                text += (text.isEmpty ? "" : " ") + "\(frames)ms "
            }
        }
        // `^` where the position has reached frame 0 and no mark is on it.
        func subscribe() throws(WritingProblem) {
            guard position <= 0, sorted.allSatisfy({ $0.frame != 0 }) else { throw .onSubscriptionPoint }
            silence(-position)
            text += "^"
            position = 1
            subscribed = true
        }
        var index = 0
        while index < sorted.count {
            let frame = sorted[index].frame
            var group: [Mark] = []
            while index < sorted.count, sorted[index].frame == frame {
                group.append(sorted[index].mark)
                index += 1
            }
            if !subscribed, frame >= 0 {
                try subscribe()
            }
            guard frame >= position else { throw .tooClose(frame: frame) }
            silence(frame - position)
            let marks = group.map { mark -> String in
                switch mark {
                case .value(let character): return String(character)
                case .completed: return "|"
                case .error: return "#"
                }
            }.joined()
            text += group.count == 1 ? marks : "(" + marks + ")"
            position = frame + (group.count == 1 ? 1 : group.count + 2)
        }
        if !subscribed { try subscribe() }
        silence(width - position)
        return text.hasSuffix(" ") ? String(text.dropLast()) : text
    }

    /// The entries with the one at `index` moved to `frame` (not before 0 without `^`): a value moved
    /// onto other values joins their group, after them (`-a-b|`, a onto b: `---(ba)|` with
    /// the end pushed past the group's width, as the notation writes a group), and the end
    /// stays after every value: a value moved past the end takes the end along, an end
    /// moved before a value stops at that value's frame.
    ///
    /// In a marble with `^`, a mark may go before it (a negative frame), not onto it: one
    /// moved to frame 0 stops on the side it came from.
    public func moving(_ index: Int, to frame: Int) -> [Entry] {
        var moved = entries
        guard moved.indices.contains(index) else { return moved }
        let target = !hasSubscriptionPoint ? max(0, frame) : frame != 0 ? frame : moved[index].frame < 0 ? -1 : 1
        func isValue(_ entry: Entry) -> Bool {
            if case .value = entry.mark { return true }
            return false
        }
        var entry = moved.remove(at: index)
        entry.frame = target
        // After the values already at that frame, before an end there.
        let at = moved.firstIndex { $0.frame > target || ($0.frame == target && !isValue($0)) } ?? moved.endIndex
        moved.insert(entry, at: at)
        let lastValue = moved.filter(isValue).map(\.frame).max()
        for position in moved.indices {
            switch moved[position].mark {
            case .value: continue
            case .completed, .error:
                if let lastValue, moved[position].frame < lastValue {
                    moved[position].frame = position == at ? lastValue : lastValue + 1
                }
            }
        }
        moved.sort { $0.frame < $1.frame || ($0.frame == $1.frame && isValue($0) && !isValue($1)) }
        // A group takes one frame per character from `(` to `)`: what follows one is
        // pushed past it, the marks after keeping their distances.
        var position = 0
        while position < moved.count {
            let frame = moved[position].frame
            let size = moved[position...].prefix { $0.frame == frame }.count
            let next = position + size
            if size > 1, next < moved.count, moved[next].frame < frame + size + 2 {
                let shift = frame + size + 2 - moved[next].frame
                for later in next..<moved.count { moved[later].frame += shift }
            }
            position = next
        }
        return moved
    }
}
