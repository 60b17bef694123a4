#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fields of a usage trace's row that SPEC 13's rules read, found in one scan of its bytes
/// without decoding: a tab is one byte in UTF-8 and never part of another character, so the
/// fields and their count are those of the decoded text split at tabs.
///
/// The scan looks at 8 bytes at a time for tabs (`tabBits`): a byte at a time, it was the
/// largest part of reading a trace's row (docs/performance.md).
struct _TraceRowFields {
    /// The row's number of fields (its tabs plus one).
    let count: Int
    /// The fields at the header's positions (empty past the last field).
    let timestamp: ArraySlice<UInt8>
    let app: ArraySlice<UInt8>
    let event: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>, columns: UsageTrace.Columns) {
        // Each wanted field's bounds, as offsets from the row's start; empty past the last field.
        let past = bytes.count ..< bytes.count
        var (timestamp, app, event) = (past, past, past)
        var field = 0
        var start = 0
        /// Keeps field `field`, which spans `start ..< end`, where it is one of those read.
        func keep(_ end: Int) {
            let bounds = start ..< end
            if field == columns.timestamp { timestamp = bounds }
            if field == columns.app { app = bounds }
            if field == columns.event { event = bounds }
            field &+= 1
            start = end &+ 1
        }
        bytes.withUnsafeBufferPointer { row in
            guard let base = row.baseAddress else { return }
            var position = 0
            while position &+ 8 <= row.count {
                var tabs = Self.tabBits(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian)
                while tabs != 0 {
                    keep(position &+ tabs.trailingZeroBitCount >> 3)
                    tabs &= tabs &- 1
                }
                position &+= 8
            }
            while position < row.count {
                if row[position] == 0x09 { keep(position) }
                position &+= 1
            }
        }
        keep(bytes.count)
        let origin = bytes.startIndex
        func slice(_ bounds: Range<Int>) -> ArraySlice<UInt8> {
            bytes[origin + bounds.lowerBound ..< origin + bounds.upperBound]
        }
        self.count = field
        self.timestamp = slice(timestamp)
        self.app = slice(app)
        self.event = slice(event)
    }

    /// The high bit of each byte of `word` that is a tab, and no other bit: exact in every
    /// byte ("Bit Twiddling Hacks", a zero byte found with no carry between bytes).
    @inline(__always)
    static func tabBits(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let spread = word ^ 0x0909_0909_0909_0909
        return ~(((spread & low7) &+ low7) | spread | low7)
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
            if bytes.hasBytes(Self.openedBytes) {
                self = .opened
            } else if bytes.hasBytes(Self.closedBytes) {
                self = .closed
            } else if bytes.hasBytes(Self.interactionBytes) || bytes.hasBytes(Self.brokenBytes) {
                self = .ignored
            } else {
                return nil
            }
        }
    }
}

extension ArraySlice<UInt8> {
    /// Whether these are exactly the bytes of `other`: the lengths, then one `memcmp` (a
    /// generic `elementsEqual` walked both with iterators, a byte at a time).
    @inline(__always)
    func hasBytes(_ other: [UInt8]) -> Bool {
        guard count == other.count else { return false }
        guard !other.isEmpty else { return true }
        return withUnsafeBufferPointer { mine in memcmp(mine.baseAddress!, other, other.count) == 0 }
    }
}
