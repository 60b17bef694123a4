import Foundation
import Testing

/// Golden reports: `suspendsim run Tests/Goldens/scenarios --policy all --replicates 10` gives
/// the reviewed reports under `Tests/Goldens/reports/`. The inputs are the bundled scenarios of
/// SPEC 1-10 (copied, so that new bundled files do not change them) and six generated
/// workloads that use every SPEC 3 event (`GoldenInputTests`), and `every-device-key.yaml`: a
/// classic-profile scenario that sets every device key but `ios` and `freezer`, recorded by the
/// build before Part XI (0b1ede9; SPEC 40: the same values but for new files, columns and
/// `device.csv`'s rows, which its golden leaves out).
///
/// The rule behind them: Part II only appends columns and files, so "a scenario that uses none
/// of the new keys gives the same values in SPEC 8's columns as before". Each golden file is
/// compared by its own columns, by name: every golden column must be in the new file with the
/// same values, row for row; columns and files added later are ignored.
///
/// `SUSPENDSIM_RECORD_GOLDENS=1 swift test --filter GoldenReportTests` records them anew
/// (review the diff before committing).
@Suite struct GoldenReportTests {
    static let goldens = packageRoot.appendingPathComponent("Tests/Goldens")

    @Test("Reports of the SPEC 1-10 scenarios and generated workloads keep their golden values under every policy")
    func reportsMatchGoldens() throws {
        try withTemporaryFolder { out in
            let run = try suspendsim(["run", Self.goldens.appendingPathComponent("scenarios").path,
                                      "--policy", "all", "--replicates", "10", "--jobs", "2", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            let actual = try filesUnder(out)
            let reports = Self.goldens.appendingPathComponent("reports")
            if ProcessInfo.processInfo.environment["SUSPENDSIM_RECORD_GOLDENS"] == "1" {
                try? FileManager.default.removeItem(at: reports)
                try FileManager.default.copyItem(at: out, to: reports)
            }
            let golden = try filesUnder(reports)
            #expect(golden.count >= 6 * 4 * 7 + 5 * 4 * 7, "too few golden files: \(golden.count)")
            for (path, goldenBytes) in golden.sorted(by: { $0.key < $1.key }) {
                guard let actualBytes = actual[path] else {
                    Issue.record("\(path) was not written")
                    continue
                }
                let mismatch = Self.firstMismatch(golden: goldenBytes, actual: actualBytes)
                #expect(mismatch == nil, "\(path): \(mismatch ?? "")")
            }
        }
    }

    /// Where `actual` differs from `golden` in the golden file's columns; nil when it does not.
    static func firstMismatch(golden: Data, actual: Data) -> String? {
        let goldenRows = records(golden)
        let actualRows = records(actual)
        guard let goldenHeader = goldenRows.first, let actualHeader = actualRows.first else {
            return goldenRows.isEmpty && actualRows.isEmpty ? nil : "one of the files is empty"
        }
        var columns: [Int] = []
        for name in goldenHeader {
            guard let index = actualHeader.firstIndex(of: name) else { return "column \(name) is missing" }
            columns.append(index)
        }
        if goldenRows.count != actualRows.count {
            return "\(actualRows.count - 1) rows, expected \(goldenRows.count - 1)"
        }
        for (line, (expected, row)) in zip(goldenRows, actualRows).enumerated().dropFirst() {
            let projected = columns.map { $0 < row.count ? row[$0] : "<missing>" }
            if projected != expected {
                return "line \(line + 1): expected \(expected.joined(separator: ",")), got \(projected.joined(separator: ","))"
            }
        }
        return nil
    }

    /// The records of an RFC 4180 file with LF line ends, each as its fields (quotes kept).
    static func records(_ data: Data) -> [[String]] {
        var records: [[String]] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        for byte in data {
            switch byte {
            case UInt8(ascii: "\""):
                quoted.toggle()
                field.append(byte)
            case UInt8(ascii: ",") where !quoted:
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            case UInt8(ascii: "\n") where !quoted:
                fields.append(String(decoding: field, as: UTF8.self))
                records.append(fields)
                fields.removeAll()
                field.removeAll(keepingCapacity: true)
            default:
                field.append(byte)
            }
        }
        if !field.isEmpty || !fields.isEmpty { fields.append(String(decoding: field, as: UTF8.self)); records.append(fields) }
        return records
    }
}
