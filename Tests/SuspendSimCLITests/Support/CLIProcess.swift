import Foundation
// `packageRoot` for every file of this target: one owner, shared with `SuspendSimTests`.
@_exported import SuspendSimTestSupport
import Synchronization
import Testing

/// Runs the built `suspendsim` executable as a user would, and what it printed.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The `suspendsim` built next to this test bundle.
let executable: URL = {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    // Linux runs `.../debug/suspendsimPackageTests.xctest`; macOS `.../debug/X.xctest/Contents/MacOS/X`.
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("suspendsim").path), folder.path != "/" {
        folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("suspendsim")
}()

/// Runs `suspendsim arguments...` in `directory` (default: the package root), with an
/// 80-column terminal width so that help text wraps the same everywhere, and `environment`
/// added.
func suspendsim(_ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:]) throws -> CLIRun {
    try runProcess(executable, arguments, in: directory, environment: environment.merging(["COLUMNS": "80"]) { $1 })
}

/// Runs the program at `url` with `arguments` in `directory`, with `environment` added to
/// this process's; its status and output.
func runProcess(_ url: URL, _ arguments: [String], in directory: URL, environment extra: [String: String] = [:]) throws -> CLIRun {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes to the end before waiting, so a full pipe cannot block the child.
    let errData = Mutex<Data>(Data())
    let reader = Thread { errData.withLock { $0 = err.fileHandleForReading.readDataToEndOfFile() } }
    reader.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while reader.isExecuting || !reader.isFinished { usleep(1_000) }
    return CLIRun(status: process.terminationStatus,
                  stdout: String(decoding: outData, as: UTF8.self),
                  stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self))
}

/// A fresh temporary folder, removed after `body`.
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("suspendsim-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

/// Every file under `folder`, by relative path, with its bytes; not the folders' ownership
/// markers (`.suspendsim-folder`, docs/reports.md), which name the command and the folder:
/// reports compare by what they report (the marker has tests of its own).
func filesUnder(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
    for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true
        && url.lastPathComponent != ".suspendsim-folder" {
        let relative = String(url.resolvingSymlinksInPath().path.dropFirst(folder.resolvingSymlinksInPath().path.count + 1))
        files[relative] = try Data(contentsOf: url)
    }
    return files
}
