import Signals
import Testing

/// scan and reduce without a seed, on RxJS 7's scan-spec and reduce-spec cases.
@Suite("scan and reduce without a seed")
struct SeedlessTests {
    @Test("scan: the first value is the first accumulation, sent as it is; then each step")
    func scan() {
        let test = MarbleTest()
        test.expect(test.cold("-a-b-c|").signal.scan { $0 + $1 }, emits: "-x-y-z|", ["x": "a", "y": "ab", "z": "abc"])
        let empty = MarbleTest()
        empty.expect(empty.cold("---|").signal.scan { $0 + $1 }, emits: "---|")
    }

    @Test("reduce: the last accumulation at the end; nothing for an empty source; an error as it comes")
    func reduce() {
        let test = MarbleTest()
        test.expect(test.cold("-a-b-c|").signal.reduce { $0 + $1 }, emits: "------(x|)", ["x": "abc"])
        let empty = MarbleTest()
        empty.expect(empty.cold("---|").signal.reduce { $0 + $1 }, emits: "---|")
        let failed = MarbleTest()
        failed.expect(failed.cold("-a-#", error: "boom").signal.reduce { $0 + $1 }, emits: "---#", error: "boom")
    }
}
