#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// App ids by their UTF-8 bytes, looked up without making a `String`: hashes of their bytes
/// in an open-addressed table, each hit confirmed byte for byte. (A `[String: AppIndex]` costs a
/// string and a SipHash per event; this lookup is most of what reading an event costs.)
struct _AppIDTable {
    private(set) var ids: [[UInt8]] = []
    private var slots: [Int32]
    private var mask: Int

    init(_ appIDs: [[UInt8]]) {
        var size = 16
        while size < appIDs.count * 4 { size *= 2 }
        mask = size - 1
        slots = Array(repeating: -1, count: size)
        for id in appIDs where index(of: id) == nil { insert(id) }
    }

    /// The position of `bytes` among the ids, or nil.
    func index(of bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { index(of: $0[...]) }
    }

    /// The position of `bytes` among the ids, or nil.
    func index(of bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        let text = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes))
        var slot = Self.hash(text) & mask
        while slots[slot] >= 0 {
            let candidate = Int(slots[slot])
            let matches = ids[candidate].withUnsafeBytes { id in
                id.count == text.count && (text.isEmpty || memcmp(id.baseAddress!, text.baseAddress!, text.count) == 0)
            }
            if matches { return candidate }
            slot = (slot + 1) & mask
        }
        return nil
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
            mask = slots.count - 1
            for (position, known) in ids.enumerated() { place(position, known.withUnsafeBytes { Self.hash($0) }) }
        }
        ids.append(id)
        place(ids.count - 1, id.withUnsafeBytes { Self.hash($0) })
    }

    private mutating func place(_ position: Int, _ hash: Int) {
        var slot = hash & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position)
    }

    /// Eight bytes at a time (a multiply and a fold per word), the rest one at a time as
    /// FNV-1a, then a final mix so that every byte reaches the low bits the table's mask
    /// keeps: a 16-byte id takes 2 words, where a byte at a time took 16 steps.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var offset = 0
        while offset &+ 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 32
            offset &+= 8
        }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
            offset &+= 1
        }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return Int(truncatingIfNeeded: hash)
    }
}
