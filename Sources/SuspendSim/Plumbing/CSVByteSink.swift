/// Where CSV formatting writes bytes: a `[UInt8]` (tests, small files) or a report file's
/// `CSVRowWriter` (the per-row hot path).
protocol CSVByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: [UInt8])
    /// Appends `value` in decimal, with no sign.
    mutating func appendDecimal(_ value: UInt64)
    /// Appends `thousandths ÷ 1000` with exactly 3 decimals and no sign: 12345 as `12.345`,
    /// 0 as `0.000` (every `_s` and `_mb` column, SPEC 8).
    mutating func appendThousandths(_ thousandths: UInt64)
}

extension Array: CSVByteSink where Element == UInt8 {
    mutating func appendDecimal(_ value: UInt64) {
        let length = CSVFormatting.decimalLength(value)
        let start = count
        append(contentsOf: repeatElement(0, count: length))
        withUnsafeMutableBufferPointer { CSVFormatting.writeDecimal(value, length: length, to: $0.baseAddress! + start) }
    }

    mutating func appendThousandths(_ thousandths: UInt64) {
        let length = CSVFormatting.thousandthsLength(thousandths)
        let start = count
        append(contentsOf: repeatElement(0, count: length))
        withUnsafeMutableBufferPointer { CSVFormatting.writeThousandths(thousandths, length: length, to: $0.baseAddress! + start) }
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

    /// A writer of at least `capacity` bytes (and at least 64). `zeroFilled` writes zeros
    /// into the whole storage first, as `storedField` needs; a report file's large buffer
    /// leaves its pages untouched until rows reach them.
    init(capacity: Int, zeroFilled: Bool = false) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
        if zeroFilled { base.initialize(repeating: 0, count: self.capacity) }
    }

    /// Frees the storage; the writer must not be used afterwards.
    func deallocate() {
        base.deallocate()
    }

    /// Forgets the bytes, keeping the storage.
    mutating func removeAll() {
        count = 0
    }

    /// Copies the bytes from `start` on into `tail` (which has room for them), and forgets
    /// them here.
    mutating func removeBytes(from start: Int, into tail: UnsafeMutableBufferPointer<UInt8>) {
        precondition(start >= 0 && start <= count && count - start <= tail.count,
                     "Bytes from \(start) of \(count) moved into \(tail.count)")
        if let target = tail.baseAddress, count > start { target.update(from: base + start, count: count - start) }
        count = start
    }

    /// Forgets the first `length` bytes, moving the others to the front.
    mutating func removeFirst(_ length: Int) {
        precondition(length >= 0 && length <= count, "\(length) bytes removed of \(count)")
        let kept = count - length
        if kept > 0 { base.update(from: base + length, count: kept) }
        count = kept
    }

    /// The bytes written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The bytes written so far, as a field to append to another writer. Only for a
    /// `zeroFilled` writer that has never grown: `CSVStoredField.readableLength` bytes from
    /// its start must be initialized.
    var storedField: CSVStoredField {
        CSVStoredField(start: base, count: count)
    }

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

    /// Appends a field laid out by `CSVFieldStorage` or `CSVTimeField`: a short one as two
    /// fixed 16-byte moves, which copy the bytes after it too (the field has them to read,
    /// and the row room to take them; `count` then covers only the field), a long one in
    /// one copy. A loop over the bytes was the largest cost of writing a
    /// `transitions.csv` or `callbacks.csv` row (docs/performance.md).
    @inline(__always)
    mutating func append(_ field: CSVStoredField) {
        let length = field.count
        let window = CSVStoredField.readableLength
        if length <= window, count + window <= capacity {
            let source = UnsafeRawPointer(field.start)
            let target = UnsafeMutableRawPointer(base + count)
            target.storeBytes(of: source.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            (target + 16).storeBytes(of: (source + 16).loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            count += length
            return
        }
        if count + length > capacity { grow(toHold: length) }
        (base + count).update(from: field.start, count: length)
        count += length
    }

    /// Makes room for `length` more bytes at once, growing if needed, and returns where they
    /// start: the caller writes at most `length` bytes there, then counts those it keeps with
    /// `advance(by:)` (a row written with no room check per field, `CSVReservedRow`).
    @inline(__always)
    mutating func reserve(_ length: Int) -> UnsafeMutablePointer<UInt8> {
        if count &+ length > capacity { grow(toHold: length) }
        return base + count
    }

    /// Counts `length` bytes written after the others, within room `reserve(_:)` made.
    @inline(__always)
    mutating func advance(by length: Int) {
        count &+= length
    }

    /// Appends `value` in decimal: its digits written straight into the buffer.
    @inline(__always)
    mutating func appendDecimal(_ value: UInt64) {
        let length = CSVFormatting.decimalLength(value)
        if count + length > capacity { grow(toHold: length) }
        CSVFormatting.writeDecimal(value, length: length, to: base + count)
        count += length
    }

    /// Appends `thousandths ÷ 1000` with 3 decimals: one room check and one pass for the whole
    /// field, where a byte at a time checked the room five times or more (three `_mb` and
    /// `_s` columns of every `memory.csv` and `pressure.csv` row, docs/performance.md).
    ///
    /// A field under 10,000 (every `_mb` column of a phone, and `time_s` in a run's first
    /// 2.7 hours) is at most 8 bytes: it is built in a register and stored in one 8-byte
    /// move (`CSVFormatting.packedThousandths`), the bytes past its end overwritten by the
    /// next field. That halved the formatting thread's instructions (docs/performance.md).
    @inline(__always)
    mutating func appendThousandths(_ thousandths: UInt64) {
        if thousandths < CSVFormatting.packedThousandthsLimit, count &+ 8 <= capacity {
            let (word, length) = CSVFormatting.packedThousandths(thousandths)
            UnsafeMutableRawPointer(base + count).storeBytes(of: word.littleEndian, as: UInt64.self)
            count &+= length
            return
        }
        appendThousandthsInPlace(thousandths)
    }

    /// `appendThousandths` for a field of any length, or with under 8 bytes of room: a whole
    /// part of 5 to 8 digits (`time_s` after 2.7 hours) in two 8-byte moves
    /// (`CSVFormatting.packedLongThousandths`), longer ones a digit pair at a time.
    private mutating func appendThousandthsInPlace(_ thousandths: UInt64) {
        if thousandths >= CSVFormatting.packedThousandthsLimit, thousandths < CSVFormatting.packedLongThousandthsLimit,
           count &+ 16 <= capacity {
            let (high, highLength, low) = CSVFormatting.packedLongThousandths(thousandths)
            let target = UnsafeMutableRawPointer(base + count)
            target.storeBytes(of: high.littleEndian, as: UInt64.self)
            (target + highLength).storeBytes(of: low.littleEndian, as: UInt64.self)
            count &+= highLength &+ 8
            return
        }
        let length = CSVFormatting.thousandthsLength(thousandths)
        if count + length > capacity { grow(toHold: length) }
        CSVFormatting.writeThousandths(thousandths, length: length, to: base + count)
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
