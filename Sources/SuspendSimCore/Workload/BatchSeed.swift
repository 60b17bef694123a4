/// The seed of each run of a batch: every (scenario, replicate) gets its own independent
/// stream, derived from the batch's seed S (`--seed`) the same way on every platform:
///
/// ```text
/// h    = FNV-1a 64 of the scenario's name (UTF-8)
/// seed = mix(mix(mix(S) ^ h) ^ replicate)      mix(x) = SplitMix64(seed: x).next()
/// ```
///
/// The sweep point is not part of the seed: replicate k of every point of a sweep (every
/// RAM size, every policy) sees the same generated timeline, so that points are compared
/// on the same days (common random numbers). `mix` is a bijection, so two replicates of one
/// scenario never share a seed.
package enum BatchSeed {
    /// The seed of replicate `replicate` of `scenario` in a batch with seed `base`.
    package static func seed(base: UInt64, scenario: String, replicate: Int) -> UInt64 {
        mix(mix(mix(base) ^ fnv1a(scenario)) ^ UInt64(truncatingIfNeeded: replicate))
    }

    /// SplitMix64's first output from state `x`: a bijective 64-bit mixer.
    package static func mix(_ x: UInt64) -> UInt64 {
        var generator = SplitMix64(seed: x)
        return generator.next()
    }

    /// FNV-1a, 64 bits, of `text`'s UTF-8 bytes: a stable hash (Swift's `Hasher` is seeded
    /// per process).
    package static func fnv1a(_ text: String) -> UInt64 {
        fnv1a(text.utf8)
    }

    /// FNV-1a, 64 bits, of `bytes`, continuing from `hash`.
    package static func fnv1a<Bytes: Sequence>(_ bytes: Bytes, continuing hash: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64
    where Bytes.Element == UInt8 {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
