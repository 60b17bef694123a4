/// A policy that ships with suspendsim (SPEC 6): built with no argument, and named after its
/// type, as swift-format's `Rule.ruleName` is, so that the name is written nowhere else.
/// `BuiltInPolicies.entries` holds one row for each.
package protocol BuiltInPolicy: EvictionPolicy {
    init()
}

extension BuiltInPolicy {
    /// The name in scenario files, on the command line and in reports: the type's name
    /// without `Policy`, its words in lower case joined by `-` (an acronym is one word):
    /// `LargestFirstPolicy` is `largest-first`, `LRUPolicy` `lru`.
    ///
    /// The type's name is the runtime's (`_typeName`), which `String(describing:)` of a type
    /// also prints, but without first asking whether the metatype conforms to four printing
    /// protocols: each first question scans every conformance record of the statically
    /// linked binary, 4.4 M instructions for the four policies at every start
    /// (docs/performance.md).
    package static var ruleName: String { BuiltInPolicies.name(ofType: _typeName(Self.self, qualified: false)) }
}
