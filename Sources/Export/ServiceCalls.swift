import Language
import Signals

extension RxJSExport {
    /// The names the recording of the services defines (`ServiceCalls.recorded`): the
    /// replies' table, and the function each service's own is made by
    /// (`const search = service("search")`). `frp import` reads those back as frp's services.
    public static let recordingTable = "replies"
    public static let recordingFunction = "service"
}

/// The photo services the exported tests call, and the values the script writes, from
/// which the calls are guessed: each service is recorded for every argument list made of
/// the script's own numbers and strings (`search "kitten"`, and `search it` where it is a
/// marble's "kitten"). A call the export did not record fails in the JavaScript, saying so.
struct ServiceCalls {
    private var services: [String: Int] = [:]
    private var constants: [Value] = []

    /// The services a writer called (with how many arguments each takes) and the numbers
    /// and strings it wrote.
    mutating func add(services called: [String: Int], constants written: [Value]) {
        services.merge(called) { a, _ in a }
        for value in written where !constants.contains(value) { constants.append(value) }
    }

    /// Each service called, by name, with the replies recorded for it: the key of each
    /// argument list (`["kitten"]`, frp's printing of the arguments, as each export's
    /// prelude prints them to look a reply up) and the reply.
    func replies(_ answers: RxJSExport.ServiceAnswers) -> [(name: String, entries: [(key: String, arguments: [Value], reply: RxJSExport.ServiceReply)])] {
        // In one order whatever order the walk met them in, so an export is the same file
        // each time.
        let ordered = constants.sorted { $0.description < $1.description }
        return services.sorted(by: { $0.key < $1.key }).map { name, arity in
            let entries = Self.tuples(of: ordered, count: arity, upTo: Self.recordedCalls).compactMap { arguments -> (key: String, arguments: [Value], reply: RxJSExport.ServiceReply)? in
                guard case .success(let reply)? = answers(name, arguments) else { return nil }
                return ("[" + arguments.map(\.description).joined(separator: ",") + "]", arguments, reply)
            }
            return (name, entries)
        }
    }

    /// The replies' table and a function per service, as JavaScript ("" when none is used).
    func recorded(_ answers: RxJSExport.ServiceAnswers) -> String {
        guard !services.isEmpty else { return "" }
        var tables: [String] = []
        for (name, recorded) in replies(answers) {
            var entries: [String] = []
            for (key, _, reply) in recorded {
                guard let values = try? reply.values.map({ value throws(Unsupported) in try Writer.literal(value) }) else { continue }
                let error = reply.error.map { ", error: " + JavaScript.string($0) } ?? ""
                entries.append("    \(JavaScript.string(key)): {after: \(reply.frame), values: [\(values.joined(separator: ", "))]\(error)}")
            }
            tables.append("  \(JavaScript.key(name)): {\n" + entries.joined(separator: ",\n") + "\n  }")
        }
        let functions = services.keys.sorted().map { "const \(JavaScript.identifier($0)) = \(RxJSExport.recordingFunction)(\(JavaScript.string($0)));" }
        return """
            // The photo services, as frp's embedded catalog answered the calls this script can
            // make (recorded by frp export): after its latency, each sends its values, then ends.
            const \(RxJSExport.recordingTable) = {
            \(tables.joined(separator: ",\n"))
            };
            const \(RxJSExport.recordingFunction) = (name) => (...args) => {
              const reply = replies[name][`[${args.map(text).join(',')}]`];
              if (!reply) return throwError(() => `${name}: frp export recorded no answer for ${args.map(text).join(', ')}`);
              const values = from(reply.values);
              return timer(reply.after).pipe(mergeMap(() => reply.error ? values.pipe(concatWith(throwError(() => reply.error))) : values));
            };
            \(functions.joined(separator: "\n"))


            """
    }

    /// A service call's arguments, when the export can record its answers: not a service
    /// the script made fail (`service NAME fails`), nor one whose answer the recording
    /// refuses, and each argument one the script writes or a value flowing in (`it`, a
    /// field), since the calls are recorded for the script's own numbers and strings.
    static func arguments(of stage: CheckedStage, answers: RxJSExport.ServiceAnswers, changed: Set<String>,
                          library: String) throws(Unsupported) -> [CheckedExpression] {
        let name = stage.spec.name
        if case .failure(let refusal)? = answers(name, []) { throw refusal }
        if changed.contains(name) {
            throw Unsupported(reason: "`\(name)` fails or is slow on demand here (`service \(name) …`), which has no counterpart in \(library)")
        }
        var arguments: [CheckedExpression] = []
        for argument in stage.arguments {
            guard case .expression(let expression) = argument else { continue }
            switch expression {
            case .constant, .it, .field, .property: arguments.append(expression)
            default:
                throw Unsupported(reason: "`\(stage.label)`: its argument is computed; frp export records the calls whose arguments the script writes")
            }
        }
        return arguments
    }

    /// The most argument lists recorded for one service.
    static let recordedCalls = 2_000

    /// The first `limit` lists of `count` values each (the first value varying slowest), made
    /// one at a time: all of them are about N^count, too many to hold at once when a script
    /// has many constants.
    static func tuples(of values: [Value], count: Int, upTo limit: Int) -> [[Value]] {
        guard count > 0 else { return [[]] }
        guard !values.isEmpty else { return [] }
        var tuples: [[Value]] = []
        var digits = [Int](repeating: 0, count: count)
        while tuples.count < limit {
            tuples.append(digits.map { values[$0] })
            // The next list: the last place counts up, carrying leftwards.
            var place = count - 1
            while place >= 0 {
                digits[place] += 1
                if digits[place] < values.count { break }
                digits[place] = 0
                place -= 1
            }
            if place < 0 { break }
        }
        return tuples
    }
}
