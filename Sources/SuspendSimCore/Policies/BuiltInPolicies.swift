/// The policies that ship with suspendsim, by the names scenario files and `--policy` use.
package enum BuiltInPolicies {
    /// Every built-in policy, in the order reports list them.
    package static let all: [any EvictionPolicy] = [LargestFirstPolicy(), LRUPolicy(), JetsamPolicy(), LMKDPolicy()]

    /// Their names.
    package static var names: [String] { all.map(\.name) }

    /// The built-in policy called `name`, if any.
    package static func named(_ name: String) -> (any EvictionPolicy)? {
        all.first { $0.name == name }
    }
}
