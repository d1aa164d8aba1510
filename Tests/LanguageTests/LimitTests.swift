import Language
import Testing

/// What the front end refuses so that nothing later can overflow, hang or grow without end:
/// each limit is a diagnostic with its place and a hint.
@Suite("Limits of the front end")
struct FrontEndLimitTests {
    @Test("a marble's time progression past the longest schedulable time is a diagnostic (fuzz: it trapped)")
    func marbleTimeTooLong() {
        #expect(diagnostics("cold \"a 99999999999999999999s b|\"") == """
            -- BAD MARBLE ----------------------------------------------------- test.frp:1:9

            This marble does not read right: `99999999999999999999s` takes the marble past the longest time I can schedule.

            1| cold "a 99999999999999999999s b|"
                       ^^^^^^^^^^^^^^^^^^^^^
            Hint: a marble spans at most about 30 years
            """)
        #expect(diagnostics("cold \"a 999999999s 999999999s b|\"").contains("`999999999s` takes the marble past"))
        #expect(diagnostics("cold \"a 999999999s b|\"").isEmpty)
    }
}
