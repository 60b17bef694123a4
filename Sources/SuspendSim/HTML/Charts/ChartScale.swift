/// A linear map from data values (seconds, MB, rates) to chart pixels, with round tick
/// values for its axis (SPEC 15: axes with units).
struct ChartScale {
    var domain: ClosedRange<Double>
    var range: ClosedRange<Double>
    /// Whether the pixel grows as the value falls (a y axis).
    var inverted = false

    /// The pixel of `value` (not clamped).
    func pixel(_ value: Double) -> Double {
        let span = domain.upperBound - domain.lowerBound
        let share = span > 0 ? (value - domain.lowerBound) / span : 0
        let width = range.upperBound - range.lowerBound
        return inverted ? range.upperBound - share * width : range.lowerBound + share * width
    }

    /// Round values (1, 2 or 5 × a power of ten apart) inside the domain, at most about
    /// `count` + 1 of them, from the first multiple of the step at or above the lower bound.
    func ticks(_ count: Int = 8) -> [Double] {
        let step = ChartScale.niceStep(domain.upperBound - domain.lowerBound, count: count)
        guard step > 0 else { return [domain.lowerBound] }
        var ticks: [Double] = []
        var k = (domain.lowerBound / step).rounded(.up)
        while k * step <= domain.upperBound + step * 1e-9, ticks.count < 64 {
            ticks.append(k * step)
            k += 1
        }
        return ticks
    }

    /// The step of 1, 2 or 5 × 10^n that cuts `span` into about `count` parts.
    static func niceStep(_ span: Double, count: Int) -> Double {
        guard span > 0, span.isFinite, count > 0 else { return 0 }
        let raw = span / Double(count)
        var power = 1.0
        while power * 10 <= raw { power *= 10 }
        while power > raw { power /= 10 }
        let multiple = raw / power
        let nice = multiple <= 1 ? 1.0 : multiple <= 2 ? 2.0 : multiple <= 5 ? 5.0 : 10.0
        return nice * power
    }

    /// `value` rounded up to a round number (the top of an axis): 1, 2, 2.5, 5 or 10 × 10^n.
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        var power = 1.0
        while power * 10 <= value { power *= 10 }
        while power > value { power /= 10 }
        for multiple in [1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0] where multiple * power >= value {
            return multiple * power
        }
        return 10 * power
    }
}
