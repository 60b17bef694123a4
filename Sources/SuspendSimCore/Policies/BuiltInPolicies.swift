/// The policies that ship with suspendsim, by the names scenario files and `--policy` use.
public enum BuiltInPolicies {
    /// Every built-in policy, in the order reports list them.
    public static let all: [any EvictionPolicy] = [LargestFirstPolicy(), LRUPolicy(), JetsamPolicy(), LMKDPolicy()]

    /// Their names.
    public static var names: [String] { all.map(\.name) }

    /// The built-in policy called `name`, if any.
    public static func named(_ name: String) -> (any EvictionPolicy)? {
        all.first { $0.name == name }
    }
}
