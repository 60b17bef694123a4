import Foundation
@_spi(Generators) @testable import SuspendSimCore

/// One input's mutations, applied in turn to its text.
struct Mutator {
    var text: String
    let ids: [String]

    static let extremeNumbers = [
        "1e400", "-1e400", "99999999999999999999", "-99999999999999999999", "-0", "-0.0", "1e-400", "-1e-400", "0",
        "4294967296", "4294967296.0004", "4294967296.0005", "4294967297", "-4294967296", "-4294967297",
        "18446744073709551616", "9223372036854775807", "-9223372036854775808", "1e18", "2e-324", "0.0005", "0.00049",
        "-0.0005", "1_000", "0x10", "0o17", "017", ".5", "5.", "+5", "1e3", "1E+3", ".inf", "-.inf", ".nan", "1e", "e3",
        "1.2.3", "--1", "1__0", "١٢", "1 000", "\"12\"", "'12'", "true", "null", "~", "[]", "{}", "!!float 12", "!!int 12",
    ]

    static let hostileIDs = [
        "é", "e\u{301}", "😀", "👩‍👩‍👧", "\u{202E}abc", "\u{200B}", "\u{FEFF}x", "日本語", "a,b", "a\"b", "a b", "-a", "#a", "a#b",
        "\\t", "\\a", "\\0", "\\x7f", "\\u0085", "\\u2028", "\\e", "\\r\\n", "a\\nb", "\\U0001F600", "\\ud800", "\t", "\u{7}",
        "\u{85}", "\u{1F}", "\u{7F}", ":", "a: b", "- a", "*a", "&a", "!a", "%a", "@a", "`a", "|", ">", "?", "''", "\"\"",
        String(repeating: "x", count: 5_000),
    ]

    static let pieces = [
        "{", "}", "[", "]", ":", ": ", ",", "-", "- ", "'", "\"", "#", "&x ", "*x", "!!str ", "!!binary ", "!custom ", "|",
        ">", "%YAML 1.2\n---\n", "---\n", "\n...\n", "<<: ", "? ", "\t", "\n", "\r\n", "\r", "\u{85}", "\u{2028}", " ",
        "\u{FEFF}", "\u{0}", "\u{7}", "null", "true", "~", "at", "open", "home", "mb", "app", "mode", "fetch", "audio",
        "apps", "events", "device", "name", "expect", "end_s", "policy", "lmkd",
    ]

    static let wrongValues = [
        "[]", "{}", "~", "null", "true", "\"str\"", "'str'", "[1, 2]", "{a: 1}", "!!binary aGk=", "&x 1", "*undefined",
        "-", "|\n  block\n", ">\n  folded\n", String(repeating: "[", count: 999) + String(repeating: "]", count: 999),
        String(repeating: "[", count: 1_001) + String(repeating: "]", count: 1_001), "2001-12-14t21:59:43.10-05:00",
        "0b101", "'''", "\"\\", "{", "[",
    ]

    mutating func mutate(_ random: inout SplitMix64) {
        switch random.index(below: 16) {
        case 0: flipBit(&random)
        case 1: setByte(&random)
        case 2: truncate(&random)
        case 3: deleteRange(&random)
        case 4: swapLines(&random)
        case 5: duplicateLine(&random)
        case 6: deleteLine(&random)
        case 7: duplicateFlowKey(&random)
        case 8, 9: replaceNumber(&random)
        case 10: replaceValue(&random)
        case 11: replaceID(&random)
        case 12: insertPiece(&random)
        case 13: changeLineEnds(&random)
        case 14: text = ["", " ", "\n", "\u{FEFF}", "#", "---", "{}", "[]"][random.index(below: 8)]
        default: text = "\u{FEFF}" + text
        }
    }

    private var bytes: [UInt8] {
        get { Array(text.utf8) }
        set { text = String(decoding: newValue, as: UTF8.self) }
    }

    private var lines: [Substring] {
        get { text.split(separator: "\n", omittingEmptySubsequences: false) }
        set { text = newValue.joined(separator: "\n") }
    }

    private mutating func flipBit(_ random: inout SplitMix64) {
        var bytes = self.bytes
        guard !bytes.isEmpty else { return }
        bytes[random.index(below: bytes.count)] ^= UInt8(1) << random.index(below: 8)
        self.bytes = bytes
    }

    private mutating func setByte(_ random: inout SplitMix64) {
        var bytes = self.bytes
        guard !bytes.isEmpty else { return }
        bytes[random.index(below: bytes.count)] = UInt8(random.index(below: 256))
        self.bytes = bytes
    }

