import ArgumentParser
import Dispatch
import PhotoServer
import REPL
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The server's lifecycle for `frp serve` and `frp play`: the photo services and the
/// playground (its work from the REPL module) on a port, until Ctrl-C or SIGTERM, then
/// what it served. main.swift only reads the arguments.
extension ServeCommand {
    /// Serves the photo services and the playground until Ctrl-C; `listening` prints
    /// where, once the port is bound.
    static func serve(port: Int, name: String, listening: @escaping @Sendable (String) -> Void) throws {
        var configured = PhotoServer(port: port)
        configured.playground = PlaygroundWork(run: { Playground.run($0, width: $1, stop: $2) }, explain: Playground.explain, operators: Playground.operators,
                                               lessons: Playground.lessons, check: Playground.check, export: Playground.export,
                                               operatorPage: Playground.operatorPage,
                                               examples: Playground.examples, example: Playground.example,
                                               marbles: Playground.marbles, move: Playground.move,
                                               diagramStylesheet: Playground.diagramStylesheet)
        configured.playground?.progress = Playground.progress
        configured.playground?.importCode = Playground.importCode
        configured.playground?.families = Playground.families
        configured.playground?.record = { lesson, exercise, state in Playground.record(lesson: lesson, exercise: exercise, state: state) }
        let server = configured
        let failure = Mutex<String?>(nil)
        let stopped = DispatchSemaphore(value: 0)
        // The server is asynchronous; this command waits on the main thread until it stops.
        Task.detached {
            do {
                try await server.run { url in
                    listening(url)
                    fflush(stdout)
                }
            } catch {
                failure.withLock { $0 = "\(name): cannot serve on 127.0.0.1:\(server.port) (\(error))" }
            }
            stopped.signal()
        }
        stopped.wait()
        if let message = failure.withLock({ $0 }) {
            StandardError.write(message + "\n")
            throw ExitCode(1)
        }
        let counts = server.stats.services.values
        print("\(name): stopped after \(server.stats.requests) requests (\(counts.map(\.aborted).reduce(0, +)) service replies aborted)")
    }
}
