extension Batch {
    /// Why a batch refused an argument: a replicate count or thread count below 1, a sweep label
    /// given twice (`Batch(_:replicates:seed:policy:sweep:)`, `run(jobs:)`), or a point or app
    /// that the result does not have (`Batch.Result.rates(of:at:)`). A mistyped name in a test
    /// is a failed test, never a trap that ends the whole test run.
    public struct ArgumentError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What was wrong: the machine-readable part of the error.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// `replicates` below 1.
            case replicates
            /// `jobs` below 1.
            case jobs
            /// A sweep label given to two points.
            case duplicateLabel
            /// No sweep point has this label.
            case unknownPoint
            /// The batch has several points and no `at:` named one.
            case pointNeeded
            /// No app of the point has this bundle id.
            case unknownApp
        }

        public let kind: Kind
        /// The argument as given (a count written in decimal, a label, an app id; empty for
        /// `pointNeeded`).
        public let value: String
        /// For an unknown point or app: up to three of the names that exist, nearest first
        /// (every name when none is near); for `pointNeeded`, every point's label.
        public let nearest: [String]

        public init(kind: Kind, value: String, nearest: [String] = []) {
            self.kind = kind
            self.value = value
            self.nearest = nearest
        }

        /// The error for the unknown `name`, with the nearest of `names` (all when none is near).
        init(kind: Kind, name: String, among names: [String]) {
            let near = NearestNames.nearest(to: [name], among: names)
            self.init(kind: kind, value: name, nearest: near.isEmpty ? names : near)
        }

        /// `no sweep point '120 MB'; nearest: 120` and the like.
        public var description: String {
            let text = switch kind {
            case .replicates: "replicates must be at least 1, got \(value)"
            case .jobs: "jobs must be at least 1, got \(value)"
            case .duplicateLabel: "sweep label '\(value)' is given to two points"
            case .unknownPoint: "no sweep point '\(value)'"
            case .pointNeeded: "the batch has \(nearest.count) points: name one with `at:`"
            case .unknownApp: "no app '\(value)'"
            }
            guard !nearest.isEmpty, kind != .replicates, kind != .jobs, kind != .duplicateLabel else { return text }
            return text + (kind == .pointNeeded ? "; points: " : "; nearest: ") + nearest.joined(separator: ", ")
        }
    }
}
