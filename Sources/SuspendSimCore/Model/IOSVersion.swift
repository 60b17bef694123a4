/// An iOS release, `MAJOR[.MINOR]`, as `device.ios` gives it (SPEC 11).
///
/// Versions compare numerically, part by part: 18.10 is later than 18.4. That is why scenario
/// files quote them (`ios: "18.4"`): a YAML float would read `18.10` as 18.1 (SPEC 16).
public struct IOSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    /// Nil when the version was given as `MAJOR` alone.
    public var minor: Int?

    public init(major: Int, minor: Int? = nil) {
        self.major = major
        self.minor = minor
    }

    /// Reads `MAJOR` or `MAJOR.MINOR`, each part one to three decimal digits; nil otherwise.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }),
              let major = Int(parts[0])
        else { return nil }
        self.major = major
        self.minor = parts.count == 2 ? Int(parts[1]) : nil
    }

    /// The major releases that shipped or are announced (SPEC 37): iOS 1 to 18, then 26
    /// (Apple named the 2025 release after the year that follows it) and 27 (announced). A
    /// scenario's `ios` with any other major is bad input.
    public static let shippedMajors: [Int] = Array(1...18) + [26, 27]

    /// The valid majors in words, for messages: "1 to 18, 26 or 27".
    public static var shippedMajorsText: String { "1 to 18, 26 or 27" }

    /// Whether the major release shipped (`shippedMajors`).
    public var isShipped: Bool { Self.shippedMajors.contains(major) }

    /// `M` or `M.m`, as it was given (the `ios` row of `device.csv`, SPEC 16).
    public var description: String {
        minor.map { "\(major).\($0)" } ?? "\(major)"
    }

    public static func < (a: IOSVersion, b: IOSVersion) -> Bool {
        (a.major, a.minor ?? 0) < (b.major, b.minor ?? 0)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
