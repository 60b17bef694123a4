/// One device, one release (SPEC 26; SPEC 27 "Field data (26)": Filtering): the payloads of
/// one app may come from several devices and iOS releases, and the scenario has one of each.
///
/// First the device, then the release within the kept device's payloads:
/// - devices are told apart by catalog model (one model has several product ids); a product
///   id the catalog does not know counts as itself. `--device PRODUCT_OR_MODEL` (a model, a
///   product id or a marketing name) keeps that device's payloads; without it the most frequent
///   device is kept (ties: the first in file order);
/// - releases are `MAJOR.MINOR` of `osVersion`: `--ios 17` keeps every 17.x, `--ios 17.2`
///   keeps 17.2.x; without it the most frequent release is kept;
/// - a payload without `deviceType` (or a readable `osVersion`) is left out when others have
///   one, and kept when none has.
///
/// Each left-out payload is counted once, under the first filter that left it out, and a
/// note says how many were kept and left out by each.
extension MetricKitFacts {
    /// The payloads kept by the device and release filters, and the note saying so (nil when
    /// none was left out and no filter was asked for).
    ///
    /// - Throws: `ImportError` when `--device` or `--ios` keeps no payload, naming what the
    ///   payloads have.
    static func filtered(_ payloads: [MetricKitPayload], device: String?, ios: String?) throws(ImportError)
        -> (kept: [MetricKitPayload], note: String?) {
        let wantedDevice = device.map { DeviceCatalog.shipped.entry(named: $0)?.model ?? $0 }
        let byDevice = try keep(payloads, key: deviceKey, wanted: wantedDevice.map { wanted in { $0 == wanted } },
                                what: "device", asked: device.map { "--device \($0)" })
        let releaseMatches: ((String) -> Bool)? = ios.map { wanted in
            { release in wanted.contains(".") ? release == normalized(wanted) : release.hasPrefix(normalized(wanted) + ".") }
        }
        let byRelease = try keep(byDevice.kept, key: { $0.osVersion.flatMap(iosRelease) }, wanted: releaseMatches,
                                 what: "release", asked: ios.map { "--ios \($0)" })
        let leftByDevice = payloads.count - byDevice.kept.count
        let leftByRelease = byDevice.kept.count - byRelease.kept.count
        guard leftByDevice + leftByRelease > 0 || device != nil || ios != nil else { return (byRelease.kept, nil) }
        let note = "kept \(byRelease.kept.count) of \(payloads.count) payload\(payloads.count == 1 ? "" : "s") "
            + "(device \(wantedDevice ?? byDevice.chosen ?? "unknown"), iOS \(ios.map(normalized) ?? byRelease.chosen ?? "unknown")): "
            + "left out \(leftByDevice) by device and \(leftByRelease) by release"
        return (byRelease.kept, note)
    }

    /// A payload's device: its catalog model, else its product id; nil without `deviceType`.
    private static func deviceKey(_ payload: MetricKitPayload) -> String? {
        payload.deviceType.map { DeviceCatalog.shipped.entry(product: $0)?.model ?? $0 }
    }

    /// `"17"` as `"17"`, `"17.02"` as `"17.2"`: the release as `iosRelease` writes it.
    private static func normalized(_ release: String) -> String {
        release.split(separator: ".").map { Int($0).map(String.init) ?? String($0) }.joined(separator: ".")
    }

    /// The payloads whose `key` matches `wanted` (nil: equals the most frequent key), and the
    /// most frequent key when it chose; all of them when no payload has a key.
    private static func keep(_ payloads: [MetricKitPayload], key: (MetricKitPayload) -> String?,
                             wanted: ((String) -> Bool)?, what: String, asked: String?) throws(ImportError)
        -> (kept: [MetricKitPayload], chosen: String?) {
        let keys = payloads.compactMap(key)
        guard !keys.isEmpty else { return (payloads, nil) }
        let matches: (String) -> Bool
        let chosen: String?
        if let wanted {
            matches = wanted
            chosen = nil
        } else {
            let vote = mostFrequent(keys)?.value
            matches = { $0 == vote }
            chosen = vote
        }
        let kept = payloads.filter { key($0).map(matches) ?? false }
        guard !kept.isEmpty else {
            let counts = mostFrequent(keys)?.counts.map { "\($0.value) in \($0.count)" }.joined(separator: ", ") ?? ""
            throw ImportError(unplaced: "no payload is of the \(what) \(asked ?? "") asks for: the payloads have \(counts)")
        }
        return (kept, chosen)
    }
}
