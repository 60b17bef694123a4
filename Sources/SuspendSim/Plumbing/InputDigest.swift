import Crypto

/// SHA-256 (FIPS 180-4, "Secure Hash Standard") of bytes, in lowercase hex, through
/// swift-crypto's `SHA256`: what a shard's manifest records of every file it read (SPEC 35,
/// "merge checks before it writes") and of the assumption table it ran with (SPEC 36), so that
/// shards run against two versions of one file, or two tables, are never merged.
package enum InputDigest {
    /// The SHA-256 of `bytes`, 64 lowercase hex digits.
    package static func sha256<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        SHA256.hash(data: Array(bytes)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
