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
    let repetitions: Int
}

func measure(_ benchmark: Case, repetitions: Int = 5) -> Measurement {
    var samples: [Double] = []
    var checksum = 0
    for _ in 0..<repetitions {
        let start = DispatchTime.now().uptimeNanoseconds
        checksum &+= benchmark.body()
        let end = DispatchTime.now().uptimeNanoseconds
        samples.append(Double(end - start) / Double(benchmark.events))
    }
    // The checksum is printed so the optimiser cannot drop the work.
    if checksum == 42 { print("") }
    samples.sort()
    return Measurement(name: benchmark.name, nanosecondsPerEvent: samples[samples.count / 2], repetitions: repetitions)
}

/// `Benchmarks WORD` measures only the cases whose name contains WORD (and the baseline).
let filter = CommandLine.arguments.dropFirst().first

func selected(_ cases: [Case], baseline: String) -> [Case] {
    guard let filter else { return cases }
    return cases.filter { $0.name == baseline || $0.name.contains(filter) }
}

func report(_ title: String, _ measurements: [Measurement], baseline: String, goal: String) {
    print("\n\(title)  (median of \(measurements.first?.repetitions ?? 5); goal: \(goal))")
    let base = measurements.first { $0.name == baseline }?.nanosecondsPerEvent ?? 1
    let width = measurements.map(\.name.count).max() ?? 10
    print("  " + "case".padding(width) + "   ns/event    × \(baseline)")
    for measurement in measurements {
        let ns = measurement.nanosecondsPerEvent
        print("  " + measurement.name.padding(width) + "  " + format(ns, 10) + "  " + format(ns / base, 10))
    }
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
