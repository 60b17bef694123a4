/// The `Opened` and `Closed` rows of some users of a usage trace, read in one pass over the file
/// (SPEC 13, 21), each user's rows checked by SPEC 13's rules as a run of that user alone would
/// check them, and kept compact: a row in 16 bytes, each app name once.
///
/// ```swift
/// let index = try TraceIndex(path: "lsapp.tsv", selection: .everyUser)
/// for user in index.users { let records = try index.records(of: user) }
/// ```
///
/// One run reads an index of its user alone (`UsageTrace.records(path:user:)`: memory O(the
/// user's rows), SPEC 13); a batch over trace users reads one index of all of them, which
/// every point and run of the batch shares (`TraceIndexes`, SPEC 21). The index is a value,
/// immutable once read, so any number of threads may read it at once.
///
/// - Memory: 16 bytes per `Opened` or `Closed` row of the users covered, plus, per user, its id,
///   its range of rows and its problem (at most about 200 bytes), and each app name once; the
///   users' ids once more for `users`. The pass itself holds at most about three times the
///   rows' part (each user's rows grow in an array of their own, then are copied into one), and
///   256 KiB of the file.
/// - Limits: a covered row past line 4,294,967,295 cannot be indexed: the pass throws.
struct TraceIndex: Sendable {
    /// Which users' rows a pass keeps.
    enum Selection: Sendable, Hashable {
        /// Every user's rows, and `users`: a batch over every user (`user: all`).
        case everyUser
        /// These users' rows only, by their `user_id` bytes: the other users' rows are skipped
        /// undecoded and unchecked, as SPEC 13 has one run read the trace.
        case only(Set<[UInt8]>)
        /// No user's rows, only `users` (`user: all` read outside a batch).
        case userList

        /// Whether the pass keeps the rows of the user whose id has these bytes.
        func covers(_ user: [UInt8]) -> Bool {
            switch self {
            case .everyUser: true
            case .only(let users): users.contains(user)
            case .userList: false
            }
        }

        /// Whether a pass with this selection keeps every row and lists every user that one
        /// with `other` keeps or lists.
        func includes(_ other: Selection) -> Bool {
            switch (self, other) {
            case (.everyUser, _), (.userList, .userList): true
            case (.only(let mine), .only(let theirs)): theirs.isSubset(of: mine)
            case (.only, .everyUser), (.only, .userList), (.userList, .everyUser), (.userList, .only): false
            }
        }

        /// Whether the pass lists the users.
        var listsUsers: Bool {
            switch self {
            case .everyUser, .userList: true
            case .only: false
            }
        }
    }

    /// One `Opened` or `Closed` row, in 16 bytes.
    struct Row: Sendable {
        /// Seconds since the user's first row.
        let seconds: Int64
        /// The row's 1-based line in the file.
        let line: UInt32
        /// The app's number in `apps` times 2, plus 1 for `Opened`.
        private let appAndEvent: UInt32

        init(seconds: Int64, line: UInt32, app: UInt32, opened: Bool) {
            self.seconds = seconds
            self.line = line
            self.appAndEvent = app << 1 | (opened ? 1 : 0)
        }

        /// The app's number in the index's `apps`.
        var app: Int { Int(appAndEvent >> 1) }
        /// Whether the row is `Opened` (else `Closed`).
        var opened: Bool { appAndEvent & 1 == 1 }
    }

    /// A covered user with at least one row that is not blank: where its rows are in `rows`,
    /// and the first problem with them (its rows are then dropped).
    struct Entry: Sendable {
        var rows: Range<Int>
        var problem: UsageTrace.Problem?
    }

    /// The trace file.
    let path: String
    /// Whose rows the index keeps.
    let selection: Selection
    /// Every user of the file, in order of first appearance, when the selection lists them;
    /// empty otherwise.
    let users: [String]
    /// How long the pass took.
    let nanoseconds: UInt64
    /// The covered users with a row, by their `user_id` bytes.
    private let entries: [[UInt8]: Entry]
    /// Every covered user's rows, user after user, each user's in file order.
    private let rows: [Row]
    /// The app names, by number.
    private let apps: [String]

