import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The word-at-a-time scans of the JSON fast path and of the trace reader find exactly what a
/// scan a byte at a time finds: the first byte that ends or spoils a plain string, every tab of
/// a row, and each id by its bytes.
@Suite struct ByteScanningTests {
    /// The little-endian word of 8 bytes, the first lowest.
    private func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// A byte ends or spoils a plain string when it is `"`, `\`, below 0x20 or 0x7F and above.
    private func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x7F
    }

    @Test func theFirstSpecialByteOfAWordIsTheFirstOneAByteAtATimeFinds() {
        // Every byte value at every position among plain letters, then a special byte with
        // others above it (a borrow may mark bytes above the first match, never below).
        for position in 0 ..< 8 {
            for value in 0 ... 255 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[position] = UInt8(value)
                #expect(_JSONByteScanner.firstSpecialByte(word(bytes)) == (isSpecial(UInt8(value)) ? position : nil),
                        "byte \(value) at \(position)")
                for above in [0x00, 0x22, 0x5C, 0x7F, 0xFF] where position < 7 {
                    var more = bytes
                    more[7] = UInt8(above)
                    let expected = more.firstIndex(where: isSpecial)
                    #expect(_JSONByteScanner.firstSpecialByte(word(more)) == expected, "\(more)")
                }
            }
        }
        var generator = SplitMix64(seed: 0xB17E)
        for _ in 0 ..< 50_000 {
            let bytes = (0 ..< 8).map { _ in UInt8(truncatingIfNeeded: generator.next() % 3 == 0 ? generator.next() : 0x61) }
            #expect(_JSONByteScanner.firstSpecialByte(word(bytes)) == bytes.firstIndex(where: isSpecial), "\(bytes)")
        }
    }

    @Test("Plain strings read the same across the 8-byte steps", arguments: [0, 1, 7, 8, 9, 15, 16, 17, 40])
    func plainStringsOfEveryLength(length: Int) {
        let text = String((0 ..< length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
        for tail in ["", ", 1", "                "] {
            let bytes = Array(("\"" + text + "\"" + tail).utf8)
            bytes.withUnsafeBufferPointer { buffer in
                var scanner = _JSONByteScanner(buffer)
                let read = scanner.plainStringBytes().map { String(decoding: $0, as: UTF8.self) }
                #expect(read == text)
                #expect(scanner.position == length + 2)
            }
            // An escape, a control character or a non-ASCII byte at the string's last place.
            for spoiler: UInt8 in [0x5C, 0x0A, 0x7F, 0xC3] where length > 0 {
                var spoiled = bytes
                spoiled[length] = spoiler
                spoiled.withUnsafeBufferPointer { buffer in
                    var scanner = _JSONByteScanner(buffer)
                    #expect(scanner.plainStringBytes() == nil, "\(spoiler) at \(length)")
                }
            }
        }
    }

    @Test func idsThatDifferInOneByteAreTold() {
        // Ids of 1 to 24 bytes that differ only in their last byte, or only in their first.
        var ids: [[UInt8]] = []
        for length in 1 ... 24 {
            for last: UInt8 in [0x30, 0x31, 0x32] {
                var id = [UInt8](repeating: 0x61, count: length)
                id[length - 1] = last
                ids.append(id)
                var first = id
                first[0] = 0x7A
                if !ids.contains(first) { ids.append(first) }
            }
        }
        var table = _AppIDTable([])
        for (position, id) in ids.enumerated() {
            #expect(id.withUnsafeBufferPointer { table.intern($0[...]) } == position)
        }
        for (position, id) in ids.enumerated() {
            #expect(table.index(of: id) == position)
        }
        #expect(table.index(of: Array("zz".utf8)) == nil)
        #expect(table.index(of: []) == nil)
    }
}
