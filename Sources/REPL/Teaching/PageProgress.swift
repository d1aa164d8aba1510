import JSONText
import Synchronization

/// The page's progress is `frp learn`'s: the playground served on this machine (`frp play`,
/// `frp serve`) reads and writes the same file (`Progress.defaultPath`), so an exercise
/// solved at the terminal is solved in the page, and the other way round. The page keeps
/// progress in the browser only where the server has no file (`GET /progress` is 404).
extension Playground {
    /// Saves one at a time: two answers checked at once must not each save the file as it
    /// was before the other.
    private static let saving = Mutex(())

    /// The progress as JSON for the page: for each lesson, each exercise's state by its
    /// number (`{"search": {"1": "solved", "2": "seen"}}`); nil when there is no file to
    /// keep it in.
    public static func progress() -> String? {
        guard let path = Progress.defaultPath else { return nil }
        return json(Progress.load(from: path).0)
    }

    /// Records exercise `number` of `lesson` as `state` ("solved", "skipped", "seen") in the
    /// file, as `frp learn` would (solved stays solved; a solution seen is not undone by a
    /// skip), and answers the progress as `progress()` does; nil for no file, or no such
    /// lesson, exercise or state.
    public static func record(lesson name: String, exercise number: Int, state: String) -> String? {
        guard let path = Progress.defaultPath, let lesson = Lesson.named(name), (1...lesson.exercises.count).contains(number) else { return nil }
        let states: [String: WritableKeyPath<Progress.Entry, Set<Int>>] = ["solved": \.solved, "skipped": \.skipped, "seen": \.seen]
        guard let keyPath = states[state] else { return nil }
        return saving.withLock { _ -> String? in
            var (progress, _) = Progress.load(from: path)
            var entry = progress[name]
            let already = entry.solved.contains(number) || (state == "skipped" && entry.seen.contains(number))
            if !already {
                entry.record(number, as: keyPath)
                progress[name] = entry
                do throws(AtomicFile.Failure) { try progress.save(to: path) } catch { return nil }
            }
            return json(progress)
        }
    }

    private static func json(_ progress: Progress) -> String {
        JSON.object(Lesson.all.compactMap { lesson -> JSON.Field? in
            let entry = progress[lesson.name]
            let states = [("solved", entry.solved), ("skipped", entry.skipped), ("seen", entry.seen)]
                .flatMap { state, numbers in numbers.map { (number: $0, state: state) } }
                .sorted { $0.number < $1.number }
                .map { JSON.Field(String($0.number), .string($0.state)) }
            return states.isEmpty ? nil : JSON.Field(lesson.name, .object(states))
        }).text
    }
}
