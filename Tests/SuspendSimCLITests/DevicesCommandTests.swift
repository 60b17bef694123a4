import Foundation
import Testing

/// SPEC 11: `suspendsim devices` lists the catalog, as a table or as CSV.
@Suite struct DevicesCommandTests {
    @Test("devices --csv prints the catalog's columns and a row per device, measured and estimated")
    func csv() throws {
        let run = try suspendsim(["devices", "--csv"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "model,name,products,ram_mb,app_limit_mb,limit_source,system_mb,system_source,ram_source,limit_low_mb,limit_high_mb,source")
        // SPEC 30: system_mb = 3844 - 2068, from a measured limit, which is its own range (SPEC 37).
        #expect(lines.contains { $0.hasPrefix("iphone-11,iPhone 11,\"iPhone12,1\",3844,2068,measured,1776,limit,reported,2068,2068,") })
        // SPEC 37: 6 GB × 1024 × 0.92 = 5652.48 -> 5652; 55 % = 3108.6 -> 3109; 50.0 % = 2826;
        // 63.7 % = 3600.324 -> 3600; system 5652 - 3109 = 2543.
        #expect(lines.contains { $0.hasPrefix("iphone-14,iPhone 14,\"iPhone14,7\",5652,3109,estimated,2543,estimated,nominal,2826,3600,") })
        // A name holding a quote is quoted, its quote doubled (RFC 4180).
        #expect(lines.contains { $0.hasPrefix("ipad-pro-10.5,\"iPad Pro 10.5\"\"\",") })
        #expect(lines.contains { $0.contains(",estimated,") })
        #expect(lines.count >= 27)
    }

    @Test("devices prints an aligned table with RAM, its source, the per-app limit and its range")
    func table() throws {
        let run = try suspendsim(["devices"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("model") == true)
        let iphone11 = try #require(lines.first { $0.hasPrefix("iphone-11 ") })
        #expect(iphone11.contains("3844") && iphone11.contains("2068") && iphone11.contains("measured"))
        // SPEC 30: the system memory and its source after the limit's.
        let cells = iphone11.split(separator: " ").map(String.init)
        #expect(Array(cells[3...9]) == ["3844", "reported", "2068", "measured", "2068-2068", "1776", "limit"], "\(cells)")
        let iphone14 = try #require(lines.first { $0.hasPrefix("iphone-14 ") }).split(separator: " ").map(String.init)
        #expect(Array(iphone14[3...9]) == ["5652", "nominal", "3109", "estimated", "2826-3600", "2543", "estimated"], "\(iphone14)")
        #expect(lines.first?.split(separator: " ").map(String.init)
            == ["model", "name", "ram_mb", "ram", "app_limit_mb", "limit", "limit_range", "system_mb", "system", "products"])
        #expect(run.stdout.contains("devices. Sources: suspendsim devices --csv"))
    }

    @Test("run and check note an estimated system_mb on stderr once per scenario file; a measured one and a set one are silent (SPEC 30)")
    func estimatedNote() throws {
        try withTemporaryFolder { folder in
            for (name, device) in [("est", "{ model: iphone-14 }"), ("lim", "{ model: iphone-11 }"), ("set", "{ model: iphone-14, system_mb: 1 }")] {
                let text = "name: \(name)\ndevice: \(device)\napps: [{ id: com.a, active_mb: 100 }]\nevents: [{ at: 0, open: com.a }]\n"
                try text.write(to: folder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
            }
            let note = "note: est.yaml: system_mb 2543.000 for iphone-14 is estimated (docs/validation.md)"
            let run = try suspendsim(["run", "est.yaml", "lim.yaml", "set.yaml", "--policy", "all", "--out", "R"], in: folder)
            #expect(run.status == 0)
            #expect(run.stderr.components(separatedBy: "note: ").count - 1 == 1, "\(run.stderr)")
            #expect(run.stderr.contains(note + "\n"))
            let check = try suspendsim(["check", "est.yaml", "lim.yaml"], in: folder)
            #expect(check.stderr.components(separatedBy: "note: ").count - 1 == 1 && check.stderr.contains(note))
            let device = try String(contentsOf: folder.appendingPathComponent("R/est/jetsam/device.csv"), encoding: .utf8)
            #expect(device.contains("system_mb,2543.000\nsystem_source,estimated\n"), "\(device)")
        }
    }

    @Test("An ios major that never shipped: exit 2 located in a file, exit 64 from --set, nothing written; 26 runs (SPEC 37)")
    func unshippedIOS() throws {
        try withTemporaryFolder { folder in
            let body = "apps: [{ id: com.a, active_mb: 100 }]\nevents: [{ at: 0, open: com.a }]\n"
            try "name: x\ndevice: { ram_mb: 2048, ios: \"19\" }\n\(body)".write(to: folder.appendingPathComponent("x.yaml"), atomically: true, encoding: .utf8)
            try "name: y\ndevice: { ram_mb: 2048 }\n\(body)".write(to: folder.appendingPathComponent("y.yaml"), atomically: true, encoding: .utf8)
            let file = try suspendsim(["run", "x.yaml", "--out", "R"], in: folder)
            #expect(file.status == 2)
            #expect(file.stderr.contains("x.yaml:2") && file.stderr.contains("device.ios") && file.stderr.contains("1 to 18, 26 or 27"), "\(file.stderr)")
            let set = try suspendsim(["run", "y.yaml", "--set", "device.ios=19", "--out", "R"], in: folder)
            #expect(set.status == 64, "\(set.stderr)")
            #expect(set.stderr.contains("1 to 18, 26 or 27"), "\(set.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("R").path))
            #expect(try suspendsim(["run", "y.yaml", "--set", "device.ios=26", "--out", "R"], in: folder).status == 0)
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
