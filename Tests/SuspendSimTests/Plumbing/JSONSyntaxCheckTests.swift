import Testing
@testable import SuspendSim

/// SPEC 35: where a text stops being JSON, as a byte offset, a line and a column.
@Suite struct JSONSyntaxCheckTests {
    static func failure(_ text: String) -> String? {
        JSONSyntaxCheck.firstError(in: Array(text.utf8))?.description
    }

    @Test("Valid JSON has no error", arguments: [
        "{}", "[]", " {\"a\": [1, -2.5e3, true, false, null, \"x\\\"y\"], \"b\": {}}\n", "0", "\"\"", "\u{FEFF}[1]",
        String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000),
    ])
    func valid(_ text: String) {
        #expect(Self.failure(text) == nil)
    }

    @Test("A truncated text: where it ends, and what was open", arguments: [
        ("{\"a\": [1, 2", "the text ends inside an array at byte 11 (line 1, column 12): is the file cut short?"),
        ("{\"a\": [1, 2]", "the text ends inside an object at byte 12 (line 1, column 13): is the file cut short?"),
        ("{\"a\":\n  \"b", "the text ends inside a string at byte 10 (line 2, column 5): is the file cut short?"),
        ("{\"a\"", "the text ends inside an object, after a key at byte 4 (line 1, column 5): is the file cut short?"),
        ("{\"a\": ", "the text ends where a value belongs at byte 6 (line 1, column 7): is the file cut short?"),
        ("[tru", "the text ends inside 'true' at byte 4 (line 1, column 5): is the file cut short?"),
        ("[1.", "the text ends inside the number '1.' at byte 3 (line 1, column 4): is the file cut short?"),
        ("", "the text ends before any value at byte 0 (line 1, column 1): is the file cut short?"),
    ])
    func truncated(_ text: String, _ message: String) {
        #expect(Self.failure(text) == message)
    }

    @Test("Other mistakes: what was found, where", arguments: [
        ("{\"a\": 1,}", "expected a key in double quotes, found '}' at byte 8 (line 1, column 9)"),
        ("[1 2]", "expected ',' or ']', found '2' at byte 3 (line 1, column 4)"),
        ("{\"é\": x}", "expected a value, found 'x' at byte 7 (line 1, column 7)"),
        ("[01]", "'01' is not a JSON number at byte 1 (line 1, column 2)"),
        ("{} {}", "unexpected '{' after the JSON value at byte 3 (line 1, column 4)"),
        ("[\"a\tb\"]", "a control character inside a string at byte 3 (line 1, column 4)"),
    ])
    func mistakes(_ text: String, _ message: String) {
        #expect(Self.failure(text) == message)
    }
}
