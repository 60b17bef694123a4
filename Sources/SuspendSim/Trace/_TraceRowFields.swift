/// The fields of a usage trace's row that SPEC 13's rules read, found in one scan of its bytes
/// without decoding: a tab is one byte in UTF-8 and never part of another character, so the
/// fields and their count are those of the decoded text split at tabs.
struct _TraceRowFields {
    /// The row's number of fields (its tabs plus one).
    let count: Int
    /// The fields at the header's positions (empty past the last field).
    let timestamp: ArraySlice<UInt8>
    let app: ArraySlice<UInt8>
    let event: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>, columns: UsageTrace.Columns) {
        var timestamp = bytes[bytes.endIndex...]
        var app = timestamp
        var event = timestamp
        var field = 0
        var start = bytes.startIndex
        /// Keeps field `field`, which spans `start..<end`, if it is one of those read.
        func keep(_ end: Int) {
            if field == columns.timestamp { timestamp = bytes[start..<end] }
            if field == columns.app { app = bytes[start..<end] }
            if field == columns.event { event = bytes[start..<end] }
        }
        var position = bytes.startIndex
        while let tab = bytes[position...].firstIndex(of: 0x09) {
            keep(tab)
            field += 1
            start = tab + 1
            position = start
        }
        keep(bytes.endIndex)
        self.count = field + 1
        self.timestamp = timestamp
        self.app = app
        self.event = event
    }

    /// What an `event_type` says (SPEC 13), compared byte for byte.
    enum EventType: Equatable {
        case opened, closed
        /// `User Interaction` and `Broken`, which the timeline leaves out.
        case ignored

        /// The spellings, as bytes.
        private static let openedBytes = Array("Opened".utf8), closedBytes = Array("Closed".utf8)
        private static let interactionBytes = Array("User Interaction".utf8), brokenBytes = Array("Broken".utf8)

        /// The event type these bytes spell; nil for any other.
        init?(_ bytes: ArraySlice<UInt8>) {
            if bytes.elementsEqual(Self.openedBytes) {
                self = .opened
            } else if bytes.elementsEqual(Self.closedBytes) {
                self = .closed
            } else if bytes.elementsEqual(Self.interactionBytes) || bytes.elementsEqual(Self.brokenBytes) {
                self = .ignored
            } else {
                return nil
            }
        }
    }
}
