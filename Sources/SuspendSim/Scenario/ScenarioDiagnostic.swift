extension ScenarioLoader {
    /// One problem found in a scenario file, with where it is and which field it concerns.
    ///
    /// Its description reads like a compiler's, so that editors and terminals can jump to it:
    ///
    /// ```text
    /// Scenarios/x.yaml:12:5: apps[1].active_mb: must be a number, got "abc"
    /// ```
    ///
    /// `line` and `column` are 1-based and are omitted from the description when unknown (a
    /// file that cannot be read, say). List indexes in `field` count from 0.
    public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
        /// What sort of problem a diagnostic is: the machine-readable part, for a test that
        /// asserts on it and a tool that sorts them.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// The file cannot be read as text: missing, a folder or a FIFO, unreadable, not
            /// UTF-8.
            case file
            /// The text is not YAML (or JSON) at all: libyaml's or the JSON reader's complaint.
            case syntax
            /// A key or value that the scenario's schema refuses (SPEC 7 and the keys' own
            /// sections): the usual kind.
            case value
            /// An argument given beside the file: a `--set` value, `replicates` below 1.
            case argument
        }

        /// What sort of problem it is.
        public var kind: Kind
        /// The file, as given to the loader.
        public var file: String
        /// The 1-based line, when known.
        public var line: Int?
        /// The 1-based column (in Unicode scalars, as libyaml counts), when known.
        public var column: Int?
        /// The field: a path like `apps[1].active_mb` or `events[3].open`; "" for the whole file.
        public var field: String
        /// What is wrong, for people.
        public var message: String
        /// The problem is in a `--set` option's value, not in the file: a command-line mistake
        /// (exit 64, SPEC 14).
        public var isFromCommandLine = false

        /// A diagnostic for `field` of `file` at `line`:`column`.
        public init(file: String, line: Int? = nil, column: Int? = nil, field: String = "", message: String,
                    kind: Kind = .value) {
            self.kind = kind
            self.file = file
            self.line = line
            self.column = column
            self.field = field
            self.message = message
        }

        /// `file:line:column: field: message`, leaving out the parts that are unknown or empty.
        public var description: String {
            var text = file
            if let line {
                text += ":\(line)"
                if let column { text += ":\(column)" }
            }
            text += ": "
            if !field.isEmpty { text += field + ": " }
            return text + message
        }
    }
}