    private mutating func truncate(_ random: inout SplitMix64) {
        bytes = Array(bytes.prefix(random.index(below: bytes.count + 1)))
    }

    private mutating func deleteRange(_ random: inout SplitMix64) {
        var bytes = self.bytes
        let start = random.index(below: bytes.count + 1)
        bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.index(below: 40)))
        self.bytes = bytes
    }

    private mutating func swapLines(_ random: inout SplitMix64) {
        var lines = self.lines
        guard lines.count > 1 else { return }
        lines.swapAt(random.index(below: lines.count), random.index(below: lines.count))
        self.lines = lines
    }

    private mutating func duplicateLine(_ random: inout SplitMix64) {
        var lines = self.lines
        let index = random.index(below: lines.count)
        lines.insert(lines[index], at: index + random.index(below: 2))
        self.lines = lines
    }

    private mutating func deleteLine(_ random: inout SplitMix64) {
        var lines = self.lines
        lines.remove(at: random.index(below: lines.count))
        self.lines = lines
    }

    /// `{ k: v, ... }` -> `{ k: v, ..., k: v }`: a duplicate key inside a flow mapping.
    private mutating func duplicateFlowKey(_ random: inout SplitMix64) {
        var lines = self.lines
        let candidates = lines.indices.filter { lines[$0].contains("{") && lines[$0].contains(",") && lines[$0].contains("}") }
        guard !candidates.isEmpty else { return duplicateLine(&random) }
        let index = candidates[random.index(below: candidates.count)]
        let line = String(lines[index])
        guard let open = line.firstIndex(of: "{"), let comma = line[open...].firstIndex(of: ","),
              let close = line.lastIndex(of: "}"), comma < close else { return }
        let pair = line[line.index(after: open)..<comma]
        lines[index] = Substring(line[..<close] + ", " + pair + line[close...])
        self.lines = lines
    }

    /// Replaces one number in the text with an extreme one.
    private mutating func replaceNumber(_ random: inout SplitMix64) {
        var scalars = Array(text.unicodeScalars)
        var runs: [Range<Int>] = []
        var index = 0
        while index < scalars.count {
            guard ("0"..."9").contains(scalars[index]) else { index += 1; continue }
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." { index += 1 }
            runs.append(start..<index)
        }
        guard !runs.isEmpty else { return insertPiece(&random) }
        let run = runs[random.index(below: runs.count)]
        scalars.replaceSubrange(run, with: Self.extremeNumbers[random.index(below: Self.extremeNumbers.count)].unicodeScalars)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        text = String(view)
    }

    /// Replaces what follows one `: ` up to the next `,`, `}` or line end with a value of the
    /// wrong type.
    private mutating func replaceValue(_ random: inout SplitMix64) {
        let ranges = text.ranges(of: ": ")
        guard !ranges.isEmpty else { return insertPiece(&random) }
        let start = ranges[random.index(below: ranges.count)].upperBound
        let end = text[start...].firstIndex { $0 == "," || $0 == "}" || $0 == "\n" } ?? text.endIndex
        text.replaceSubrange(start..<end, with: Self.wrongValues[random.index(below: Self.wrongValues.count)])
    }

    /// Replaces every occurrence (or just one) of an app id with a hostile one.
    private mutating func replaceID(_ random: inout SplitMix64) {
        guard !ids.isEmpty else { return insertPiece(&random) }
        let id = ids[random.index(below: ids.count)]
        var replacement = Self.hostileIDs[random.index(below: Self.hostileIDs.count)]
        if random.chance(50) { replacement = "\"" + replacement + "\"" }
        if random.chance(70) {
            text = text.replacingOccurrences(of: id, with: replacement)
        } else if let range = text.range(of: id) {
            text.replaceSubrange(range, with: replacement)
        }
    }

    private mutating func insertPiece(_ random: inout SplitMix64) {
        var scalars = Array(text.unicodeScalars)
        let piece = Self.pieces[random.index(below: Self.pieces.count)]
        scalars.insert(contentsOf: piece.unicodeScalars, at: random.index(below: scalars.count + 1))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        text = String(view)
    }

    private mutating func changeLineEnds(_ random: inout SplitMix64) {
        let end = ["\r\n", "\r", "\u{85}", "\u{2028}", "\n\n", " \n", "\t\n"][random.index(below: 7)]
        text = text.replacingOccurrences(of: "\n", with: end)
        if random.chance(30) { text = text.replacingOccurrences(of: "  ", with: "\t") }
    }
}
