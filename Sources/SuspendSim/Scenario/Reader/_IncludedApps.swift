import Synchronization

/// The app entries of each list an `include:` has read and found valid, by the list's key
/// (its absolute path, or `bundled:NAME`) and its text: a batch reads its scenario again at
/// every sweep point (`ScenarioTemplate.scenario(at:)`), and the included file need not be
/// composed and checked each time. Keyed by the text too, so that a file changed on disk is
/// read again. Only valid lists are kept: a list valid once holds no cycle through any chain
/// (a cycle through it would have made it invalid), so its entries hold in every including file.
enum _IncludedApps {
    private struct Key: Hashable {
        var key: String
        var text: String
    }

    /// A list's entries, the hash of its text and of every list it includes, the node count
    /// of its entries, and the longest chain of includes below it (SPEC 35 "Includes": a list
    /// kept here is checked against the bound wherever it is included again).
    struct List: Sendable {
        var apps: [ScenarioNode]
        var hash: UInt64
        var nodes: Int
        var height: Int
        /// The files read for it, its own and its includes' (absolute paths; none for a
        /// bundled list), for the inputs a shard records (SPEC 35).
        var files: [String]
    }

    private static let lists = Mutex<[Key: List]>([:])

    /// The list kept for `key` with this `text`, if any.
    static func cached(key: String, text: String) -> List? {
        lists.withLock { $0[Key(key: key, text: text)] }
    }

    /// Keeps `list` for `key` with this `text`.
    static func store(_ list: List, key: String, text: String) {
        lists.withLock { $0[Key(key: key, text: text)] = list }
    }
}
