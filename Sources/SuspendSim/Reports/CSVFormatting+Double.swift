#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension CSVFormatting {
    /// Appends `value` exactly as C's `printf("%.3f")` prints it (to nearest, ties to even on
    /// the exact binary value): SPEC 8's rule for the few numbers that are ratios. Not for a
    /// hot path.
    static func appendFixed3(_ value: Double, to bytes: inout some CSVByteSink) {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.3f", $0) }
        bytes.append(contentsOf: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
    }
}
