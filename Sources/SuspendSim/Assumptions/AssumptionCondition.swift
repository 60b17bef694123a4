/// One atom of a row's `applies` (SPEC 36): atoms are joined by ` and `, and a row's default is
/// taken when every atom holds for the run's resolved device, profile, policy and workload.
package enum AssumptionCondition: Sendable, Hashable {
    case always
    /// `ios < V`: false under the classic profile (no `ios:`).
    case iosBelow(IOSVersion)
    /// `ios >= V`: false under the classic profile.
    case iosAtLeast(IOSVersion)
    /// `profile classic`: the file gives no `ios:`.
    case profileClassic
    /// `policy P`.
    case policy(String)
    /// `ram_mb <= N`.
    case ramAtMost(Int)
    /// `ram_mb > N`.
    case ramAbove(Int)
    /// `model set`: the device names a catalog model.
    case modelSet
    /// `model unset`.
    case modelUnset
    case compressorOn
    case freezerOn
    case reaperOn
    /// `workload plain`: a generated workload that is not the typical day.
    case workloadPlain
    /// `workload typical-day`.
    case workloadTypicalDay
    /// `apps include typical-day`.
    case appsIncludeTypicalDay

    /// The atoms of an `applies` field.
    static func parseAll(_ text: String) throws(AssumptionRow.FieldError) -> [AssumptionCondition] {
        var atoms: [AssumptionCondition] = []
        for part in andParts(text) {
            atoms.append(try AssumptionCondition(parsing: String(part)))
        }
        return atoms
    }

    /// `text` split at each ` and `, from the left, empty parts kept: what
    /// `text.split(separator: " and ", omittingEmptySubsequences: false)` gives. An ASCII text
    /// (the shipped table's) is split by comparing bytes, where each byte is a character of
    /// its own as far as the separator can tell (none of its characters joins a neighbour);
    /// any other goes through that call. The call's generic searcher took 2.9 M instructions
    /// for the shipped table's 87 rows, parsed at every start (docs/performance.md).
    static func andParts(_ text: String) -> [Substring] {
        let bytes = text.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return text.split(separator: " and ", omittingEmptySubsequences: false)
        }
        var parts: [Substring] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while let end = bytes.index(index, offsetBy: 5, limitedBy: bytes.endIndex) {
            if bytes[index..<end].elementsEqual(" and ".utf8) {
                parts.append(text[start..<index])
                start = end
                index = end
            } else {
                index = bytes.index(after: index)
            }
        }
        parts.append(text[start...])
        return parts
    }

    /// The atoms spelled without an operand.
    private static let words: [String: AssumptionCondition] = [
        "always": .always, "profile classic": .profileClassic, "model set": .modelSet,
        "model unset": .modelUnset, "compressor on": .compressorOn, "freezer on": .freezerOn,
        "reaper on": .reaperOn, "workload plain": .workloadPlain,
        "workload typical-day": .workloadTypicalDay, "apps include typical-day": .appsIncludeTypicalDay,
    ]

    /// One atom, from SPEC 36's list only.
    init(parsing text: String) throws(AssumptionRow.FieldError) {
        if let word = Self.words[text] {
            self = word
            return
        }
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard words.count == 3 || (words.count == 2 && words[0] == "policy") else {
            throw AssumptionRow.FieldError(message: "applies atom '\(text)' is not one of SPEC 36's")
        }
        if words.count == 2 {
            guard !words[1].isEmpty else { throw AssumptionRow.FieldError(message: "applies atom '\(text)' names no policy") }
            self = .policy(words[1])
            return
        }
        switch (words[0], words[1]) {
        case ("ios", "<"), ("ios", ">="):
            guard let version = IOSVersion(words[2]) else {
                throw AssumptionRow.FieldError(message: "applies atom '\(text)': '\(words[2])' is not an iOS version")
            }
            self = words[1] == "<" ? .iosBelow(version) : .iosAtLeast(version)
        case ("ram_mb", "<="), ("ram_mb", ">"):
            guard let mb = Int(words[2]), mb >= 0 else {
                throw AssumptionRow.FieldError(message: "applies atom '\(text)': '\(words[2])' is not a whole number of MB")
            }
            self = words[1] == "<=" ? .ramAtMost(mb) : .ramAbove(mb)
        default:
            throw AssumptionRow.FieldError(message: "applies atom '\(text)' is not one of SPEC 36's")
        }
    }
}
