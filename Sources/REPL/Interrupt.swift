import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Ctrl-C, as a flag the run loop polls: a SIGINT handler that only sets it (the one
/// async-signal-safe thing to do). Installed without SA_RESTART, so a blocked read
/// returns and the REPL gets its prompt back.
enum Interrupt {
    static let flag = Atomic<Bool>(false)

    static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Interrupt.flag.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }

    static var isSet: Bool { flag.load(ordering: .relaxed) }

    /// Reads and clears the flag.
    static func take() -> Bool { flag.exchange(false, ordering: .relaxed) }
}
