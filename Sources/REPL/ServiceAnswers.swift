import Export
import Language
import Services
import Signals

/// The photo services' answers for `frp export`: each call run in process, in virtual
/// time, as a run of `frp` would make it; refused for what one recorded answer cannot
/// stand for (a service whose answer depends on the run, the device's cache, an image's
/// bytes, values sent at more than one instant).
enum ServiceAnswers {
    static func answer(_ name: String, _ arguments: [Value]) -> Result<RxJSExport.ServiceReply, Unsupported>? {
        if DeviceCache.services.contains(where: { $0.name == name }) {
            return .failure(Unsupported(reason: "`\(name)`: the device's cache keeps state for the run; frp export records no answer for it"))
        }
        guard let service = PhotoSite.service(named: name) else { return nil }
        if service.dependsOnTheRun {
            return .failure(Unsupported(reason: "`\(name)`: its answer depends on what the run asked before; frp export records no answer for it"))
        }
        if service.sends == .bytes {
            return .failure(Unsupported(reason: "`\(name)`: it sends an image's bytes, which the export does not write"))
        }
        guard arguments.count == service.parameters.count else { return nil }
        let scheduler = Scheduler.virtual()
        let sources = PhotoSources(scheduler: scheduler)
        let context = RunContext(scheduler: scheduler, services: sources, write: { _ in })
        var values: [Value] = [], frames = Set<Int>(), end: Termination?
        let lifetime = sources.signal(for: name, arguments: arguments, context: context).subscribe { event in
            frames.insert(Int(scheduler.now.frame))
            switch event {
            case .next(let value): values.append(value)
            case .error(let error): end = .error(error)
            case .completed: end = .completed
            }
        }
        scheduler.run(until: scheduler.now + .seconds(60), shouldStop: { end != nil })
        lifetime.dispose()
        guard let end, frames.count == 1, let frame = frames.first else { return nil }
        let error: String? = if case .error(let failure) = end { failure.message } else { nil }
        return .success(RxJSExport.ServiceReply(frame: frame, values: values, error: error))
    }
}
