import Foundation
import Testing

/// Access levels say what they mean: a member of a `package` type is visible to the package at
/// most, so it is declared `package`, not `public` (which would promise users an API they cannot
/// reach).
@Suite struct AccessLevelTests {
    /// The lines of `text` that declare a member `public` inside the body of a top-level
    /// `package` declaration. A top-level declaration starts in the line's first column: an
    /// indented one (a member without a modifier, `    var x: Int`) is inside the type.
    static func publicMembersOfPackageTypes(in text: String) -> [String] {
        let topLevel = /^(?:@\w+(?:\([^)]*\))?\s+)*(?:(package|public|internal|private|fileprivate)\s+)?(?:final\s+|indirect\s+)?(struct|enum|class|extension|protocol|actor|func|let|var|typealias)\b/
        let publicMember = /^\s+(?:@\w+(?:\([^)]*\))?\s+)*public\b/
        var insidePackageType = false
        var found: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let match = line.firstMatch(of: topLevel) {
                insidePackageType = match.output.1 == "package" && match.output.2 != "extension"
            }
            if insidePackageType, line.firstMatch(of: publicMember) != nil { found.append(String(line)) }
        }
        return found
    }

    @Test("The measure finds a public member of a package type, and not one of a public type or an extension")
    func measureFindsPublicMembers() {
        let text = """
            package struct A {
                public var x: Int
                package var y: Int
            }
            public struct B {
                public var z: Int
            }
            extension A {
                public func f() {}
            }
            """
        #expect(Self.publicMembersOfPackageTypes(in: text) == ["    public var x: Int"])
    }

    @Test("The measure looks past a member declared without a modifier")
    func measureLooksPastUnmodifiedMembers() {
        let text = """
            package struct A {
                var count: Int
                struct Inner {}
                public var x: Int
                enum Kind { case a }
                public static func f() {}
            }
            struct C {
                public var y: Int
            }
            """
        #expect(Self.publicMembersOfPackageTypes(in: text) == ["    public var x: Int", "    public static func f() {}"])
    }

    @Test("No member of a package type in Sources is declared public")
    func packageTypesHaveNoPublicMembers() throws {
        let sources = LayerTests.sources
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted() ?? []
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in Self.publicMembersOfPackageTypes(in: text) {
                Issue.record("\(file): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }
}
