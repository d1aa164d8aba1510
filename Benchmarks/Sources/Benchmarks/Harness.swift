import Dispatch

/// A measured case: runs `body` (which processes `events` events) several times and keeps
/// the median, so one slow run (the other core busy) does not decide the number.
struct Case {
    let name: String
    let events: Int
    let body: () -> Int
}

struct Measurement {
    let name: String
    let nanosecondsPerEvent: Double
    /// Against the group's baseline: the median of the rounds' ratios (`measureInRounds`).
    let ratio: Double
    let repetitions: Int
}

/// The cases measured in rounds: each round times every case once, in an order rotated
/// from round to round, so a case and its baseline are timed close together and a host
/// that slows down for a while slows both (Google Benchmark's random interleaving;
/// hyperfine's issue #21). A case's figure is the median of its samples; its ratio to the
/// baseline is the median of the ratios within a round, not the ratio of two medians
/// taken minutes apart (session 22: this host's speed changed by ~1.7× between runs).
func measureInRounds(_ cases: [Case], baseline: String, rounds: Int = 5) -> [Measurement] {
    var checksum = 0
    let samples = sampleInRounds(rounds, cases.map { benchmark in
        {
            let start = DispatchTime.now().uptimeNanoseconds
            checksum &+= benchmark.body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(benchmark.events)
        }
    })
    // The checksum is printed so the optimiser cannot drop the work.
    if checksum == 42 { print("") }
    let base = cases.firstIndex { $0.name == baseline }.map { samples[$0] }
    return zip(cases, samples).map { benchmark, own in
        Measurement(name: benchmark.name, nanosecondsPerEvent: median(own),
                    ratio: base.map { pairedRatio(own, $0) } ?? 1, repetitions: rounds)
    }
}

/// Each sampler's samples, taken in `rounds` rounds, each sampler once a round, starting
/// one further on each round.
func sampleInRounds<Sample>(_ rounds: Int, _ samplers: [() -> Sample]) -> [[Sample]] {
    var samples = Array(repeating: [Sample](), count: samplers.count)
    for round in 0..<rounds {
        for step in samplers.indices {
            let index = (round + step) % samplers.count
            samples[index].append(samplers[index]())
        }
    }
    return samples
}

func median(_ samples: [Double]) -> Double {
    samples.sorted()[samples.count / 2]
}

/// The median of the ratios of samples taken in the same round.
func pairedRatio(_ samples: [Double], _ baseline: [Double]) -> Double {
    median(zip(samples, baseline).map { $0 / $1 })
}

/// `Benchmarks WORD` measures only the cases whose name contains WORD (and the baseline).
let filter = CommandLine.arguments.dropFirst().first

func selected(_ cases: [Case], baseline: String) -> [Case] {
    guard let filter else { return cases }
    return cases.filter { $0.name == baseline || $0.name.contains(filter) }
}

/// Measures the cases `selected` (in rounds, against `baseline`) and prints them.
@discardableResult
func report(_ title: String, _ cases: [Case], baseline: String, rounds: Int = 5, goal: String) -> [Measurement] {
    let measurements = measureInRounds(selected(cases, baseline: baseline), baseline: baseline, rounds: rounds)
    print("\n\(title)  (median of \(rounds), in rounds; goal: \(goal))")
    let width = measurements.map(\.name.count).max() ?? 10
    print("  " + "case".padding(width) + "   ns/event    × \(baseline)")
    for measurement in measurements {
        print("  " + measurement.name.padding(width) + "  " + format(measurement.nanosecondsPerEvent, 10) + "  " + format(measurement.ratio, 10))
    }
    return measurements
}

func format(_ number: Double, _ width: Int) -> String {
    let text: String
    if number >= 100 { text = String(Int(number.rounded())) }
    else { text = String(Double(Int(number * 100)) / 100) }
    return String(repeating: " ", count: max(0, width - text.count)) + text
}

extension String {
    func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
