/// One pass of `TraceIndex` over a usage trace's rows, after the header: SPEC 13's row rules,
/// applied to each covered user's rows in file order, as a run of that user alone applies them.
///
/// For each row that is not blank, of a covered user whose rows have no problem yet, in this
/// order: the row must have every needed column; its timestamp must read; it must not be
/// earlier than the user's previous row; an `Opened` or `Closed` row must name an app; any
/// other event type than `User Interaction` and `Broken` is a problem. A user's first problem
/// is kept and the user's later rows are not checked (a run stops there). Rows of users the
/// selection does not cover are skipped on their `user_id` bytes, undecoded.
struct _TracePass {
    /// A covered user's state during the pass.
    private struct UserState {
        var rows: [TraceIndex.Row] = []
        /// The user's first and latest timestamps.
        var first: Int64?
        var previous: Int64?
        var problem: UsageTrace.Problem?
        /// Whether the user has a row that is not blank.
        var seen = false
    }

    /// What the pass read: the parts of a `TraceIndex`.
    struct Parts {
        var users: [String]
        var entries: [[UInt8]: TraceIndex.Entry]
        var rows: [TraceIndex.Row]
        var apps: [String]
    }

    private let columns: UsageTrace.Columns
    private let selection: TraceIndex.Selection
    private var users: [String] = []
    /// Each user met, by `user_id` bytes: its number in `states`, or -1 when not covered (with
    /// `.only`, only the covered users are remembered).
    private var slots: [[UInt8]: Int] = [:]
    private var states: [UserState] = []
    private var apps: [String] = []
    /// The app names' bytes, numbered as `apps`.
    private var appNumbers = _AppIDTable([])
    /// The last user met, whose rows usually follow each other.
    private var lastUser: [UInt8] = []
    private var lastSlot = -1

    init(columns: UsageTrace.Columns, selection: TraceIndex.Selection) {
        self.columns = columns
        self.selection = selection
    }

    /// Takes the row on line `line` (its bytes, without the line end).
    ///
    /// - Throws: `UsageTrace.Problem` when a covered row is past the line limit.
    mutating func take(_ bytes: ArraySlice<UInt8>, line: Int) throws(UsageTrace.Problem) {
        let user = bytes.tabField(columns.user)
        guard !user.isEmpty else { return }
        let slot = try slot(of: user, line: line)
        // A line is blank only if its user_id is spaces alone: most rows are told by that field.
        guard slot >= 0, !(user.allSatisfy { $0 == 0x20 } && bytes.isBlankLine) else { return }
        states[slot].seen = true
        guard states[slot].problem == nil else { return }
        guard let row = UInt32(exactly: line), apps.count < 1 << 31 else {
            throw UsageTrace.Problem(line: nil, column: "", message: "the trace is too large to index: it has a row past line "
                + "\(UInt32.max) or more than \(1 << 31) app names")
        }
        // A static function, so that the user's state is changed in place: a method of `self`
        // would hold a copy of `states` during the call and make the change copy the array.
        switch Self.check(bytes, line: line, columns: columns, user: &states[slot]) {
        case .success(let kept?):
            let app = appNumber(kept.app)
            states[slot].rows.append(TraceIndex.Row(seconds: kept.seconds, line: row, app: app, opened: kept.opened))
        case .success(nil):
            break
        case .failure(let problem):
            states[slot].problem = problem
            states[slot].rows = []
        }
    }

    /// An `Opened` or `Closed` row's parts.
    private struct Kept {
        var seconds: Int64
        var app: ArraySlice<UInt8>
        var opened: Bool
    }

    /// The row checked against SPEC 13's rules (the header's `columns`) for `user`: the row to keep, nil for a row that
    /// is ignored, or the problem. Advances the user's timestamps.
    private static func check(
        _ bytes: ArraySlice<UInt8>, line: Int, columns: UsageTrace.Columns, user: inout UserState
    ) -> Result<Kept?, UsageTrace.Problem> {
        let fields = _TraceRowFields(bytes, columns: columns)
        if fields.count <= columns.last, let missing = columns.firstMissing(in: fields.count) {
            return .failure(.init(line: line, column: missing, message: "the row has \(fields.count) columns, too few for this one"))
        }
        guard let time = UsageTrace.seconds(bytes: fields.timestamp) else {
            return .failure(.init(line: line, column: "timestamp", message: "must be YYYY-MM-DD HH:MM:SS, got '\(Self.text(fields.timestamp))'"))
        }
        if let previous = user.previous, time < previous {
            return .failure(.init(line: line, column: "timestamp", message: "earlier than the user's previous record"))
        }
        user.previous = time
        let start = user.first ?? time
        user.first = start
        let event = _TraceRowFields.EventType(fields.event)
        switch event {
        case .opened?, .closed?:
            guard !fields.app.isEmpty else { return .failure(.init(line: line, column: "app_name", message: "must not be empty")) }
            if let problem = identifierProblem(fields.app) { return .failure(.init(line: line, column: "app_name", message: problem)) }
            return .success(Kept(seconds: time - start, app: fields.app, opened: event == .opened))
        case .ignored?:
            return .success(nil)
        case nil:
            return .failure(.init(line: line, column: "event_type",
                                  message: "must be Opened, Closed, User Interaction or Broken, got '\(Self.text(fields.event))'"))
        }
    }

