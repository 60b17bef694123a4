import Foundation
import Testing

/// SPEC 11: `suspendsim devices` lists the catalog, as a table or as CSV.
@Suite struct DevicesCommandTests {
    @Test("devices --csv prints the catalog's columns and a row per device, measured and estimated")
    func csv() throws {
        let run = try suspendsim(["devices", "--csv"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "model,name,products,ram_mb,app_limit_mb,limit_source,system_mb,system_source,source")
        // SPEC 30: system_mb = 3844 - 2068, from a measured limit.
        #expect(lines.contains { $0.hasPrefix("iphone-11,iPhone 11,\"iPhone12,1\",3844,2068,measured,1776,limit,") })
        #expect(lines.contains { $0.hasPrefix("iphone-14,iPhone 14,\"iPhone14,7\",6144,3379,estimated,2765,estimated,") })
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
        // SPEC 30: the system memory and its source after the limit's.
        let cells = iphone11.split(separator: " ").map(String.init)
        #expect(Array(cells[3...6]) == ["3844", "2068", "measured", "1776"] && cells[7] == "limit", "\(cells)")
        #expect(lines.first?.split(separator: " ").map(String.init) == ["model", "name", "ram_mb", "app_limit_mb", "limit", "system_mb", "system", "products"])
        #expect(run.stdout.contains("devices. Sources: suspendsim devices --csv"))
    }

    @Test("run and check note an estimated system_mb on stderr once per scenario file; a measured one and a set one are silent (SPEC 30)")
    func estimatedNote() throws {
        try withTemporaryFolder { folder in
            for (name, device) in [("est", "{ model: iphone-14 }"), ("lim", "{ model: iphone-11 }"), ("set", "{ model: iphone-14, system_mb: 1 }")] {
                let text = "name: \(name)\ndevice: \(device)\napps: [{ id: com.a, active_mb: 100 }]\nevents: [{ at: 0, open: com.a }]\n"
                try text.write(to: folder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
            }
            let note = "note: est.yaml: system_mb 2765.000 for iphone-14 is estimated (docs/validation.md)"
            let run = try suspendsim(["run", "est.yaml", "lim.yaml", "set.yaml", "--policy", "all", "--out", "R"], in: folder)
            #expect(run.status == 0)
            #expect(run.stderr.components(separatedBy: "note: ").count - 1 == 1, "\(run.stderr)")
            #expect(run.stderr.contains(note + "\n"))
            let check = try suspendsim(["check", "est.yaml", "lim.yaml"], in: folder)
            #expect(check.stderr.components(separatedBy: "note: ").count - 1 == 1 && check.stderr.contains(note))
            let device = try String(contentsOf: folder.appendingPathComponent("R/est/jetsam/device.csv"), encoding: .utf8)
            #expect(device.contains("system_mb,2765.000\nsystem_source,estimated\n"), "\(device)")
        }
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
            // SPEC 30: iPhone XR's system memory, 2813 - 1792, from its measured limit.
            for row in ["ram_mb,2813.000", "system_mb,1021.000", "system_source,limit", "app_limit_mb,1792.000", "model,iphone-xr", "ios,15.4",
                        "background_task_limit_s,30.000", "app_background_limit_mb,1792.000"] {
                #expect(device.contains(row + "\n"), "\(row)")
            }
        }
    }
}
