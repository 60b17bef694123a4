extension AssumptionTable {
    /// The SHA-256 of the shipped table's bytes (UTF-8, LF line ends), lowercase hex:
    /// `device.csv`'s `assumptions_sha256` and a shard manifest's, so that shards made with
    /// different tables do not merge (SPEC 36).
    package static let shippedSHA256 = InputDigest.sha256(PackageResources.assumptions_csv)
}
