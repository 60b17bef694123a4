/// `k^-s` for the Zipf weights, in integer fixed point, so that the weights (and so every
/// generated timeline) are the same on every platform: no `pow`, `log` or `exp` from the C
/// library, whose last bits differ between libms, and no floating point at all.
///
/// `k^-s = 2^-(s·log₂ k)`: `log₂ k` is computed bit by bit by repeated squaring (each
/// squaring of the mantissa yields one bit of the fraction), and `2^-x` as a product of the
/// constants `2^(-2^-j)` for the bits of x's fraction, then a shift for its whole part.
/// Every step truncates, so the result is a deterministic function of its inputs.
enum _FixedPointPower {
    /// `log₂ k` in Q32.32 (32 fraction bits), truncated: `k` must be at least 1.
    ///
    /// - Complexity: O(32) 64×64-bit multiplications.
    static func log2(_ k: UInt64) -> UInt64 {
        precondition(k >= 1, "log2 of 0")
        let whole = 63 - k.leadingZeroBitCount
        // The mantissa k / 2^whole in [1, 2), in Q1.63.
        var mantissa = k << (63 - whole)
        var fraction: UInt64 = 0
        for _ in 0..<32 {
            let square = mantissa.multipliedFullWidth(by: mantissa)  // Q2.126
            fraction <<= 1
            if square.high >= 1 << 63 {
                // The square is at least 2: one more bit, and halve it back into [1, 2).
                fraction |= 1
                mantissa = square.high
            } else {
                mantissa = square.high << 1 | square.low >> 63
            }
        }
        return UInt64(whole) << 32 | fraction
    }

    /// `2^-x` for `x` in Q32.32, as Q1.63 (`1 << 63` is 1.0), truncated.
    ///
    /// - Complexity: O(32) 64×64-bit multiplications.
    static func exp2(negative x: UInt64) -> UInt64 {
        let whole = x >> 32
        guard whole < 64 else { return 0 }
        var result: UInt64 = 1 << 63
        for bit in 1...32 where x >> (32 - bit) & 1 == 1 {
            let product = result.multipliedFullWidth(by: negativePowers[bit - 1])
            result = product.high << 1 | product.low >> 63
        }
        return result >> whole
    }

    /// `k^-(thousandths / 1000)` as Q1.63, truncated.
    static func power(_ k: UInt64, negativeThousandths thousandths: Int64) -> UInt64 {
        precondition(thousandths >= 0 && thousandths <= 1_000_000, "exponent \(thousandths) out of range")
        // log₂ k < 2^6 for any UInt64, so the product stays below 2^38 · 10^6 < 2^58.
        let exponent = UInt64(thousandths) * log2(k) / 1000
        return exp2(negative: exponent)
    }

    /// `2^(-2^-j)` for j = 1...32 in Q1.63, rounded to nearest: computed with 80-digit
    /// decimal arithmetic (Python's `decimal`), checked by `WorkloadMathTests` (each squared
    /// gives the one before).
    static let negativePowers: [UInt64] = [
        0x5A82_7999_FCEF_3242, 0x6BA2_7E65_6B4E_B57A, 0x7560_6373_EE92_1C97, 0x7A92_BE8A_9243_6616,
        0x7D41_D96D_B915_019D, 0x7E9F_0606_7A43_60BA, 0x7F4F_08AE_3DC7_C426, 0x7FA7_65AC_A88F_6453,
        0x7FD3_AB29_0E46_D769, 0x7FE9_D3A8_E07B_F086, 0x7FF4_E959_7BED_93AB, 0x7FFA_748D_FF8D_C61F,
        0x7FFD_3A3F_5002_0332, 0x7FFE_9D1D_BC0A_75AA, 0x7FFF_4E8E_6306_ED59, 0x7FFF_A747_12C3_CDFD,
        0x7FFF_D3A3_81B1_FA29, 0x7FFF_E9D1_BEED_018A, 0x7FFF_F4E8_DEFB_81D7, 0x7FFF_FA74_6F5F_012F,
        0x7FFF_FD3A_37A7_D0A8, 0x7FFF_FE9D_1BD1_FC58, 0x7FFF_FF4E_8DE8_832D, 0x7FFF_FFA7_46F4_22D7,
        0x7FFF_FFD3_A37A_09BB, 0x7FFF_FFE9_D1BD_02F2, 0x7FFF_FFF4_E8DE_80FE, 0x7FFF_FFFA_746F_4060,
        0x7FFF_FFFD_3A37_A028, 0x7FFF_FFFE_9D1B_D012, 0x7FFF_FFFF_4E8D_E809, 0x7FFF_FFFF_A746_F404,
    ]
}
