import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `TraceIndex` (SPEC 13, 21): one pass over a usage trace gives each user exactly what a run of
/// that user alone read before the index existed, rows and problems alike. The reference is the
/// per-user scan as it was (`ReferenceTraceScan`, below), run on generated traces whose users'
/// rows interleave, with faults.
@Suite struct TraceIndexTests {
    /// What reading one user gives: the records, or the problem.
    enum Outcome: Equatable, CustomStringConvertible {
        case records([UsageTrace.Record])
        case problem(UsageTrace.Problem)

        init(_ read: () throws(UsageTrace.Problem) -> [UsageTrace.Record]) {
            do { self = .records(try read()) } catch { self = .problem(error) }
        }

        var description: String {
            switch self {
            case .records(let records): "\(records.count) records, last \(records.last.map { "\($0)" } ?? "-")"
            case .problem(let problem): "line \(problem.line ?? 0): \(problem.column): \(problem.message)"
            }
        }
    }

    @Test("Every user's records and first problem from one index of every user are those of the per-user scan, over 150 generated traces with interleaved users and faults", arguments: 0..<150)
    func indexMatchesThePerUserScan(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/trace.tsv"
        try Data(Self.generatedTrace(seed: seed)).write(to: URL(fileURLWithPath: path))
        let every = try TraceIndex(path: path, selection: .everyUser)
        let users = try ReferenceTraceScan.users(path: path)
        #expect(every.users == users)
        #expect(try TraceIndex(path: path, selection: .userList).users == users)
        #expect(try UsageTrace.users(path: path) == users)
        for user in users + ["absent", "1 "] {
            let expected = Outcome { () throws(UsageTrace.Problem) in try ReferenceTraceScan.records(path: path, user: user) }
            #expect(Outcome { () throws(UsageTrace.Problem) in try every.records(of: user) } == expected, "seed \(seed), user '\(user)'")
            #expect(Outcome { () throws(UsageTrace.Problem) in try UsageTrace.records(path: path, user: user) } == expected,
                    "seed \(seed), user '\(user)'")
        }
    }

    @Test("The generated traces exercise the rules: users with records and users with each kind of problem")
    func generatedTracesHaveEveryOutcome() throws {
        let folder = try TemporaryFolder()
        var columns: Set<String> = []
        var withRecords = 0
        var withProblems = 0
        for seed in UInt64(0)..<40 {
            let path = folder.path + "/trace-\(seed).tsv"
            try Data(Self.generatedTrace(seed: seed)).write(to: URL(fileURLWithPath: path))
            let index = try TraceIndex(path: path, selection: .everyUser)
            for user in index.users {
                switch Outcome({ () throws(UsageTrace.Problem) in try index.records(of: user) }) {
                case .records(let records): withRecords += records.isEmpty ? 0 : 1
                case .problem(let problem):
                    withProblems += 1
                    columns.insert(problem.message.hasPrefix("the row has") ? "short" : problem.column)
                }
            }
        }
        #expect(withRecords >= 20 && withProblems >= 20, "\(withRecords) users with records, \(withProblems) with a problem")
        #expect(columns.isSuperset(of: ["short", "timestamp", "event_type", "app_name"]))
    }

    @Test("Problems with the file as a whole are the same from every reader: no file, no header row, a header without a column")
    func fileProblems() throws {
        let folder = try TemporaryFolder()
        let files = [
            folder.path + "/missing.tsv",
            try folder.write("empty.tsv", "\n \t\n"),
            try folder.write("headless.tsv", "\n\nuser\tsession_id\ttimestamp\tapp_name\tevent_type\n1\t1\t2019-03-01 08:00:00\tA\tOpened\n"),
        ]
        for path in files {
            let expected = Outcome { () throws(UsageTrace.Problem) in try ReferenceTraceScan.records(path: path, user: "1") }
            guard case .problem(let problem) = expected else {
                Issue.record("\(path) read")
                continue
            }
            for selection in [TraceIndex.Selection.everyUser, .userList, .only([Array("1".utf8)])] {
                #expect(throws: problem) { try TraceIndex(path: path, selection: selection) }
            }
            #expect(throws: problem) { try TraceIndexes().index(path: path, covering: "1") }
        }
    }

    @Test("A row is 16 bytes in the index (docs/batch-runs.md states the index's memory from it)")
    func rowSize() {
        #expect(MemoryLayout<TraceIndex.Row>.stride == 16)
        let row = TraceIndex.Row(seconds: -5, line: .max, app: (1 << 31) - 1, opened: true)
        #expect(row.seconds == -5 && row.line == .max && row.app == (1 << 31) - 1 && row.opened)
        #expect(!TraceIndex.Row(seconds: 0, line: 1, app: 7, opened: false).opened)
    }

    @Test("Timestamps read from bytes as from text: the canonical spelling without decoding, every other as before", arguments: [
        "2019-03-01 08:00:00", "2020-02-29 23:59:59", "2019-02-29 08:00:00", "2019-03-01 24:00:00", "2019-03-01  08:00:00",
        " 2019-03-01 08:00:00", "2019-+3-01 08:00:00", "2019-03-01 8:01:00", "2019-3-01 08:00:00", "0000-01-01 00:00:00",
        "2019-03-01T08:00:00", "2019-13-01 08:00:00", "", "2019-03-01 08:00:0\u{E9}",
    ])
    func timestampBytes(_ text: String) {
        #expect(UsageTrace.seconds(bytes: Array(text.utf8)[...]) == UsageTrace.seconds(text[...]))
    }

    // MARK: - Generated traces

    /// A trace in the LSApp format whose users' rows interleave at random: the header's columns
    /// in a random order with one more, blank lines, CRLF line ends, and now and then a fault
    /// (a short row, a timestamp spelled otherwise or wrong, a row earlier than the user's
    /// previous one, an unknown event type, an empty or odd app name).
    static func generatedTrace(seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        let names = ["user_id", "session_id", "timestamp", "app_name", "event_type", "note"].shuffled(using: &random)
        let users = ["1", "2", "3", "10", "07", "u\u{E9}", "1 ", "9"].prefix(Int(random.int(in: 2...8)))
        var clocks = [String: Int64]()
        var bytes: [UInt8] = Array(repeating: 0x0A, count: Int(random.int(in: 0...2)))
        bytes += Array(names.joined(separator: "\t").utf8) + [0x0A]
        for _ in 0..<random.int(in: 50...400) {
            let user = users.randomElement(using: &random)!
            clocks[user, default: random.int(in: 0...86_400)] += random.int(in: 0...600)
            var row = generatedRow(user: user, time: clocks[user]!, using: &random)
            if random.chance(2) { row["user_id"] = Array(users.randomElement(using: &random)!.utf8) }
            var line = names.map { row[$0] ?? [] }.joined(separator: [0x09]).map { $0 }
            if random.chance(2) { line = Array(line.prefix(Int(random.int(in: 0...Int64(line.count))))) }
            if random.chance(1) { line = random.chance(50) ? [] : Array(" \t ".utf8) }
            bytes += line + (random.chance(10) ? [0x0D, 0x0A] : [0x0A])
        }
        if random.chance(50), bytes.last == 0x0A { bytes.removeLast() }
        return bytes
    }

    /// One row's fields by column name.
    private static func generatedRow(user: String, time: Int64, using random: inout SplitMix64) -> [String: [UInt8]] {
        var stamp = timestamp(time)
        if random.chance(3) {
            stamp = ["2019-03-01 8:01:00", "2019-02-30 08:00:00", "2019-03-01  08:00:00", " " + stamp, "2019-+3-01 08:00:00",
                     "2019-03-01 24:00:00", timestamp(time - 3_600)].randomElement(using: &random)!
        }
        var event = ["Opened", "Closed", "Opened", "Closed", "User Interaction", "Broken"].randomElement(using: &random)!
        if random.chance(1) { event = ["Danced", "opened", "Opened "].randomElement(using: &random)! }
        var app = Array(["Gmail", "Maps", "Caf\u{E9}", "WhatsApp", "YouTube"].randomElement(using: &random)!.utf8)
        if random.chance(2) { app = random.chance(50) ? [] : [0x4D, 0xFF, 0x70] }
        return ["user_id": Array(user.utf8), "session_id": Array("\(time % 97)".utf8), "timestamp": Array(stamp.utf8),
                "app_name": app, "event_type": Array(event.utf8), "note": Array("n".utf8)]
    }

    /// `seconds` after 2019-03-01 00:00:00 as `YYYY-MM-DD HH:MM:SS` (within March).
    static func timestamp(_ seconds: Int64) -> String {
        let day = seconds / 86_400, rest = seconds % 86_400
        return String(format: "2019-03-%02lld %02lld:%02lld:%02lld", day + 1, rest / 3_600, rest % 3_600 / 60, rest % 60)
    }
}

