import Foundation

extension ScenarioLoader {
    /// The extensions a folder's scenario files have (compared ignoring case).
    static let scenarioExtensions: Set<String> = ["yaml", "yml", "json"]

    /// Expands files and folders into scenario file paths: a folder gives its `*.yaml`,
    /// `*.yml` and `*.json` files (not recursive, hidden files left out), sorted by name; a
    /// file is kept as given, whatever its extension. Paths keep the order given.
    ///
    /// - Throws: `ScenarioLoader.Error` with one diagnostic per path that does not exist or
    ///   cannot be listed. An empty folder is not an error.
    /// - Complexity: O(n log n) in the number of entries of each folder.
    public static func scenarioFiles(in paths: [String]) throws(ScenarioLoader.Error) -> [String] {
        var files: [String] = []
        var diagnostics: [ScenarioLoader.Diagnostic] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                diagnostics.append(ScenarioLoader.Diagnostic(file: path, message: "no such file or folder" + NearestNames.didYouMean(path: path), kind: .file))
                continue
            }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                diagnostics.append(
                    ScenarioLoader.Diagnostic(file: path, message: "cannot list the folder: \(error.localizedDescription)", kind: .file))
                continue
            }
            let folder = path.hasSuffix("/") ? path : path + "/"
            for name in names.sorted() where isScenarioFileName(name) {
                var isSubfolder: ObjCBool = false
                let file = folder + name
                if FileManager.default.fileExists(atPath: file, isDirectory: &isSubfolder), !isSubfolder.boolValue {
                    files.append(file)
                }
            }
        }
        guard diagnostics.isEmpty else { throw ScenarioLoader.Error(diagnostics: diagnostics) }
        return files
    }

    /// Whether a folder entry's name looks like a scenario file.
    private static func isScenarioFileName(_ name: String) -> Bool {
        guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
        return scenarioExtensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
