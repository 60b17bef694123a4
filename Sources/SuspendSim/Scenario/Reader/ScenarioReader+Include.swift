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
/// - Includes are bounded (SPEC 35 "Includes"): a chain of includes is at most
///   `InputLimits.includeDepth` files long below the scenario, so that reading, which nests a
///   reader per included file, stays well within a thread's stack; and each include adds to
///   the document the node count of the apps it brings (every key, value and collection counts
///   1, its own includes expanded), at most `InputLimits.aliasNodes` in all, as aliases do. The
///   include that passes either bound is the error, at its entry.
/// - One reading reads each list once (`IncludeMemo`), valid or not: a file that includes the
///   next twice, twenty files deep, costs twenty readings, not 2^20.
extension ScenarioReader {
    /// One app entry of `apps:` once includes are expanded: its node and the field path
    /// messages name (`apps[2]`; `apps[0].include[5]` for an included app), and whether an
    /// `include:` brought it (`Scenario.Given.includedAppIDs`).
    struct AppItem: Sendable {
        var node: ScenarioNode
        var path: String
        var isIncluded = false
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
            guard let target, let list = includedApps(target, Self.path(path, Self.includeKey)) else { continue }
            includeNodes += list.nodes
            guard includeNodes <= InputLimits.aliasNodes else {
                report(target, Self.path(path, Self.includeKey), "this include brings \(list.nodes) nodes, and the includes of the document "
                    + "would add \(includeNodes): more than the \(InputLimits.aliasNodes) includes may add (SPEC 35)")
                includeNodes -= list.nodes
                continue
            }
            var apps = list.apps
            if target.scalarText == TypicalDay.name {
                given.includesTypicalDayApps = true
                if let factor = typicalDayFactor() { apps = apps.map { Self.scaling($0, by: factor, at: target.position) } }
            }
            for (number, app) in apps.enumerated() {
                let id = Self.appID(app) ?? ""
                if let first = listed[id] {
                    report(target, Self.path(path, Self.includeKey),
                           "brings \(id), which \(first) lists already (an app listed after the include replaces the included one)")
                    continue
                }
                listed[id] = path
                included[id] = expanded.count
                expanded.append(AppItem(node: app, path: "\(path).include[\(number)]", isIncluded: true))
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

    /// The list `node` names, its includes expanded; nil, reported, when it names nothing
    /// readable, a file that is not a valid scenario, a cycle, or a chain too deep.
    private mutating func includedApps(_ node: ScenarioNode, _ field: String) -> _IncludedApps.List? {
        guard let name = nonEmptyString(node, field) else { return nil }
        let source: IncludeSource
        if let text = Self.bundledIncludes[name] {
            source = IncludeSource(key: "bundled:" + name, file: name, text: text)
        } else {
            let folder = (file as NSString).deletingLastPathComponent
            let path = name.hasPrefix("/") || folder.isEmpty ? name : folder + "/" + name
            let key = Self.includeChainKey(path)
            if let known = includeMemo.texts[key] {
                source = IncludeSource(key: key, file: path, text: known)
            } else {
                // A regular file only: a device such as /dev/zero would never end.
                let isFile = (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
                guard isFile, let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                    let bundled = Self.bundledIncludes.keys.sorted().joined(separator: ", ")
                    report(node, field, "cannot read '\(path)' (a path relative to this file's folder, or a bundled list: \(bundled))")
                    return nil
                }
                includeMemo.texts[key] = text
                source = IncludeSource(key: key, file: path, text: text)
            }
        }
        let chain = includeChain.isEmpty ? [Self.includeChainKey(file)] : includeChain
        if let start = chain.firstIndex(of: source.key) {
            let cycle = (chain[start...] + [source.key]).map { $0.split(separator: "/").last.map(String.init) ?? $0 }
            report(node, field, "includes itself: " + cycle.joined(separator: " -> "))
            return nil
        }
        let outcome: IncludeMemo.Outcome
        if let known = includeMemo.outcomes[source.key] {
            outcome = known
        } else if let list = _IncludedApps.cached(key: source.key, text: source.text) {
            outcome = .valid(list)
        } else {
            // Past the bound, the file is not read at all: reading nests no deeper.
            guard chain.count <= InputLimits.includeDepth else {
                return tooDeep(node, field, through: source.file)
            }
            outcome = reading(source, below: chain)
            if case .valid(let list) = outcome { _IncludedApps.store(list, key: source.key, text: source.text) }
        }
        includeMemo.outcomes[source.key] = outcome
        switch outcome {
        case .invalid(let message, let deep):
            if let deep { return tooDeep(node, field, through: deep) }
            report(node, field, message)
            return nil
        case .valid(let list):
            guard chain.count + list.height <= InputLimits.includeDepth else { return tooDeep(node, field, through: source.file) }
            includeHash = Self.combining(includeHash, list.hash)
            includeHeight = max(includeHeight, list.height + 1)
            for file in list.files where !includedFiles.contains(file) { includedFiles.append(file) }
            return list
        }
    }

    /// Reads the list `source` holds, as a scenario of its own below `chain`.
    private func reading(_ source: IncludeSource, below chain: [String]) -> IncludeMemo.Outcome {
        var hash = BatchSeed.fnv1a(source.key + "\n" + source.text)
        let reader: ScenarioReader
        do {
            let document = try YAMLDocument.compose(source.text, file: source.file)
            var nested = ScenarioReader(file: source.file, originalKeys: document.originalKeys)
            nested.includeChain = chain + [source.key]
            nested.includeMemo = includeMemo
            _ = nested.readScenario(document.root)
            reader = nested
        } catch {
            let problems = error.diagnostics
            return .invalid(Self.notValid(source.file, problems), tooDeep: nil)
        }
        if let deep = reader.includeTooDeep { return .invalid("", tooDeep: deep) }
        guard reader.diagnostics.isEmpty else { return .invalid(Self.notValid(source.file, reader.diagnostics), tooDeep: nil) }
        hash = Self.combining(hash, reader.includeHash)
        let apps = reader.appItems.map(\.node)
        let files = (source.key.hasPrefix("bundled:") ? [] : [source.key]) + reader.includedFiles
        return .valid(.init(apps: apps, hash: hash, nodes: apps.reduce(0) { $0 + $1.nodeCount }, height: reader.includeHeight, files: files))
    }

    /// Reports the chain of includes through `file` as too deep (SPEC 35); nil.
    private mutating func tooDeep(_ node: ScenarioNode, _ field: String, through deep: String) -> _IncludedApps.List? {
        includeTooDeep = includeTooDeep ?? deep
        report(node, field, "includes nest more than \(InputLimits.includeDepth) files deep through \(deep) (SPEC 35)")
        return nil
    }

    /// The message for an included `file` that is not valid: its first problem, and how many more.
    private static func notValid(_ file: String, _ problems: [ScenarioLoader.Diagnostic]) -> String {
        let first = ScenarioLoader.sorted(problems, file: file)[0]
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        return "\(file) is not a valid scenario: \(first)\(more)"
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

/// A list an include names: its key in a chain (absolute path, or `bundled:NAME`), the name
/// messages give it, and its text.
struct IncludeSource {
    var key: String
    var file: String
    var text: String
}

/// What one reading of a scenario found of each list its includes name, its includes'
/// includes too, by key: each list is read once per reading (SPEC 35 "Includes": linear time).
/// Shared by the nested readers, so a reference.
final class IncludeMemo {
    /// A list read: valid, or the message its include entry reports (`tooDeep`: the file
    /// through which a chain passed the depth bound, reported as such).
    enum Outcome {
        case valid(_IncludedApps.List)
        case invalid(String, tooDeep: String?)
    }

    var outcomes: [String: Outcome] = [:]
    /// The text of each file read, by key.
    var texts: [String: String] = [:]
}

extension ScenarioNode {
    /// The nodes of this tree: every key, value and collection counts 1 (SPEC 35 "Aliases").
    /// A loop, not recursion: a tree nested deep does not grow the stack.
    var nodeCount: Int {
        var count = 0
        var pending = [self]
        while let node = pending.popLast() {
            count += 1
            switch node {
            case .scalar, .alias: break
            case .sequence(let sequence): pending.append(contentsOf: sequence.items)
            case .mapping(let mapping):
                for entry in mapping { pending.append(entry.key); pending.append(entry.value) }
            }
        }
        return count
    }
}
