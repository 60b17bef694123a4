@_spi(Generators) import SuspendSimCore
import Foundation

/// `apps:` entries that bring in the apps of another list (SPEC 7, docs/scenarios.md "A typical
/// day"): `{ include: typical-day }`, the bundled day (`Resources/typical-day.yaml`, compiled
/// into the module so that it is there wherever the binary is), or `{ include: PATH }`, the
/// apps of another scenario file, its path relative to the including file's folder.
///
/// - The included file must be a valid scenario of its own; its `apps:` (its own includes
///   expanded) take the include entry's place, in their order. Nothing else of it is taken.
/// - An app listed after an include with the id of an included app replaces that app in its
///   place; any other id listed twice, by entries or includes, is a duplicate, as without
///   includes. A file that includes itself, directly or through others, is bad input.
/// - The apps are read as the including file's own (its `--set app.ID.KEY` settings and its
///   release's default `lifecycle` apply to them).
extension ScenarioReader {
    /// One app entry of `apps:` once includes are expanded: its node and the field path
    /// messages name (`apps[2]`; `apps[0].include[5]` for an included app).
    struct AppItem: Sendable {
        var node: ScenarioNode
        var path: String
    }

    /// The sets `include:` names without a path, by name.
    static let bundledIncludes: [String: String] = [
        "typical-day": String(decoding: PackageResources.typical_day_yaml, as: UTF8.self),
    ]

    /// The key of `apps:` entries that include.
    static let includeKey = "include"

    /// `items` with each include entry replaced by the apps it brings, and each later entry
    /// with an included app's id put in that app's place. Problems are reported; an entry with
    /// one is left out.
    mutating func expandingIncludes(_ items: [ScenarioNode]) -> [AppItem] {
        var expanded: [AppItem] = []
        var included: [String: Int] = [:]     // id -> place in `expanded`, while replaceable
        var listed: [String: String] = [:]    // id -> the entry or include that brought it
        for (index, item) in items.enumerated() {
            let path = Self.path("apps", index)
            guard let target = includeTarget(item, path) else {
                if let id = Self.appID(item), let place = included.removeValue(forKey: id) {
                    expanded[place] = AppItem(node: item, path: path)
                } else {
                    if let id = Self.appID(item), listed[id] == nil { listed[id] = path }
                    expanded.append(AppItem(node: item, path: path))
                }
                continue
            }
            guard let target, var apps = includedApps(target, Self.path(path, Self.includeKey)) else { continue }
            if target.scalarText == TypicalDay.name, let factor = typicalDayFactor() {
                apps = apps.map { Self.scaling($0, by: factor, at: target.position) }
            }
            if target.scalarText == TypicalDay.name { given.includesTypicalDayApps = true }
            for (number, app) in apps.enumerated() {
                let id = Self.appID(app) ?? ""
                if let first = listed[id] {
                    report(target, Self.path(path, Self.includeKey),
                           "brings \(id), which \(first) lists already (an app listed after the include replaces the included one)")
                    continue
                }
                listed[id] = path
                included[id] = expanded.count
                expanded.append(AppItem(node: app, path: "\(path).include[\(number)]"))
            }
        }
        return expanded
    }

    /// For an include entry, `.some(its value)` (`.some(nil)` when the entry is wrong, reported);
    /// nil for any other entry.
    private mutating func includeTarget(_ item: ScenarioNode, _ path: String) -> ScenarioNode?? {
        guard case .mapping(let mapping) = item, let value = mapping.value(forKey: Self.includeKey) else { return nil }
        guard mapping.count == 1 else {
            report(item, path, "an include entry takes no other key: write the app's keys in an entry of its own")
            return .some(nil)
        }
        return .some(value)
    }

    /// The id an app entry gives, if it gives one as a string.
    static func appID(_ node: ScenarioNode) -> String? {
        guard case .mapping(let mapping) = node, let id = mapping.value(forKey: AppKey.id.rawValue),
              case .scalar(let scalar) = id, id.isStringScalar else { return nil }
        return scalar.string
    }

    /// The app entries of the list `node` names, its includes expanded; nil, reported, when
    /// it names nothing readable, a file that is not a valid scenario, or a cycle.
    private mutating func includedApps(_ node: ScenarioNode, _ field: String) -> [ScenarioNode]? {
        guard let name = nonEmptyString(node, field) else { return nil }
        let source: (key: String, file: String, text: String)
        if let text = Self.bundledIncludes[name] {
            source = ("bundled:" + name, name, text)
        } else {
            let folder = (file as NSString).deletingLastPathComponent
            let path = name.hasPrefix("/") || folder.isEmpty ? name : folder + "/" + name
            // A regular file only: a device such as /dev/zero would never end.
            let isFile = (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
            guard isFile, let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                let bundled = Self.bundledIncludes.keys.sorted().joined(separator: ", ")
                report(node, field, "cannot read '\(path)' (a path relative to this file's folder, or a bundled list: \(bundled))")
                return nil
            }
            source = (Self.includeChainKey(path), path, text)
        }
        let chain = includeChain.isEmpty ? [Self.includeChainKey(file)] : includeChain
        if let start = chain.firstIndex(of: source.key) {
            let cycle = (chain[start...] + [source.key]).map { $0.split(separator: "/").last.map(String.init) ?? $0 }
            report(node, field, "includes itself: " + cycle.joined(separator: " -> "))
            return nil
        }
        if let list = _IncludedApps.cached(key: source.key, text: source.text) {
            includeHash = Self.combining(includeHash, list.hash)
            return list.apps
        }
        let problems: [ScenarioLoader.Diagnostic]
        var apps: [ScenarioNode] = []
        var hash = BatchSeed.fnv1a(source.key + "\n" + source.text)
        do {
            let document = try YAMLDocument.compose(source.text, file: source.file)
            var reader = ScenarioReader(file: source.file, originalKeys: document.originalKeys)
            reader.includeChain = chain + [source.key]
            _ = reader.readScenario(document.root)
            problems = reader.diagnostics
            apps = reader.appItems.map(\.node)
            hash = Self.combining(hash, reader.includeHash)
        } catch {
            problems = error.diagnostics
        }
        guard problems.isEmpty else {
            let first = ScenarioLoader.sorted(problems, file: source.file)[0]
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            report(node, field, "\(source.file) is not a valid scenario: \(first)\(more)")
            return nil
        }
        _IncludedApps.store(.init(apps: apps, hash: hash), key: source.key, text: source.text)
        includeHash = Self.combining(includeHash, hash)
        return apps
    }

    /// `hash` followed by `next`, in order (FNV-1a over `next`'s bytes).
    private static func combining(_ hash: UInt64, _ next: UInt64) -> UInt64 {
        withUnsafeBytes(of: next.littleEndian) { BatchSeed.fnv1a($0, continuing: hash == 0 ? 0xCBF2_9CE4_8422_2325 : hash) }
    }

    /// A file's place in a chain of includes: its absolute path, `.` and `..` resolved.
    static func includeChainKey(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
