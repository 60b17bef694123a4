/// App ids by their UTF-8 bytes, looked up without making a `String`: hashes of their bytes
/// in an open-addressed table, each hit confirmed byte for byte. (A `[String: AppIndex]` costs a
/// string and a SipHash per event; this lookup is most of what reading an event costs.)
///
/// The ids' bytes are also kept end to end in one array (`storage`, each id's start in
/// `starts`), so that a lookup reads them through one pointer, eight bytes at a time, with no
/// call to `memcmp`: measured on the 10^5-event file, 30.6 M instructions for 180 k lookups
/// (ids and event keys) before, with an array per id and `memcmp`.
struct _AppIDTable {
    private(set) var ids: [[UInt8]] = []
    /// Whether every id is a plain string (printable ASCII, no `"` or `\`): then an id found
    /// here is plain, and the canonical event reader need not check its bytes.
    private(set) var hasOnlyPlainIDs = true
    /// Every id's bytes, in order, end to end; id `n` is `storage[starts[n]..<starts[n + 1]]`.
    private var storage: [UInt8] = []
    private var starts: [Int] = [0]
    private var slots: [Int32]
    /// The slot of a hash is its top bits (multiplicative hashing): `64 - log2(slots.count)`.
    private var shift: UInt64

    init(_ appIDs: [[UInt8]]) {
        var size = 16
        while size < appIDs.count * 4 { size *= 2 }
        slots = Array(repeating: -1, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        for id in appIDs where index(of: id) == nil { insert(id) }
    }

    /// The position of `bytes` among the ids, or nil.
    func index(of bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { index(of: $0[...]) }
    }

    /// The position of `bytes` among the ids, or nil.
    func index(of bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard let base = bytes.base.baseAddress else { return index(of: Self.noBytes, count: 0) }
        return index(of: base + bytes.startIndex, count: bytes.count)
    }

    /// The position of the `count` bytes at `text` among the ids, or nil.
    @inline(__always)
    func index(of text: UnsafePointer<UInt8>, count: Int) -> Int? {
        var slot = Int(truncatingIfNeeded: Self.hash(text, count: count) >> shift)
        let last = slots.count &- 1
        return slots.withUnsafeBufferPointer { slots in
            starts.withUnsafeBufferPointer { starts in
                storage.withUnsafeBufferPointer { storage in
                    while true {
                        let candidate = Int(slots[slot])
                        if candidate < 0 { return nil }
                        let start = starts[candidate]
                        if starts[candidate &+ 1] &- start == count,
                           count == 0 || Self.equal(text, storage.baseAddress! + start, count: count) {
                            return candidate
                        }
                        slot = (slot &+ 1) & last
                    }
                }
            }
        }
    }

    /// The position of `bytes`, added at the end if new.
    mutating func intern(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        if let known = index(of: bytes) { return known }
        insert(Array(bytes))
        return ids.count - 1
    }

    private mutating func insert(_ id: [UInt8]) {
        if (ids.count + 1) * 2 > slots.count {
            // Keep the table at most half full: double it and put every id back.
            slots = Array(repeating: -1, count: slots.count * 2)
            shift -= 1
            for (position, known) in ids.enumerated() { place(position, known) }
        }
        ids.append(id)
        hasOnlyPlainIDs = hasOnlyPlainIDs && id.withUnsafeBufferPointer { bytes in
            bytes.baseAddress.map { _CanonicalCursor.isPlain($0, count: bytes.count) } ?? true
        }
        storage += id
        starts.append(storage.count)
        place(ids.count - 1, id)
    }

    private mutating func place(_ position: Int, _ id: [UInt8]) {
        var slot = id.withUnsafeBufferPointer { bytes in
            Int(truncatingIfNeeded: Self.hash(bytes.baseAddress ?? Self.noBytes, count: bytes.count) >> shift)
        }
        while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(position)
    }

    /// Where an empty id's bytes are said to be: `hash` and `equal` read no byte of an empty id.
    private static var noBytes: UnsafePointer<UInt8> { UnsafePointer(bitPattern: 1)! }

    @inline(__always)
    private static func load(_ bytes: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self))
    }

    /// An id shorter than 8 bytes as one word that tells it from every other id of its
    /// length: from 4 bytes, its first 4 and its last 4 (overlapping); below, its first,
    /// middle and last byte. (A loop over the bytes cost about 10 instructions a byte for
    /// event keys such as `open`.)
    @inline(__always)
    private static func shortWord(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(bytes)
        if count >= 4 {
            let first = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
            let last = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            return UInt64(first) | UInt64(last) &<< 32
        }
        guard count > 0 else { return 0 }
        return UInt64(bytes[0]) | UInt64(bytes[count &>> 1]) &<< 8 | UInt64(bytes[count &- 1]) &<< 16
    }

    /// Eight bytes at a time, a multiply per word; the last word is the id's last 8 bytes
    /// (overlapping the one before when the length is not a multiple of 8), and an id shorter
    /// than 8 is one word. The product's top bits depend on every bit of the word and of the
    /// hash before it, and the table's slot is taken from them (`shift`). A 17-byte id takes 3
    /// words, where the former hash took 2 words, a byte and a final mix.
    @inline(__always)
    static func hash(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let factor: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = (UInt64(truncatingIfNeeded: count) &+ 1) &* factor
        guard count >= 8 else { return (hash ^ shortWord(bytes, count: count)) &* factor }
        var offset = 0
        while offset &+ 8 < count {
            hash = (hash ^ load(bytes, offset)) &* factor
            offset &+= 8
        }
        return (hash ^ load(bytes, count &- 8)) &* factor
    }

    /// Whether the `count` bytes at `a` and at `b` are the same: eight at a time, the last
    /// word overlapping the one before (as `hash` reads them).
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard count >= 8 else { return shortWord(a, count: count) == shortWord(b, count: count) }
        var offset = 0
        while offset &+ 8 < count {
            if load(a, offset) != load(b, offset) { return false }
            offset &+= 8
        }
        return load(a, count &- 8) == load(b, count &- 8)
    }
}
