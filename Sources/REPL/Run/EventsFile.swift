import Language
import Signals
import Trace

/// `--events FILE`: every traced event as one JSON object per line, for other tools:
///
///     {"run":1,"time_ms":12,"stage":"debounce 3ms","depth":0,"subscription":0,"event":"next","value":"cats"}
///
/// `event` is subscribed, next, error, completed, disposed (after it ended) or cancelled
/// (disposed before it ended); `value` comes with next, `message` with error, `cause` with
/// cancelled when known (`take 2 completed`, `Ctrl-C`).
///
/// The lines go to a temporary file beside FILE (`AtomicFile`), renamed over it when the
/// script ends: a run that fails to write them leaves the old FILE whole.
final class EventsFile {
    private let file: AtomicFile
    /// False once a write failed and the file was given up: the old FILE stays, and later
    /// runs neither trace for it nor write it.
    private(set) var isWritable = true

    init(path: String) throws(AtomicFile.Failure) {
        file = try AtomicFile(path, inPlaceUnlessRegular: true)
    }

    /// Writes out what is buffered; fails with the reason (a full disk).
    func flush() throws(AtomicFile.Failure) {
        try file.flush()
    }

    /// Puts the file in place, once the script has ended.
    func commit() throws(AtomicFile.Failure) {
        try file.commit()
    }

    /// Gives up after a failed write: the old file stays.
    func discard() {
        isWritable = false
        file.discard()
    }

    func write(_ record: TraceRecord<Value>, run: Int) {
        var line = "{\"run\":\(run),\"time_ms\":\(Value.format(Double(record.time.nanoseconds) / 1e6))"
        line += ",\"stage\":\(Value.jsonString(record.stage)),\"depth\":\(record.depth)"
        line += ",\"subscription\":\(record.subscription),\"event\":\"\(record.kind.name)\""
        switch record.kind {
        case .next(let value): line += ",\"value\":\(value.json)"
        case .error(let message): line += ",\"message\":\(Value.jsonString(message))"
        case .cancelled(let cause?): line += ",\"cause\":\(Value.jsonString(cause))"
        default: break
        }
        line += "}\n"
        file.write(line)
    }
}
