extension UsageTrace {
    /// `YYYY-MM-DD HH:MM:SS` as seconds since 1970-01-01 00:00:00 of the same (naive) clock;
    /// nil when it does not read (SPEC 13).
    static func seconds(_ text: Substring) -> Int64? {
        let parts = text.split(separator: " ")
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        let time = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard date.count == 3, time.count == 3, date[0].count == 4, [date[1], date[2], time[0], time[1], time[2]].allSatisfy({ $0.count == 2 }),
              let year = Int64(date[0]), let month = Int64(date[1]), let day = Int64(date[2]),
              let hour = Int64(time[0]), let minute = Int64(time[1]), let second = Int64(time[2])
        else { return nil }
        return seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// The same for a timestamp's bytes: those written exactly `YYYY-MM-DD HH:MM:SS` (every row
    /// of a well-formed trace) are read without decoding; any other spelling goes through
    /// `seconds(_:)` on the decoded text, so both accept exactly the same timestamps.
    static func seconds(bytes: ArraySlice<UInt8>) -> Int64? {
        let read = bytes.withUnsafeBufferPointer { row -> Int64?? in
            // The bytes through a pointer: the slice's bounds checks were a third of the cost.
            guard row.count == 19 else { return .none }
            /// The decimal number of the `count` digits at `offset`; nil if one is not a digit.
            func number(_ offset: Int, _ count: Int) -> Int64? {
                var value: Int64 = 0
                for position in offset ..< offset &+ count {
                    let digit = row[position] &- 0x30
                    guard digit < 10 else { return nil }
                    value = value &* 10 &+ Int64(digit)
                }
                return value
            }
            guard row[4] == 0x2D, row[7] == 0x2D, row[10] == 0x20, row[13] == 0x3A, row[16] == 0x3A,
                  let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                  let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2)
            else { return .none }
            return .some(seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
        }
        return read ?? seconds(String(decoding: bytes, as: UTF8.self)[...])
    }

    /// The seconds of a date and time whose fields are in range; nil otherwise.
    private static func seconds(year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64) -> Int64? {
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        return daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
