/// A usage trace in the LSApp format (SPEC 13; ACM TOIS 2021: 292 users, 87 apps): tab-separated
/// rows `user_id session_id timestamp app_name event_type`, found by a header row, timestamps
/// `YYYY-MM-DD HH:MM:SS` (naive local time, whole seconds), `event_type` one of `Opened`,
/// `Closed`, `User Interaction`, `Broken`.
///
/// Only one user's rows are read into memory; the others are skipped unread (not validated),
/// so a trace of any size replays in memory bounded by that user's rows.
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
    struct Problem: Error, Sendable {
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
    static func records(path: String, user: String) throws(Problem) -> [Record] {
        guard let reader = TextLineReader(path: path) else { throw Problem(line: nil, column: "", message: "cannot open the trace file") }
        let index = try header(reader)
        var records: [Record] = []
        var first: Int64?
        var previous: Int64?
        var seen = false
        let userBytes = Array(user.utf8)[...]
        while let bytes = reader.nextBytes() {
            // Other users' rows are skipped on their user_id's bytes, undecoded and unchecked.
            guard bytes.tabField(index.user).elementsEqual(userBytes), !bytes.isBlankLine else { continue }
            let line = String(decoding: bytes, as: UTF8.self)
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            seen = true
            let number = reader.lineNumber
            if let missing = index.firstMissing(in: fields.count) {
                throw Problem(line: number, column: missing, message: "the row has \(fields.count) columns, too few for this one")
            }
            guard let time = seconds(fields[index.timestamp]) else {
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
                records.append(Record(seconds: time - start, app: app, opened: event == "Opened", line: number))
            case "User Interaction", "Broken":
                continue
            default:
                throw Problem(line: number, column: "event_type", message: "must be Opened, Closed, User Interaction or Broken, got '\(event)'")
            }
        }
        guard seen else { throw Problem(line: nil, column: "user_id", message: "no record of user '\(user)'") }
        return records
    }

    /// Every user of the trace, in order of first appearance (for `user: all`).
    static func users(path: String) throws(Problem) -> [String] {
        guard let reader = TextLineReader(path: path) else { throw Problem(line: nil, column: "", message: "cannot open the trace file") }
        let index = try header(reader)
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

    /// The header row's column positions.
    /// Where the needed columns are in the trace's rows.
    private struct Columns {
        var user: Int, timestamp: Int, app: Int, event: Int

        /// The name of the first needed column a row of `count` fields lacks; nil when none.
        func firstMissing(in count: Int) -> String? {
            let needed = [("user_id", user), ("timestamp", timestamp), ("app_name", app), ("event_type", event)]
            return needed.sorted { $0.1 < $1.1 }.first { $0.1 >= count }?.0
        }
    }

    private static func header(_ reader: TextLineReader) throws(Problem) -> Columns {
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

    /// `YYYY-MM-DD HH:MM:SS` as seconds since 1970-01-01 00:00:00 of the same (naive) clock;
    /// nil when it does not read.
    static func seconds(_ text: Substring) -> Int64? {
        let parts = text.split(separator: " ")
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        let time = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard date.count == 3, time.count == 3, date[0].count == 4, [date[1], date[2], time[0], time[1], time[2]].allSatisfy({ $0.count == 2 }),
              let year = Int64(date[0]), let month = Int64(date[1]), let day = Int64(date[2]),
              let hour = Int64(time[0]), let minute = Int64(time[1]), let second = Int64(time[2]),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        return daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
