import Foundation
import Testing

/// The layers (docs/architecture.md): `SuspendSimCore` is the simulation alone, pure Swift on
/// swift-collections, so that it runs anywhere and its rules can be read without I/O in the
/// way. Foundation is importable on every platform, so the build cannot enforce this: this
/// test does.
@Suite struct LayerTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    @Test("SuspendSimCore imports only the standard library, Synchronization and HeapModule: no Foundation, no Yams, no file layer")
    func coreImportsNothingElse() throws {
        let allowed: Set<String> = ["HeapModule", "Synchronization"]
        let folder = Self.sources.appendingPathComponent("SuspendSimCore")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 30)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let importIndex = words.firstIndex(of: "import"), importIndex + 1 < words.count,
                      words[..<importIndex].allSatisfy({ $0.hasPrefix("@") || $0 == "package" || $0 == "public" })
                else { continue }
                let module = String(words[importIndex + 1])
                #expect(allowed.contains(module), "\(file) imports \(module)")
            }
        }
    }
}
