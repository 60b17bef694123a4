import Foundation
import Testing
@testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// RFC 8259 strings, and the stricter form that YAML reads back too (Plumbing/JSONEscaping).
@Suite struct JSONEscapingTests {
    @Test("Both forms escape quotes, backslashes and C0 controls; only the YAML form escapes C1, the mark and the separators")
    func escapesWhatEachReaderNeeds() {
        let text = "a\"b\\c\nd\re\tf\u{01}g\u{85}h\u{FEFF}i\u{2028}j/é"
        #expect(JSONEscaping.quoted(text, for: .json) == "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\u{85}h\u{FEFF}i\u{2028}j/é\"")
        #expect(JSONEscaping.quoted(text, for: .yaml) == "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\\u0085h\\ufeffi\\u2028j/é\"")
    }

    @Test("A JSON reader gives back the text from either form")
    func jsonReadsBothFormsBack() throws {
        var generator = SplitMix64(seed: 0x15_0A)
        // No U+FEFF: Foundation's JSONSerialization on Linux drops it wherever it stands,
        // escaped or not (the test above pins how it is written).
        let alphabet: [Unicode.Scalar] = ["a", "\"", "\\", "\n", "\r", "\t", "\u{00}", "\u{1F}", "\u{7F}", "\u{85}",
                                          "\u{FFFE}", "\u{2028}", "\u{2029}", "é", "😀", "/"]
        for _ in 0 ..< 500 {
            var text = ""
            for _ in 0 ..< Int(generator.next() % 13) {
                text.unicodeScalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
            }
            for reader in [JSONEscaping.Reader.json, .yaml] {
                let data = Data(("[" + JSONEscaping.quoted(text, for: reader) + "]").utf8)
                let decoded = try #require(try JSONSerialization.jsonObject(with: data) as? [String])
                #expect(decoded == [text], "\(reader): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }
}
