extension MetricKitPayloadJSON {
    /// A JSON value whose objects keep their keys in the order given, written pretty-printed as
    /// Apple's `MXMetricPayload.jsonRepresentation()` looks: two spaces of indent per level,
    /// `"key" : value`, one member a line (SPEC 17's `metrickit/<app>.json`).
    ///
    /// Written by hand rather than through `JSONSerialization` or `JSONEncoder`: their key order
    /// follows a dictionary's (or needs `.sortedKeys`, which would scatter MetricKit's groups), and
    /// a payload must come out byte-identical run after run.
    enum Value {
        case string(String)
        case integer(Int64)
        /// Members in the order written.
        case object([(key: String, value: Value)])

        /// The value as pretty-printed text, ending with a line feed.
        var text: String {
            var text = ""
            write(to: &text, indent: 0)
            text += "\n"
            return text
        }

        /// Appends the value, its nested lines indented below `indent` levels.
        private func write(to text: inout String, indent: Int) {
            switch self {
            case .string(let value):
                Self.appendQuoted(value, to: &text)
            case .integer(let value):
                text += String(value)
            case .object(let members):
                guard !members.isEmpty else {
                    text += "{}"
                    return
                }
                text += "{\n"
                let inner = String(repeating: "  ", count: indent + 1)
                for (index, member) in members.enumerated() {
                    text += inner
                    Self.appendQuoted(member.key, to: &text)
                    text += " : "
                    member.value.write(to: &text, indent: indent + 1)
                    text += index == members.count - 1 ? "\n" : ",\n"
                }
                text += String(repeating: "  ", count: indent) + "}"
            }
        }

        /// `value` as a JSON string (RFC 8259): quotes, backslashes and control characters escaped,
        /// everything else (a `/` too) as it is.
        static func appendQuoted(_ value: String, to text: inout String) {
            JSONEscaping.appendQuoted(value, for: .json, to: &text)
        }
    }

    /// MetricKit's measurement strings (SPEC 17): `"<number> kB"` (1 kB = 1000 bytes, as
    /// `MXMemoryMetric` reports), `"<number> ms"` (`MXAppLaunchMetric`'s bucket bounds) and
    /// `"<number> sec"` (`MXAppRunTimeMetric`), numbers without group separators, at most 3
    /// decimals, trailing zeros trimmed; and `MXMetricPayload`'s time stamps.
    enum Measurement {
        /// `kib` in kB, exactly: a KiB is 1.024 kB, so 3 decimals always suffice (1 KiB →
        /// `"1.024 kB"`, 40,960 KiB → `"41943.04 kB"`).
        static func kilobytes(_ kib: KiB) -> String {
            // Thousandths of a kB are bytes: KiB × 1024, in 128 bits so that no value overflows.
            let bytes = kib.count.magnitude.multipliedFullWidth(by: 1024)
            let (whole, fraction) = UInt64(1000).dividingFullWidth(bytes)
            return (kib < .zero ? "-" : "") + decimal(whole: whole, thousandths: fraction) + " kB"
        }

        /// The mean of a footprint integrated over time, `kibMs` (KiB × ms) over `ms`, in kB,
        /// rounded to 3 decimals, halves up (`MXMemoryMetric.averageSuspendedMemory`).
        static func meanKilobytes(kibMs: Double, over ms: Millis) -> String {
            precondition(ms > .zero, "A mean over no time")
            let divisor = UInt64(ms.count)
            // Exactly, in integers, while the integral fits (an integral below 2^53 KiB × ms is
            // what the engine adds up exactly); else in floating point.
            if kibMs >= 0, kibMs < 0x1p63, kibMs == kibMs.rounded(.towardZero) {
                let scaled = UInt64(kibMs).multipliedFullWidth(by: 1024)
                if scaled.high < divisor {
                    var (thousandths, remainder) = divisor.dividingFullWidth(scaled)
                    if remainder >= divisor - remainder { thousandths += 1 }
                    return decimal(whole: thousandths / 1000, thousandths: thousandths % 1000) + " kB"
                }
            }
            let thousandths = (kibMs * 1024 / Double(ms.count)).rounded(.toNearestOrAwayFromZero)
            let magnitude = UInt64(min(thousandths.magnitude, 0x1p63))
            return (thousandths < 0 ? "-" : "") + decimal(whole: magnitude / 1000, thousandths: magnitude % 1000) + " kB"
        }

        /// Whole milliseconds: `"400 ms"`.
        static func milliseconds(_ ms: Millis) -> String {
            "\(ms.count) ms"
        }

        /// Milliseconds as seconds: `"40 sec"`, `"12.5 sec"`.
        static func seconds(_ ms: Millis) -> String {
            let magnitude = ms.count.magnitude
            return (ms < .zero ? "-" : "") + decimal(whole: magnitude / 1000, thousandths: magnitude % 1000) + " sec"
        }

        /// `whole.thousandths` with the fraction's trailing zeros trimmed, and no point when it
        /// is 0: (41943, 40) → `41943.04`, (7, 0) → `7`.
        static func decimal(whole: UInt64, thousandths: UInt64) -> String {
            guard thousandths > 0 else { return String(whole) }
            var fraction = String(thousandths)
            fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            return "\(whole).\(fraction)"
        }

        /// The first instant of every payload's interval: 2026-01-01 00:00:00 UTC, as days since
        /// 1970-01-01 (a fixed instant: the output depends on no clock).
        static let beginDay: Int64 = 20_454

        /// The time stamp `seconds` after `beginDay`'s midnight, as MetricKit writes
        /// `timeStampBegin` and `timeStampEnd`: `yyyy-MM-dd HH:mm:ss +0000`.
        static func timeStamp(secondsAfterBegin seconds: Int64) -> String {
            let days = beginDay + seconds / 86_400
            let secondOfDay = seconds % 86_400
            let (year, month, day) = civilDate(daysSince1970: days)
            func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
            let time = "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
            return "\(year)-\(two(month))-\(two(day)) \(time) +0000"
        }

        /// The proleptic Gregorian date of `days` since 1970-01-01 (Howard Hinnant's
        /// `civil_from_days`), for days on or after it.
        static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
            let shifted = days + 719_468
            let era = shifted / 146_097
            let dayOfEra = shifted - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let monthIndex = (5 * dayOfYear + 2) / 153
            let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
            let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
            return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
        }
    }
}