/// The per-user scan of a usage trace as it was before `TraceIndex` (SPEC 13), kept as the
/// reference the index is compared with: one pass per user, keeping that user's rows.
enum ReferenceTraceScan {
    static func records(path: String, user: String) throws(UsageTrace.Problem) -> [UsageTrace.Record] {
        typealias Problem = UsageTrace.Problem
        guard let reader = TextLineReader(path: path) else { throw Problem(line: nil, column: "", message: "cannot open the trace file") }
        let index = try UsageTrace.header(reader)
        var records: [UsageTrace.Record] = []
        var first: Int64?
        var previous: Int64?
        var seen = false
        let userBytes = Array(user.utf8)[...]
        while let bytes = reader.nextBytes() {
            guard bytes.tabField(index.user).elementsEqual(userBytes), !bytes.isBlankLine else { continue }
            let line = String(decoding: bytes, as: UTF8.self)
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            seen = true
            let number = reader.lineNumber
            if let missing = index.firstMissing(in: fields.count) {
                throw Problem(line: number, column: missing, message: "the row has \(fields.count) columns, too few for this one")
            }
            guard let time = UsageTrace.seconds(fields[index.timestamp]) else {
                throw Problem(line: number, column: "timestamp", message: "must be YYYY-MM-DD HH:MM:SS, got '\(fields[index.timestamp])'")
            }
            if let previous, time < previous {
                throw Problem(line: number, column: "timestamp", message: "earlier than the user's previous record")
            }
            previous = time
            let start = first ?? time
            first = start
            let app = String(fields[index.app])
            let event = fields[index.event]
            switch event {
            case "Opened", "Closed":
                guard !app.isEmpty else { throw Problem(line: number, column: "app_name", message: "must not be empty") }
                // SPEC 35: a name that is not UTF-8 is refused, never read with U+FFFD. The
                // generator's only such name is `M FF p`: 0xFF, its second byte, is never UTF-8.
                if String(validating: bytes.tabField(index.app), as: UTF8.self) == nil {
                    throw Problem(line: number, column: "app_name", message: "is not valid UTF-8: byte 2 (0xFF) begins an ill-formed sequence "
                        + "of 1 byte; an identifier must be UTF-8 text (SPEC 35)")
                }
                records.append(UsageTrace.Record(seconds: time - start, app: app, opened: event == "Opened", line: number))
            case "User Interaction", "Broken":
                continue
            default:
                throw Problem(line: number, column: "event_type", message: "must be Opened, Closed, User Interaction or Broken, got '\(event)'")
            }
        }
        guard seen else { throw Problem(line: nil, column: "user_id", message: "no record of user '\(user)'") }
        return records
    }

    static func users(path: String) throws(UsageTrace.Problem) -> [String] {
        guard let reader = TextLineReader(path: path) else {
            throw UsageTrace.Problem(line: nil, column: "", message: "cannot open the trace file")
        }
        let index = try UsageTrace.header(reader)
        var users: [String] = []
        var known: Set<[UInt8]> = []
        while let bytes = reader.nextBytes() {
            let user = bytes.tabField(index.user)
            guard !user.isEmpty, !known.contains(Array(user)) else { continue }
            known.insert(Array(user))
            users.append(String(decoding: user, as: UTF8.self))
        }
        return users
    }
}
