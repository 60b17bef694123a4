/// Folder names in the order people count: runs of digits compare as numbers, other bytes as
/// bytes (`replicate-2` before `replicate-10`), used wherever run folders are listed (the batch
/// page's links, `explain`'s and `report`'s hints).
enum NaturalOrder {
    /// Names compared by runs of digits as numbers and other bytes as bytes, then by bytes:
    /// `replicate-2` < `replicate-10`, `device.ram_mb=2048` < `device.ram_mb=3072`. A total
    /// order, so the page lists folders the same way on every machine.
    static func precedes(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8), b = Array(right.utf8)
        var i = 0, j = 0
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        while i < a.count, j < b.count {
            if isDigit(a[i]), isDigit(b[j]) {
                var endA = i, endB = j
                while endA < a.count, isDigit(a[endA]) { endA += 1 }
                while endB < b.count, isDigit(b[endB]) { endB += 1 }
                // Compare the digit runs as numbers: drop leading zeros, then length, then digits.
                var startA = i, startB = j
                while startA < endA - 1, a[startA] == 0x30 { startA += 1 }
                while startB < endB - 1, b[startB] == 0x30 { startB += 1 }
                if endA - startA != endB - startB { return endA - startA < endB - startB }
                if a[startA..<endA] != b[startB..<endB] { return a[startA..<endA].lexicographicallyPrecedes(b[startB..<endB]) }
                i = endA
                j = endB
            } else {
                if a[i] != b[j] { return a[i] < b[j] }
                i += 1
                j += 1
            }
        }
        if (a.count - i) != (b.count - j) { return a.count - i < b.count - j }
        return a.lexicographicallyPrecedes(b)
    }
}
