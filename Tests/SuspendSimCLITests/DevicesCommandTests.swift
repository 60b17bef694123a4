import Foundation
import Testing

/// SPEC 11: `suspendsim devices` lists the catalog, as a table or as CSV.
@Suite struct DevicesCommandTests {
    @Test("devices --csv prints the catalog's columns and a row per device, measured and estimated")
    func csv() throws {
        let run = try suspendsim(["devices", "--csv"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "model,name,products,ram_mb,app_limit_mb,limit_source,source")
        #expect(lines.contains { $0.hasPrefix("iphone-11,iPhone 11,\"iPhone12,1\",3844,2068,measured,") })
        // A name holding a quote is quoted, its quote doubled (RFC 4180).
        #expect(lines.contains { $0.hasPrefix("ipad-pro-10.5,\"iPad Pro 10.5\"\"\",") })
        #expect(lines.contains { $0.contains(",estimated,") })
        #expect(lines.count >= 27)
    }

    @Test("devices prints an aligned table with RAM and the per-app limit")
    func table() throws {
        let run = try suspendsim(["devices"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("model") == true)
        let iphone11 = try #require(lines.first { $0.hasPrefix("iphone-11 ") })
        #expect(iphone11.contains("3844") && iphone11.contains("2068") && iphone11.contains("measured"))
        #expect(run.stdout.contains("devices. Sources: suspendsim devices --csv"))
    }

    @Test("A scenario may name a model instead of its RAM: run resolves it and writes it to device.csv")
    func modelInAScenario() throws {
        try withTemporaryFolder { folder in
            let text = """
                name: x
                device: { model: iPhone-XR, ios: "15.4" }
                apps: [{ id: com.a, active_mb: 100 }]
                events: [{ at: 0, open: com.a }]
                """
            try text.write(to: folder.appendingPathComponent("x.yaml"), atomically: true, encoding: .utf8)
            #expect(try suspendsim(["run", "x.yaml", "--out", "R"], in: folder).status == 0)
            let device = try String(contentsOf: folder.appendingPathComponent("R/x/device.csv"), encoding: .utf8)
            for row in ["ram_mb,2813.000", "app_limit_mb,1792.000", "model,iphone-xr", "ios,15.4",
                        "background_task_limit_s,30.000", "app_background_limit_mb,1792.000"] {
                #expect(device.contains(row + "\n"), "\(row)")
            }
        }
    }
}
