/// A policy written as data: an ordered list of sort keys over the candidate's fields, each
/// ascending or descending (a scenario's `policy: { name, order, levels }`). Ties are the
/// engine's, as for every policy (SPEC 6): least recently frontmost first, then scenario order.
///
/// The order is precomputed into bit fields of a `Candidate.Rank`, so a rank costs a few
/// integer operations per key, as a built-in policy's does: no string is compared per
/// candidate. `[state, last_frontmost]` orders as `lru`, `[state, -footprint_mb]` as
/// `largest-first`.
package struct OrderPolicy: EvictionPolicy {
    package let name: String
    /// The sort keys, first the most significant.
    package let order: [SortKey]
    /// Kill levels in lmkd's `minfree` form (SPEC 33), priority an lmkd adj; empty to kill at
    /// `critical_free_mb` (SPEC 5).
    package let levels: [Device.KillLevel]
    /// Each key's place in the rank, computed once: the rank of a candidate is then a few
    /// integer operations per key.
    private let slots: [Slot]

    /// A key packed into a rank: its field, the word (0 major, 1 minor, 2 third, 3 fourth) and
    /// the shift it sits at, its largest value, and whether it is stored as `limit - value`.
    private struct Slot: Sendable {
        var field: Field
        var word: Int
        var shift: Int64
        var limit: Int64
        var descending: Bool
    }

    package init(name: String, order: [SortKey], levels: [Device.KillLevel] = []) {
        self.name = name
        self.order = order
        self.levels = levels
        self.slots = Self.layout(Self.significantKeys(order))
    }

    /// A candidate field a key sorts on; the ascending order is the one named beside it.
    package enum Field: String, CaseIterable, Sendable {
        /// `suspended` before `background`.
        case state
        /// The footprint, physical and compressed memory (SPEC 22), smallest first.
        case footprintMB = "footprint_mb", physicalMB = "physical_mb", compressedMB = "compressed_mb"
        /// Least recently frontmost first (never frontmost first of all).
        case lastFrontmost = "last_frontmost"
        /// The jetsam band (SPEC 6) and the lmkd adj (SPEC 33) the app would have, lowest first.
        case band, adj
        /// Apps without a continuous mode in use first.
        case modeInUse = "mode_in_use"

        /// Bits the field takes in a rank: KiB up to 2^40 (1 PiB), counters up to 2^40.
        var width: Int {
            switch self {
            case .state, .modeInUse: 1
            case .band: 8
            case .adj: 11
            case .footprintMB, .physicalMB, .compressedMB, .lastFrontmost: 40
            }
        }

        /// The field in words, for `explain`, in its ascending sense.
        package var words: (ascending: String, descending: String) {
            switch self {
            case .state: ("suspended before background", "background before suspended")
            case .footprintMB: ("smallest footprint first", "largest footprint first")
            case .physicalMB: ("least physical memory first", "most physical memory first")
            case .compressedMB: ("least compressed memory first", "most compressed memory first")
            case .lastFrontmost: ("least recently frontmost first", "most recently frontmost first")
            case .band: ("lowest jetsam band first", "highest jetsam band first")
            case .adj: ("lowest lmkd adj first", "highest lmkd adj first")
            case .modeInUse: ("without a continuous mode in use first", "with a continuous mode in use first")
            }
        }
    }

    /// One sort key: a field, ascending or descending (`-field` in a scenario).
    package struct SortKey: Sendable, Hashable {
        package var field: Field
        package var descending: Bool

        package init(_ field: Field, descending: Bool = false) {
            self.field = field
            self.descending = descending
        }

        /// The key as a scenario spells it: `-footprint_mb`.
        package var spelling: String { (descending ? "-" : "") + field.rawValue }
        /// The key in words.
        package var words: String { descending ? field.words.descending : field.words.ascending }
    }

    /// The order in words, for `explain`: "suspended before background, then largest
    /// footprint first; ties: least recently frontmost first, then scenario order".
    package var orderInWords: String {
        let keys = order.isEmpty ? "no key" : order.map(\.words).joined(separator: ", then ")
        return keys + "; ties: least recently frontmost first, then scenario order (SPEC 6)"
    }

    /// The keys that can change the order: a trailing ascending `last_frontmost` orders as
    /// the engine's tie already does (SPEC 6), so the rank leaves it out.
    private static func significantKeys(_ order: [SortKey]) -> [SortKey] {
        order.last == SortKey(.lastFrontmost) ? Array(order.dropLast()) : order
    }

    /// Packs the keys into 4 words of 62 bits, each key whole in one word, first key highest.
    private static func layout(_ order: [SortKey]) -> [Slot] {
        var word = 0, free = 62
        var slots: [Slot] = []
        for key in order {
            if key.field.width > free { word += 1; free = 62 }
            free -= key.field.width
            slots.append(Slot(field: key.field, word: word, shift: Int64(free),
                              limit: (Int64(1) << key.field.width) - 1, descending: key.descending))
        }
        precondition(word < 4, "A policy order of distinct fields fits in 4 words")
        return slots
    }

    package func rank(of candidate: Candidate) -> Candidate.Rank {
        var rank = Candidate.Rank(0)
        for slot in slots {
            let raw = min(max(value(of: slot.field, candidate), 0), slot.limit)
            let bits = (slot.descending ? slot.limit - raw : raw) << slot.shift
            switch slot.word {
            case 0: rank.major |= bits
            case 1: rank.minor |= bits
            case 2: rank.third |= bits
            default: rank.fourth |= bits
            }
        }
        return rank
    }

    /// The field's value for the candidate, as an integer that sorts ascending.
    private func value(of field: Field, _ candidate: Candidate) -> Int64 {
        switch field {
        case .state: candidate.state == .suspended ? 0 : 1
        case .footprintMB: candidate.footprintKiB.count
        case .physicalMB: candidate.physicalKiB.count
        case .compressedMB: candidate.compressedKiB.count
        case .lastFrontmost: Int64(truncatingIfNeeded: candidate.lastFrontmostOrder)
        case .band: Int64(Self.jetsam.band(of: candidate) ?? 0)
        case .adj: Int64(Self.lmkd.adj(of: candidate))
        case .modeInUse: candidate.modesInUse.isEmpty ? 0 : 1
        }
    }

    private static let jetsam = JetsamPolicy()
    private static let lmkd = LMKDPolicy()

    /// With levels, the priority the levels compare is lmkd's adj (SPEC 33's `minfree`).
    package func priority(of candidate: Candidate) -> Int? {
        levels.isEmpty ? nil : Self.lmkd.adj(of: candidate)
    }

    /// lmkd's adj depends on the other candidates (the previous app, the cached ranks).
    package var usesRecency: Bool { !levels.isEmpty || order.contains { $0.field == .adj } }

    /// jetsam's band of a suspended app depends on its aging (SPEC 6); the idle kills and the
    /// reaper stay jetsam's (`usesBands` is false).
    package var tracksAging: Bool { order.contains { $0.field == .band } }

    package func killLevels(on device: Device) -> [Device.KillLevel] { levels }
}
