/// Where CSV formatting writes bytes: a `[UInt8]` (tests, small files) or a report file's
/// `CSVRowWriter` (the per-row hot path).
protocol CSVByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: [UInt8])
    /// Appends bytes from a small scratch buffer (digits).
    mutating func appendScratch(_ bytes: UnsafeRawBufferPointer)
}

extension Array: CSVByteSink where Element == UInt8 {
    mutating func appendScratch(_ bytes: UnsafeRawBufferPointer) {
        append(contentsOf: bytes)
    }
}

/// A growable byte buffer written through a pointer: appending costs a bounds check and a
/// store, with none of `Array`'s uniqueness checks. A report file keeps one and hands it to
/// each row's closure.
///
/// Written here because no package at hand offers an append-only byte buffer without
/// per-append copy-on-write checks (NIO's `ByteBuffer` would, at the price of depending on
/// all of NIO for one type).
struct CSVRowWriter: CSVByteSink {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the storage; the writer must not be used afterwards.
    func deallocate() {
        base.deallocate()
    }

    /// Forgets the bytes, keeping the storage.
    mutating func removeAll() {
        count = 0
    }

    /// The bytes written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: [UInt8]) {
        let length = bytes.count
        if count + length > capacity { grow(toHold: length) }
        bytes.withUnsafeBufferPointer { source in
            if let address = source.baseAddress { (base + count).update(from: address, count: length) }
        }
        count += length
    }

    /// Appends any bytes (slower than the other appends: for the batch files, not the rows of
    /// a run).
    mutating func append<C: Collection>(contentsOf bytes: C) where C.Element == UInt8 {
        for byte in bytes { append(byte) }
    }

    /// Appends a field laid out by `CSVFieldStorage`: short ones byte by byte (cheaper than a
    /// call to memmove), long ones in one copy.
    @inline(__always)
    mutating func append(_ field: UnsafeBufferPointer<UInt8>) {
        let length = field.count
        if count + length > capacity { grow(toHold: length) }
        if length <= 32 {
            for index in 0..<length { base[count + index] = field[index] }
        } else if let address = field.baseAddress {
            (base + count).update(from: address, count: length)
        }
        count += length
    }

    @inline(__always)
    mutating func appendScratch(_ bytes: UnsafeRawBufferPointer) {
        let length = bytes.count
        if count + length > capacity { grow(toHold: length) }
        // At most 24 bytes: a loop is cheaper than a call to memmove.
        for index in 0..<length { base[count + index] = bytes[index] }
        count += length
    }

    private mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

/// The `time_s` field of the last instant formatted, reused while rows share it.
final class CSVTimeField {
    @exclusivity(unchecked) private var millis = Millis(-1)
    @exclusivity(unchecked) private var digits = CSVRowWriter(capacity: 32)

    deinit {
        digits.deallocate()
    }

    /// Appends `timeMs` as seconds with 3 decimals.
    @inline(__always)
    func append(_ timeMs: Millis, to row: inout CSVRowWriter) {
        if timeMs != millis {
            digits.removeAll()
            CSVFormatting.appendSeconds(timeMs, to: &digits)
            millis = timeMs
        }
        row.append(digits.bytes)
    }
}
