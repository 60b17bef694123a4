/// A usage trace in the LSApp format (SPEC 13; ACM TOIS 2021: 292 users, 87 apps): tab-separated
/// rows `user_id session_id timestamp app_name event_type`, found by a header row, timestamps
/// `YYYY-MM-DD HH:MM:SS` (naive local time, whole seconds), `event_type` one of `Opened`,
/// `Closed`, `User Interaction`, `Broken`.
///
/// Every read is one pass of `TraceIndex` over the file, which applies the row rules below. One
/// run keeps only its user's rows (`records(path:user:)`; SPEC 13): the others are skipped
/// unread (not validated), so a trace of any size replays in memory bounded by that user's rows.
/// A batch over trace users keeps every user's rows, read in one pass (`TraceIndexes`; SPEC 21).
enum UsageTrace {
    /// The columns the reader needs, by their header names.
    static let columns = ["user_id", "session_id", "timestamp", "app_name", "event_type"]

    /// One of the user's `Opened` or `Closed` rows.
    struct Record: Sendable, Hashable {
        /// Seconds since the user's first record.
        var seconds: Int64
        var app: String
        var opened: Bool
        var line: Int
    }

    /// A problem with the trace: its line (nil for the file as a whole), its column and what is
    /// wrong.
    struct Problem: Error, Sendable, Hashable {
        var line: Int?
        var column: String
        var message: String
    }

    /// The `Opened` and `Closed` rows of `user`, in file order, timed from the user's first
    /// row (of any event type).
    ///
    /// - Throws: `Problem` for a missing header column, a bad row of this user (a timestamp
    ///   that does not read, an unknown event type, an empty app name, a record earlier than the
    ///   user's previous one), or a user with no record.
    /// - Complexity: one pass over the file; memory O(the user's rows).
    static func records(path: String, user: String) throws(Problem) -> [Record] {
        try TraceIndex(path: path, selection: .only([Array(user.utf8)])).records(of: user)
    }

    /// Every user of the trace, in order of first appearance (for `user: all`).
    ///
    /// - Complexity: one pass over the file; memory O(users).
    static func users(path: String) throws(Problem) -> [String] {
        try TraceIndex(path: path, selection: .userList).users
    }

    /// Where the needed columns are in the trace's rows.
    struct Columns: Sendable {
        var user: Int, timestamp: Int, app: Int, event: Int

        /// The name of the first needed column a row of `count` fields lacks; nil when none.
        func firstMissing(in count: Int) -> String? {
            let needed = [("user_id", user), ("timestamp", timestamp), ("app_name", app), ("event_type", event)]
            return needed.sorted { $0.1 < $1.1 }.first { $0.1 >= count }?.0
        }

        /// The highest of the needed columns' positions.
        var last: Int { Swift.max(user, timestamp, app, event) }
    }

    /// The header row's column positions: the first line that is not blank.
    static func header(_ reader: TextLineReader) throws(Problem) -> Columns {
        var headerLine: Substring?
        while let line = reader.next() {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            headerLine = line
            break
        }
        guard let headerLine else { throw Problem(line: nil, column: "", message: "the trace is empty; expected a header row") }
        let names = headerLine.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        var positions: [String: Int] = [:]
        for column in columns {
            guard let position = names.firstIndex(of: column) else {
                throw Problem(line: reader.lineNumber, column: column, message: "the header row has no \(column) column (expected \(columns.joined(separator: ", ")), tab-separated)")
            }
            positions[column] = position
        }
        return Columns(user: positions["user_id"]!, timestamp: positions["timestamp"]!, app: positions["app_name"]!,
                       event: positions["event_type"]!)
    }
}
