#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Student's t distribution: the 97.5th percentile t(0.975, ν) that SPEC 21's intervals use
/// (mean ± t × s / √n).
///
/// Written here because none of the packages the project may use has it: swift-numerics has
/// the elementary and gamma functions but no distribution quantiles. The method is the
/// textbook one: the distribution function through the regularized incomplete beta function,
/// `F(t) = 1 − I_x(ν/2, 1/2) / 2` with `x = ν / (ν + t²)` for t ≥ 0 (Abramowitz & Stegun
/// 26.7.1 and 26.5.2), the incomplete beta by its continued fraction (A&S 26.5.8) evaluated
/// with the modified Lentz method, and the quantile by bisection on F, which is monotone, to
/// the last bit of a Double. The tests hold reference values to 1e-9.
enum StudentT {
    /// t(0.975, `degreesOfFreedom`), for 1 degree of freedom or more.
    ///
    /// Each ν is worked out once (a bisection of some sixty continued fractions) and kept: a
    /// batch's rows mostly share their number of runs, and `survival.csv` asks for every app.
    static func quantile975(degreesOfFreedom: Int) -> Double {
        precondition(degreesOfFreedom >= 1, "Student's t needs a degree of freedom")
        if let known = known975.withLock({ $0[degreesOfFreedom] }) { return known }
        let value = quantile(0.975, degreesOfFreedom: Double(degreesOfFreedom))
        known975.withLock { $0[degreesOfFreedom] = value }
        return value
    }

    /// The quantiles worked out so far, by degrees of freedom (the same value whoever asks first).
    private static let known975 = Mutex<[Int: Double]>([:])

    /// The `p`-quantile (0.5 < p < 1) for ν degrees of freedom, by bisection.
    static func quantile(_ p: Double, degreesOfFreedom nu: Double) -> Double {
        var low = 0.0
        var high = 1.0
        while distribution(high, degreesOfFreedom: nu) < p { high *= 2 }
        // 200 halvings reach the spacing of Doubles long before they are done.
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if middle == low || middle == high { break }
            if distribution(middle, degreesOfFreedom: nu) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// F(t) for t ≥ 0.
    static func distribution(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        1 - regularizedIncompleteBeta(nu / (nu + t * t), nu / 2, 0.5) / 2
    }

    /// I_x(a, b), the regularized incomplete beta function, for 0 ≤ x ≤ 1 (A&S 26.5.8, with
    /// the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where the fraction converges slowly).
    static func regularizedIncompleteBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(1 - x)
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x, a, b) / a
        }
        return 1 - exp(logFront) * continuedFraction(1 - x, b, a) / b
    }

    /// The continued fraction of A&S 26.5.8, by the modified Lentz method.
    private static func continuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var value = d
        for m in 1...10_000 {
            let m = Double(m)
            // The even step, then the odd step, of the fraction's coefficients.
            for coefficient in [m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                                -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))] {
                d = 1 + coefficient * d
                if abs(d) < tiny { d = tiny }
                c = 1 + coefficient / c
                if abs(c) < tiny { c = tiny }
                d = 1 / d
                value *= d * c
            }
            if abs(d * c - 1) < 1e-16 { break }
        }
        return value
    }
}
