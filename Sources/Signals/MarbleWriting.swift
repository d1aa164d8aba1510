/// Marbles written from their events: what the playground writes back when a marble is
/// dragged to another frame. The text reads back as the same events (`Marble.parse`), in
/// run mode: `-` for a short silence, a time progression (`400ms`) for a long one, a group
/// `(ab)` for marks of one frame.
extension Marble {
    public enum WritingProblem: Error, Equatable, Sendable {
        /// A mark closer to the group before it than that group's width (`(ab)` takes 4
        /// frames): no marble can say it.
        case tooClose(frame: Int)
    }

    /// Silences up to this many frames are written as dashes, longer ones as `Nms`.
    static let longestDashes = 10

    /// The marble text of these entries (frames from 0; values before an end at one
    /// frame), silent on to `width` when it is longer than the last mark.
    public static func written(_ entries: [Entry], width: Int = 0) throws(WritingProblem) -> String {
        func rank(_ mark: Mark) -> Int {
            if case .value = mark { return 0 }
            return 1
        }
        let sorted = entries.enumerated().sorted {
            ($0.element.frame, rank($0.element.mark), $0.offset) < ($1.element.frame, rank($1.element.mark), $1.offset)
        }.map(\.element)
        var text = ""
        var position = 0
        func silence(_ frames: Int) {
            guard frames > 0 else { return }
            if frames <= longestDashes {
                text += String(repeating: "-", count: frames)
            } else {
                text += (text.isEmpty ? "" : " ") + "\(frames)ms "
            }
        }
        var index = 0
        while index < sorted.count {
            let frame = sorted[index].frame
            var group: [Mark] = []
            while index < sorted.count, sorted[index].frame == frame {
                group.append(sorted[index].mark)
                index += 1
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
        silence(width - position)
        return text.hasSuffix(" ") ? String(text.dropLast()) : text
    }

    /// The entries with the one at `index` moved to `frame` (not before 0): a value moved
    /// onto another value takes its place and gives it its own (they swap), and the end
    /// stays after every value: a value moved past the end takes the end along, an end
    /// moved before a value stops at that value's frame.
    public func moving(_ index: Int, to frame: Int) -> [Entry] {
        var moved = entries
        guard moved.indices.contains(index) else { return moved }
        let target = max(0, frame)
        func isValue(_ entry: Entry) -> Bool {
            if case .value = entry.mark { return true }
            return false
        }
        if isValue(moved[index]),
           let other = moved.indices.first(where: { $0 != index && moved[$0].frame == target && isValue(moved[$0]) }) {
            moved[other].frame = moved[index].frame
        }
        moved[index].frame = target
        let lastValue = moved.filter(isValue).map(\.frame).max()
        for position in moved.indices {
            switch moved[position].mark {
            case .value: continue
            case .completed, .error:
                if let lastValue, moved[position].frame < lastValue {
                    moved[position].frame = position == index ? lastValue : lastValue + 1
                }
            }
        }
        return moved
    }
}
