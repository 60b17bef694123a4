extension JetsamImport {
    /// The report's processes sorted into apps, with their states, and system memory (SPEC 12).
    ///
    /// A process is an app when it is not `daemon`, is one of `suspended`, `background`,
    /// `continuous` or `frontmost`, and is not a system process (`systemProcesses`). Of the
    /// `frontmost` apps, the first at the release's frontmost band (SPEC 11), else the first,
    /// is the frontmost app, `active`; another `frontmost` one is `suspended` when also
    /// `suspended`, else system memory (an extension, web content). The others are
    /// `suspended`, or running in the background: `continuous` ones play audio, the rest
    /// use location (a reason to run that jetsam puts in the background band).
    struct Classification {
        /// One app: its process, its id, its state at time 0 and its background mode.
        struct App {
            /// The process's index in the report.
            var process: Int
            /// The process name; the second and later of one name get `#2`, `#3`, ...
            var id: String
            var state: LifecycleState
            var mode: BackgroundMode?
        }

        /// The apps in report order (XNU's kill order), the frontmost app last.
        var apps: [App] = []
        /// The resident pages of every process that is not an app.
        var systemPages: Int64 = 0

        init(_ report: JetsamReport) {
            let frontmost = Self.frontmost(in: report)
            var nameCounts: [String: Int] = [:]
            for (index, process) in report.processes.enumerated() {
                guard let (state, mode) = Self.state(of: process, isFrontmost: index == frontmost) else {
                    systemPages += process.residentPages
                    continue
                }
                nameCounts[process.name, default: 0] += 1
                let count = nameCounts[process.name]!
                apps.append(App(process: index, id: count == 1 ? process.name : "\(process.name)#\(count)", state: state, mode: mode))
            }
            if let last = apps.firstIndex(where: { $0.state == .active }) { apps.append(apps.remove(at: last)) }
        }

        /// Whether the process is an app by its name and states.
        private static func isApp(_ process: JetsamReport.Process) -> Bool {
            let states = process.states
            return !states.contains("daemon")
                && ["suspended", "background", "continuous", "frontmost"].contains { states.contains($0) }
                && !systemProcesses.contains(process.name)
        }

        /// The frontmost app's process: the first `frontmost` app at the frontmost band of the
        /// report's release (none in reports without `priority`), else the first one.
        private static func frontmost(in report: JetsamReport) -> Int? {
            let band = PlatformProfile(ios: report.iosVersion).jetsamBands.frontmost
            let candidates = report.processes.indices.filter {
                isApp(report.processes[$0]) && report.processes[$0].states.contains("frontmost")
            }
            return candidates.first { report.processes[$0].priority == band } ?? candidates.first
        }

        /// The app's state and background mode; nil for system memory.
        private static func state(of process: JetsamReport.Process, isFrontmost: Bool) -> (LifecycleState, BackgroundMode?)? {
            let states = process.states
            if !isApp(process) { return nil }
            if isFrontmost { return (.active, nil) }
            if states.contains("frontmost") { return states.contains("suspended") ? (.suspended, nil) : nil }
            if states.contains("suspended") { return (.suspended, nil) }
            return (.background, states.contains("continuous") ? .audio : .location)
        }
    }
}
