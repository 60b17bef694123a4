extension Scenario {
    /// Why a name given to a scenario found nothing: an app id that no app of the scenario has
    /// (`Scenario.app(_:)`), or a policy name that no built-in policy has
    /// (`Scenario(name:policyName:...)`, SPEC 6). A mistyped name in a test is a failed test,
    /// never a trap that ends the whole test run.
    ///
    /// ```swift
    /// do { _ = try scenario.app("com.example.mial") } catch {
    ///     // error.kind == .app, error.nearest == ["com.example.mail"]
    /// }
    /// ```
    public struct LookupError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What was looked up: the machine-readable part of the error.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// An app by its bundle id (SPEC 7 `apps[].id`).
            case app
            /// A built-in eviction policy by name (SPEC 6).
            case policy
            /// An app by its index in `apps` (an `AppIndex` that an event or an `initial:`
            /// entry names): `name` is the index in decimal, `nearest` the apps' ids.
            case appIndex
            /// An event's time in seconds (`append(at:_:)`) that no scenario file could give
            /// (SPEC 7): `name` is the seconds as given, `nearest` the last event's time in
            /// seconds when the time is before it.
            case time
            /// An event's memory amount (`append(at:_:)`) that no scenario file could give
            /// (SPEC 7, 32): `name` is the amount in KiB as given.
            case amount
        }

        public let kind: Kind
        /// The name as given.
        public let name: String
        /// Up to three of the names that exist, nearest first (`NearestNames`); every name when
        /// none is near.
        public let nearest: [String]
        /// The scenario looked in; nil for a policy name.
        public let scenario: String?

        public init(kind: Kind, name: String, nearest: [String], scenario: String? = nil) {
            self.kind = kind
            self.name = name
            self.nearest = nearest
            self.scenario = scenario
        }

        /// The error for `name`, with the nearest of `names` (all of them when none is near).
        package init(kind: Kind, name: String, among names: [String], scenario: String? = nil) {
            let near = NearestNames.nearest(to: [name], among: names)
            self.init(kind: kind, name: name, nearest: near.isEmpty ? names : near, scenario: scenario)
        }

        /// `no app 'com.example.mial' in scenario 'demo'; nearest: com.example.mail`, or
        /// `no built-in policy 'lur'; nearest: lru`.
        public var description: String {
            let subject = switch kind {
            case .app: "no app '\(name)'" + (scenario.map { " in scenario '\($0)'" } ?? "")
            case .policy: "no built-in policy '\(name)'"
            case .appIndex: "no app at index \(name)" + (scenario.map { " in scenario '\($0)'" } ?? "")
                + " (it has \(nearest.count); take an index from app(_:))"
            case .time: "event time \(name) s" + (scenario.map { " in scenario '\($0)'" } ?? "")
                + (nearest.isEmpty ? " is not a time of the model: 0 to 4294967296 (2^32) s"
                    : " is before the last event's time, \(nearest[0]) s: append events in time order")
            case .amount: "allocation of \(name) KiB" + (scenario.map { " in scenario '\($0)'" } ?? "")
                + " is not an amount of the model: at most 4294967296 (2^32) MB in magnitude, more than 0 for a session"
            }
            if kind == .time || kind == .amount { return subject }
            if kind == .appIndex { return subject + (nearest.isEmpty ? "" : ": " + nearest.joined(separator: ", ")) }
            return nearest.isEmpty ? subject : subject + "; nearest: " + nearest.joined(separator: ", ")
        }
    }

    /// `index` itself when an app of the scenario has it; else the error that names the apps.
    func checked(_ index: AppIndex) throws(Scenario.LookupError) -> AppIndex {
        guard !apps.indices.contains(index) else { return index }
        throw Scenario.LookupError(kind: .appIndex, name: String(index), nearest: apps.map(\.id), scenario: name)
    }

    /// The largest magnitude of memory in MB and of time in s that a scenario may give: 2^32
    /// (SPEC 7, `ScenarioLoader`'s "at most 4294967296 (2^32)"), so that the engine's Int64
    /// sums of KiB and ms never overflow. The loader and `append(at:_:)` refuse past it.
    package static let magnitudeLimit: Int64 = 1 << 32

    /// `seconds` as the time of an event appended after the last one; else the error that
    /// says why it is none: NaN, infinite, negative or past 2^32 s (a millisecond count that
    /// `Millis.seconds(_:)` could not hold, or sums past Int64 in the run), or before the
    /// last event (the timeline is in time order, SPEC 7).
    func checkedTime(_ seconds: Double) throws(Scenario.LookupError) -> Millis {
        guard seconds >= 0, seconds <= Double(Self.magnitudeLimit) else {
            throw Scenario.LookupError(kind: .time, name: String(seconds), nearest: [], scenario: name)
        }
        let time = Millis.seconds(seconds)
        if let last = events.last?.atMs, time < last {
            throw Scenario.LookupError(kind: .time, name: String(seconds), nearest: [String(last.seconds)], scenario: name)
        }
        return time
    }

    /// Nothing when `action`'s memory amount is one a scenario file could give: at most 2^32 MB
    /// (2^42 KiB) in magnitude, the loader's limit, so that no sum of a run passes Int64 KiB
    /// before its saturation; a session allocation more than 0 (SPEC 32).
    func checkAmount(of action: ScenarioEvent.Action) throws(Scenario.LookupError) {
        let limit = Self.magnitudeLimit * 1024  // in KiB
        let kib: KiB
        switch action {
        case .allocate(_, let amount), .systemAllocate(let amount):
            guard amount.count < -limit || amount.count > limit else { return }
            kib = amount
        case .allocateSession(_, let amount):
            guard amount.count <= 0 || amount.count > limit else { return }
            kib = amount
        default: return
        }
        throw Scenario.LookupError(kind: .amount, name: String(kib.count), nearest: [], scenario: name)
    }

    /// The index of the app with bundle id `id`, or nil when no app has it.
    ///
    /// - Complexity: O(apps)
    public func appIndex(_ id: String) -> AppIndex? {
        apps.firstIndex { $0.id == id }
    }
}
