/// Splits CSV text into records of unquoted fields (RFC 4180: fields may be quoted, a quote
/// inside a quoted field is doubled, a quoted field may hold commas and line breaks).
///
/// Written here because none of the packages the project uses reads CSV, and the catalog and
/// the report readers need only this much.
enum CSVText {
    /// The records of `text`, each a list of fields; a trailing line break ends the last
    /// record, and blank lines are skipped.
    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var fieldWasQuoted = false
        var iterator = Array(text.unicodeScalars).makeIterator()
        var pending: Unicode.Scalar? = iterator.next()
        func endRecord() {
            record.append(field)
            if !(record.count == 1 && record[0].isEmpty && !fieldWasQuoted) { records.append(record) }
            record = []
            field = ""
            fieldWasQuoted = false
        }
        while let scalar = pending {
            pending = iterator.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = iterator.next()
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                quoted = true
                fieldWasQuoted = true
            case ",":
                record.append(field)
                field = ""
                fieldWasQuoted = false
            case "\r":
                if pending == "\n" { continue }
                endRecord()
            case "\n":
                endRecord()
            default:
                field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !record.isEmpty || fieldWasQuoted { endRecord() }
        return records
    }
}
