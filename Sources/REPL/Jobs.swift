import Foundation
import Language
import Signals
import Synchronization

/// Pipelines started in the background (`popular | map name &`): each runs on its own
/// thread with its own scheduler, prints its lines prefixed with its number, and keeps
/// running while the prompt takes more input. `:jobs` lists them, `:stop N` disposes one.
///
/// A job's graph belongs to its thread, as every graph does (the engine has no locks):
/// setting a property at the prompt reaches a job as a message through its scheduler's
/// `Inlet`, and the job sets its own copy of the property, so the pipelines observing it
/// react on their own thread.
final class Jobs {
    final class Job: Sendable {
        let number: Int
        let text: String
        let stopRequested = Atomic<Bool>(false)
        /// Who stopped it, as its trace tells it: `:stop 1`, `:stop`, the REPL quitting.
        let stopReason: Mutex<String>
        let finished = Atomic<Bool>(false)
        /// The job's way in, once its run has started; changes that come earlier wait.
        let mailbox = Mutex<(inlet: Inlet<Message>?, early: [Message])>((nil, []))
        let ended = DispatchSemaphore(value: 0)

        init(number: Int, text: String) {
            self.number = number
            self.text = text
            stopReason = Mutex(":stop \(number)")
        }

        func send(_ message: Message) {
            mailbox.withLock { box in
                if let inlet = box.inlet { inlet.post(message) } else { box.early.append(message) }
            }
        }
    }

    enum Message: Sendable {
        case set(String, Value)
        /// Wakes the run so it sees the stop request at once.
        case wake
        /// Signalled once every message before it was handled (and what it set, printed).
        case barrier(DispatchSemaphore)
    }

    private(set) var jobs: [Job] = []
    private var nextNumber = 1
    let output: Output

    init(output: Output) {
        self.output = output
    }

    /// Starts `pipeline` on a thread of its own, with the session's settings and a copy of
    /// its properties.
    func start(_ pipeline: CheckedPipeline, like session: Session) {
        prune()
        let job = Job(number: nextNumber, text: pipeline.text)
        nextNumber += 1
        let output = self.output
        let prefix = "[\(job.number)] "
        let jobOutput = Output(
            line: { text in output.line(text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")) },
            error: { text in output.error(prefix + text) })
        // The session's options, stopped by `:stop` instead of Ctrl-C.
        var options = session.options
        options.interrupted = { job.stopRequested.load(ordering: .relaxed) }
        options.interruptReason = { job.stopReason.withLock { $0 } }
        let jobSession = Session(options: options, outputs: session.outputs, output: jobOutput)
        jobSession.serviceSettings = session.serviceSettings
        for (name, value) in session.properties.values { jobSession.properties.declare(name, value) }
        // A run that observes a property waits for its changes even when no timer is due.
        let observes = !pipeline.observedProperties.isEmpty
        let handOver = HandOver(jobSession)
        let thread = Thread {
            let session = handOver.value
            session.run(pipeline) { scheduler in
                let inlet = scheduler.makeInlet { (message: Message) in
                    switch message {
                    case .set(let name, let value): try? session.properties.property(name)?.set(value)
                    case .barrier(let handled): handled.signal()
                    case .wake: break
                    }
                }
                if observes { inlet.keepOpen() }
                let early = job.mailbox.withLock { box in
                    box.inlet = inlet
                    defer { box.early = [] }
                    return box.early
                }
                for message in early { inlet.post(message) }
            }
            job.mailbox.withLock { $0.inlet = nil }
            job.finished.store(true, ordering: .relaxed)
            output.line("[\(job.number)] done  \(job.text)")
            job.ended.signal()
        }
        thread.name = "frp job \(job.number)"
        jobs.append(job)
        output.line("[\(job.number)] started in the background  (:jobs lists, :stop \(job.number) stops it)")
        thread.start()
    }

    /// A property was set at the prompt: every running job sets its copy.
    func propertyChanged(_ name: String, to value: Value) {
        for job in jobs where !job.finished.load(ordering: .relaxed) { job.send(.set(name, value)) }
    }

    /// `:jobs`.
    func list() -> String {
        prune()
        guard !jobs.isEmpty else { return "no background pipelines (end a pipeline with & to start one)" }
        return jobs.map { "[\($0.number)] running  \($0.text)" }.joined(separator: "\n")
    }

    /// `:stop N`: disposes the job's pipeline (its trace shows the cancellation) and waits
    /// for its thread to finish. False when there is no such job.
    func stop(_ number: Int) -> Bool {
        guard let job = jobs.first(where: { $0.number == number }) else { return false }
        job.stopRequested.store(true, ordering: .relaxed)
        job.send(.wake)
        job.ended.wait()
        prune()
        return true
    }

    /// At the end of piped input: lets each running job handle what was sent to it (a
    /// property set on the last line), so piped input behaves as typed; then the session's
    /// end stops them.
    func settle() {
        for job in jobs where !job.finished.load(ordering: .relaxed) {
            let handled = DispatchSemaphore(value: 0)
            job.send(.barrier(handled))
            // A job that ends first never handles it: wait for either.
            while handled.wait(timeout: .now() + .milliseconds(10)) == .timedOut {
                if job.finished.load(ordering: .relaxed) { break }
            }
        }
    }

    /// `:stop` and the end of the session; `reason` is what the jobs' traces give as the cause.
    func stopAll(reason: String) {
        for job in jobs {
            job.stopReason.withLock { $0 = reason }
            job.stopRequested.store(true, ordering: .relaxed)
            job.send(.wake)
        }
        for job in jobs { job.ended.wait() }
        jobs = []
    }

    private func prune() {
        jobs.removeAll { $0.finished.load(ordering: .relaxed) }
    }
}

/// A session handed to a job's thread, which alone uses it from then on.
private final class HandOver: @unchecked Sendable {
    let value: Session
    init(_ value: Session) { self.value = value }
}
