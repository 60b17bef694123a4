extension MetricKitFacts {
    /// The device the payloads were on (SPEC 18): the catalog model (SPEC 11) whose product
    /// ids include `metaData.deviceType`, and the iOS release of `metaData.osVersion`, each
    /// the value every payload gives or, when they disagree, the most frequent one (ties: the
    /// first in file order) with a note. Payloads without the field do not vote. A product id
    /// the catalog does not know leaves the scenario's device as it is (`model` nil,
    /// `unknownProduct` the id); the release is the payloads' all the same (SPEC 18).
    static func device(_ payloads: [MetricKitPayload], notes: inout [String]) -> Device? {
        var device = Device()
        if let vote = mostFrequent(payloads.compactMap(\.deviceType)) {
            if vote.counts.count > 1 {
                notes.append("the payloads name \(vote.counts.count) device types (\(Self.tally(vote.counts))): "
                    + "device.model is that of the most frequent\(Self.tieNote(vote.counts)), \(vote.value)")
            }
            if let entry = DeviceCatalog.shipped.entry(product: vote.value) {
                device.model = entry
            } else {
                // The import's note names what the scenario keeps (`MetricKitImport.putDevice`).
                device.unknownProduct = vote.value
            }
        }
        var releases: [String] = []
        for payload in payloads {
            guard let osVersion = payload.osVersion else { continue }
            if let release = iosRelease(osVersion) {
                releases.append(release)
            } else {
                notes.append("\(payload.place): metaData.osVersion \"\(osVersion)\" names no iOS release; not counted")
            }
        }
        if let vote = mostFrequent(releases) {
            if vote.counts.count > 1 {
                notes.append("the payloads name \(vote.counts.count) iOS releases (\(Self.tally(vote.counts))): "
                    + "device.ios is the most frequent\(Self.tieNote(vote.counts)), \(vote.value)")
            }
            device.ios = vote.value
        }
        return device.model == nil && device.ios == nil && device.unknownProduct == nil ? nil : device
    }

    /// The most frequent of `values` (ties: the first in order), with every value's count in
    /// order of first appearance; nil for no value.
    ///
    /// - Complexity: O(n × d), d the number of distinct values.
    static func mostFrequent(_ values: [String]) -> (value: String, counts: [(value: String, count: Int)])? {
        var counts: [(value: String, count: Int)] = []
        for value in values {
            if let index = counts.firstIndex(where: { $0.value == value }) { counts[index].count += 1 } else { counts.append((value, 1)) }
        }
        // `max(by:)` keeps the last of equal elements; the first is wanted.
        guard let best = counts.indices.min(by: { (-counts[$0].count, $0) < (-counts[$1].count, $1) }) else { return nil }
        return (counts[best].value, counts)
    }

    /// `" (a tie: the first in file order)"` when two values share the highest count, else "".
    private static func tieNote(_ counts: [(value: String, count: Int)]) -> String {
        let highest = counts.map(\.count).max() ?? 0
        return counts.filter { $0.count == highest }.count > 1 ? " (a tie: the first in file order)" : ""
    }

    /// `"iPhone12,1 in 2 payloads, iPhone14,7 in 1"`, for notes.
    private static func tally(_ counts: [(value: String, count: Int)]) -> String {
        counts.enumerated().map { index, entry in
            "\(entry.value) in \(entry.count)" + (index == 0 ? " payload\(entry.count == 1 ? "" : "s")" : "")
        }.joined(separator: ", ")
    }

    /// The release `"MAJOR.MINOR"` of an `MXMetaData.osVersion`: its first word that starts
    /// with a digit, cut to two parts (`"iPhone OS 17.2.1 (21C66)"` gives `"17.2"`, `"iOS 18
    /// (22A3354)"` gives `"18.0"`); nil when no word is such a version.
    static func iosRelease(_ osVersion: String) -> String? {
        for word in osVersion.split(separator: " ") {
            guard let first = word.unicodeScalars.first, ("0"..."9").contains(first) else { continue }
            let parts = word.split(separator: ".", omittingEmptySubsequences: false)
            guard let major = Int(parts[0]), let minor = parts.count > 1 ? Int(parts[1]) : 0 else { return nil }
            let release = "\(major).\(minor)"
            return IOSVersion(release) == nil ? nil : release
        }
        return nil
    }
}
