import Crypto

extension AssumptionTable {
    /// The SHA-256 of the shipped table's bytes (UTF-8, LF line ends), lowercase hex:
    /// `device.csv`'s `assumptions_sha256` and a shard manifest's, so that shards made with
    /// different tables do not merge (SPEC 36).
    package static let shippedSHA256 = sha256Hex(Array(PackageResources.assumptions_csv))

    /// The SHA-256 of `bytes` (swift-crypto's `SHA256`), as 64 lowercase hex digits.
    static func sha256Hex(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