    /// What `path` is when it is a FIFO, a socket or a device ("a FIFO (named pipe)"); nil for
    /// anything else. Such a file is named, never opened: opening a FIFO waits for a writer,
    /// and `validate` hung on one (SPEC 35, "Errors that say what happened").
    private static func specialKind(_ path: String) -> String? {
        switch try? FilePath(path).stat().type {
        case .fifo?: "a FIFO (named pipe)"
        case .socket?: "a socket"
        case .characterSpecial?, .blockSpecial?: "a device"
        default: nil
        }
    }

    /// Reads the trace at `path` in one pass, keeping the rows `selection` covers.
    ///
    /// - Throws: `UsageTrace.Problem` for the file as a whole: one that cannot be opened, no
    ///   header row or a header without a needed column, a covered row past the line limit. A
    ///   bad row is its user's problem, thrown by `records(of:)`.
    /// - Complexity: O(file size); memory as the type says.
    init(path: String, selection: Selection) throws(UsageTrace.Problem) {
        let started = ContinuousClock.now
        if let kind = Self.specialKind(path) {
            throw UsageTrace.Problem(line: nil, column: "", message: "is \(kind), not a trace file: give a regular file")
        }
        guard let reader = TextLineReader(path: path) else {
            throw UsageTrace.Problem(line: nil, column: "", message: "cannot open the trace file")
        }
        var pass = _TracePass(columns: try UsageTrace.header(reader), selection: selection)
        while let bytes = reader.nextBytes() {
            try pass.take(bytes, line: reader.lineNumber)
        }
        let parts = pass.finish()
        let elapsed = (ContinuousClock.now - started).components
        self.path = path
        self.selection = selection
        self.users = parts.users
        self.entries = parts.entries
        self.rows = parts.rows
        self.apps = parts.apps
        self.nanoseconds = UInt64(elapsed.seconds) * 1_000_000_000 + UInt64(elapsed.attoseconds / 1_000_000_000)
    }

    /// Whether the index keeps `user`'s rows.
    func covers(_ user: String) -> Bool {
        selection.covers(Array(user.utf8))
    }

    /// The number of app names, which rows give as `app` (from 0).
    var appCount: Int { apps.count }

    /// The name of app `number`.
    func appName(_ number: Int) -> String { apps[number] }

    /// The app names of the rows kept, in order of first appearance: every `app_name` of the
    /// trace's `Opened` and `Closed` rows when the index covers every user.
    var appNames: [String] { apps }

    /// `user`'s `Opened` and `Closed` rows, in file order, timed from the user's first row.
    ///
    /// - Precondition: the index covers `user`.
    /// - Throws: `UsageTrace.Problem` for the first bad row of the user, or a user with no row.
    /// - Complexity: O(1): the rows are the index's.
    func rows(of user: String) throws(UsageTrace.Problem) -> ArraySlice<Row> {
        let key = Array(user.utf8)
        precondition(selection.covers(key), "The index of \(path) does not cover user '\(user)'")
        guard let entry = entries[key] else {
            throw UsageTrace.Problem(line: nil, column: "user_id", message: "no record of user '\(user)'")
        }
        if let problem = entry.problem { throw problem }
        return rows[entry.rows]
    }

    /// The same rows as records: what `UsageTrace.records(path:user:)` gives.
    ///
    /// - Complexity: O(the user's rows).
    func records(of user: String) throws(UsageTrace.Problem) -> [UsageTrace.Record] {
        try rows(of: user).map { row in
            UsageTrace.Record(seconds: row.seconds, app: apps[row.app], opened: row.opened, line: Int(row.line))
        }
    }
}
