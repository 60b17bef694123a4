import ArgumentParser
import Foundation
@testable import SuspendSim
@testable import SuspendSimCLI
import Testing

/// Exit statuses are mapped in one place, `CommandFailure` (docs/reports.md "Exit statuses"):
/// each kind of failure has the status SPEC gives it, and no other file of the command line
/// spells a status.
@Suite struct ExitStatusTests {
    /// docs/reports.md "Exit statuses", with SPEC's sections: 1 a check failed (SPEC 9) or
    /// another failure; 2 bad input (SPEC 7, 14, 35); 64 a usage error (SPEC 14, 35); 73
    /// (`EX_CANTCREAT`) and 74 (`EX_IOERR`) of sysexits(3).
    static let specified: [CommandFailure: Int32] = [
        .checkFailed: 1, .failed: 1, .invalidInput: 2, .usage: 64, .cannotCreate: 73, .writeFailed: 74,
    ]

    @Test("Each kind of failure exits with the status the docs give it")
    func eachKindHasItsStatus() {
        #expect(Set(CommandFailure.allCases) == Set(Self.specified.keys))
        for failure in CommandFailure.allCases {
            #expect(failure.status == Self.specified[failure], "\(failure)")
        }
        // The command line's own mistakes exit alike, whether ArgumentParser or a command finds them.
        #expect(SuspendsimCommand.exitCode(for: ValidationError("x")).rawValue == CommandFailure.usage.status)
    }

    @Test("A write's system error picks 73 or 74 (sysexits(3)), else 1")
    func writeErrors() {
        for code in [EACCES, EPERM, EROFS, ENOTDIR, EISDIR, EEXIST] { #expect(CommandFailure(errno: code) == .cannotCreate, "\(code)") }
        for code in [ENOSPC, EDQUOT, EFBIG, EIO] { #expect(CommandFailure(errno: code) == .writeFailed, "\(code)") }
        #expect(CommandFailure(errno: ENOENT) == .failed)
        #expect(CommandFailure(errno: nil) == .failed)
        #expect(CommandFailure(writing: FolderOwnership.NotOurs(path: "notes")) == .cannotCreate)
        #expect(CommandFailure(writing: ReportWriter.Error("write", path: "a.csv", code: ENOSPC)) == .writeFailed)
        #expect(CommandFailure(writing: ReportWriter.Error("create", path: "a.csv", code: EROFS)) == .cannotCreate)
        #expect(CommandFailure(writing: CocoaError(.fileWriteUnknown)) == .failed)
    }

    @Test("A handled signal N exits 128 + N (SPEC 35: 130, 143, 129)")
    func signals() {
        #expect(CommandFailure.status(interruptedBy: SIGINT) == 130)
        #expect(CommandFailure.status(interruptedBy: SIGTERM) == 143)
        #expect(CommandFailure.status(interruptedBy: SIGHUP) == 129)
    }

    /// Whether a line of Swift spells an exit status: ArgumentParser's `ExitCode`, a call of
    /// the C library's `exit` or `_exit`, or a sysexits or `EXIT_` name; comments and string
    /// literals left out (a doc comment's "exit 64" is words).
    static func spellsExitStatus(_ line: Substring) -> Bool {
        let code = line.replacing(/"(?:[^"\\]|\\.)*"/, with: "").replacing(/\/\/.*/, with: "")
        // Simple word boundaries: by Unicode's default ones, `ExitCode.failure` is one word.
        let spelling = /\bExitCode\b|(?:^|[^\w.]|\b(?:Foundation|Glibc|Darwin)\.)_?exit\s*\(|\bEX_[A-Z]+\b|\bEXIT_(?:SUCCESS|FAILURE)\b/
        return code.contains(spelling.wordBoundaryKind(.simple))
    }

    @Test("The lint catches a status spelled in code, not in words")
    func lintCatchesWhatItMust() {
        let caught: [Substring] = [
            "throw ExitCode(64)", "            throw ExitCode.failure", "exit(128 + Int32(number))", "    Glibc.exit(2)",
            "_exit(1)", "static let cannotCreate = ExitCode(73)", "return EX_USAGE", "exit (EXIT_FAILURE)",
        ]
        let passed: [Substring] = [
            "/// exits 64 on a usage error (exit 64)", "throw CommandFailure.usage", "CommandFailure.endProcess(after: error)",
            "print(\"exit(2) and ExitCode\")", "case .exit(let category): category.rawValue", "let exitCount = 3 // ExitCode(1)",
        ]
        for line in caught { #expect(Self.spellsExitStatus(line), "\(line)") }
        for line in passed { #expect(!Self.spellsExitStatus(line), "\(line)") }
    }

    @Test("No file of the command line but CommandFailure.swift spells an exit status")
    func oneMapper() throws {
        let folders = ["Sources/SuspendSimCLI", "Sources/suspendsim"]
        var files: [String] = []
        for folder in folders {
            let names = FileManager.default.enumerator(atPath: packageFile(folder))?.compactMap { $0 as? String } ?? []
            files += names.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }
        }
        #expect(files.count > 20)
        #expect(files.contains("Sources/SuspendSimCLI/CommandFailure.swift"))
        var spelled: [String] = []
        for file in files.sorted() where file != "Sources/SuspendSimCLI/CommandFailure.swift" {
            let lines = try String(contentsOfFile: packageFile(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where Self.spellsExitStatus(line) {
                spelled.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(spelled.isEmpty, "an exit status belongs in CommandFailure:\n\(spelled.joined(separator: "\n"))")
    }
}
