import Foundation

/// The payload files `suspendsim import metrickit PAYLOAD.json...` names (SPEC 18): each
/// argument a file, or a folder whose `*.json` files are read in name order.
enum MetricKitPayloadFile {
    /// Every payload of the files `arguments` name, in order: the arguments in the order
    /// given, a folder's files in name order, each file's payloads in file order.
    ///
    /// - Throws: `ImportError` naming the file (and the JSON path) of the first problem: a
    ///   file that cannot be read, a folder with no `.json` file, a file that is not payloads.
    /// `region` (`--region`) overrides every payload's `metaData.regionFormat` (SPEC 26).
    static func read(_ arguments: [String], region: MetricKitRegion? = nil) throws(ImportError) -> [MetricKitPayload] {
        var payloads: [MetricKitPayload] = []
        for file in try files(arguments) {
            let data = Data(try ImportInputFile.read(file, expected: "a payload file"))
            payloads += try MetricKitPayloadReader(file: file, region: region).payloads(data)
        }
        return payloads
    }

    /// The files `arguments` name: a file as it is, a folder as its `*.json` files (not its
    /// hidden ones, not its subfolders), sorted by name (Swift's `String` order: `day10.json`
    /// before `day2.json`, as `ls` lists them in the C locale).
    ///
    /// - Throws: `ImportError` for an argument that does not exist or a folder without a
    ///   `.json` file.
    static func files(_ arguments: [String]) throws(ImportError) -> [String] {
        var files: [String] = []
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                throw ImportError(argument, "no such file or folder")
            }
            guard isFolder.boolValue else {
                files.append(argument)
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
            let folder = argument.hasSuffix("/") ? argument : argument + "/"
            let found = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
                .map { folder + $0 }
                .filter { path in
                    var isSubfolder: ObjCBool = false
                    return FileManager.default.fileExists(atPath: path, isDirectory: &isSubfolder) && !isSubfolder.boolValue
                }
            guard !found.isEmpty else { throw ImportError(argument, "a folder with no .json file") }
            files += found
        }
        return files
    }
}