    /// What is wrong with a field's bytes as an identifier: bytes that are not UTF-8, or a
    /// control character (SPEC 35); nil when nothing is. Found on the bytes: C0 and DEL are
    /// single bytes, C1 is `C2 80`-`C2 9F` and U+2028, U+2029 are `E2 80 A8`, `E2 80 A9` in
    /// UTF-8. Ill-formed UTF-8 is refused rather than read as U+FFFD, so that two app names or
    /// user ids that differ only in such bytes never become one (docs/decisions.md).
    private static func identifierProblem(_ bytes: ArraySlice<UInt8>) -> String? {
        // Printable ASCII alone, as most names are: nothing to find, in one test a byte.
        if bytes.allSatisfy({ $0 &- 0x20 < 0x5F }) { return nil }
        if bytes.contains(where: { $0 >= 0x80 }), let problem = IdentifierRules.invalidUTF8Problem(bytes) { return problem }
        for index in bytes.indices {
            let byte = bytes[index]
            let next = index + 1 < bytes.endIndex ? bytes[index + 1] : 0
            let isControl = byte < 0x20 || byte == 0x7F || (byte == 0xC2 && (0x80...0x9F).contains(next))
                || (byte == 0xE2 && next == 0x80 && index + 2 < bytes.endIndex && (0xA8...0xA9).contains(bytes[index + 2]))
            if isControl { return IdentifierRules.controlProblem(text(bytes[index...])) }
        }
        return nil
    }

    /// A field's bytes as text (for messages).
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The slot of the user whose `user_id` has these bytes, meeting it now if it is new.
    ///
    /// - Throws: `UsageTrace.Problem` for a new `user_id` that holds a control character or is
    ///   not UTF-8 (SPEC 35 "Identifiers"), whichever users the pass covers.
    private mutating func slot(of user: ArraySlice<UInt8>, line: Int) throws(UsageTrace.Problem) -> Int {
        if user.hasBytes(lastUser) { return lastSlot }
        let key = Array(user)
        var slot = slots[key] ?? -1
        if slots[key] == nil {
            if let problem = Self.identifierProblem(user) { throw UsageTrace.Problem(line: line, column: "user_id", message: problem) }
            if selection.listsUsers { users.append(String(decoding: key, as: UTF8.self)) }
            if selection.covers(key) {
                slot = states.count
                states.append(UserState())
            }
            if selection.listsUsers || slot >= 0 { slots[key] = slot }
        }
        lastUser = key
        lastSlot = slot
        return slot
    }

    /// The number of the app whose name has these bytes, numbering it now if it is new: found
    /// by its bytes' hash (`_AppIDTable`), with no array made for the lookup (a dictionary keyed
    /// by `[UInt8]` made one, and hashed it a byte at a time, at every row).
    private mutating func appNumber(_ app: ArraySlice<UInt8>) -> UInt32 {
        let number = app.withUnsafeBufferPointer { appNumbers.intern($0[...]) }
        if number == apps.count { apps.append(String(decoding: app, as: UTF8.self)) }
        return UInt32(number)
    }

    /// The parts read, each covered user's rows copied into one array in order of first
    /// appearance.
    consuming func finish() -> Parts {
        var rows: [TraceIndex.Row] = []
        rows.reserveCapacity(states.reduce(0) { $0 + $1.rows.count })
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(states.count)
        for slot in states.indices {
            let start = rows.count
            rows += states[slot].rows
            ranges.append(start..<rows.count)
            states[slot].rows = []
        }
        var entries: [[UInt8]: TraceIndex.Entry] = [:]
        for (key, slot) in slots where slot >= 0 && states[slot].seen {
            entries[key] = TraceIndex.Entry(rows: ranges[slot], problem: states[slot].problem)
        }
        return Parts(users: users, entries: entries, rows: rows, apps: apps)
    }
}
