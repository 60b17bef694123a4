import ArgumentParser
import Foundation
import SuspendSim

extension SuspendsimCommand.ImportCommand {
    /// `suspendsim import metrickit PAYLOAD.json... --onto SCENARIO [--app ID] [-o FILE]`
    /// (SPEC 18).
    struct MetricKitCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "metrickit",
            abstract: "Put the field's facts from MetricKit payloads into a scenario.",
            discussion: """
                Each file holds one MXMetricPayload as jsonRepresentation() writes it, a JSON \
                array of them, or an object whose payloads is such an array; a folder stands \
                for its *.json files in name order. The app (--app, else the payloads' \
                bundleIdentifier) gets active_mb (the largest peakMemoryUsage), suspended_mb \
                (averageSuspendedMemory, weighted by sampleCount), cold_launch_s and resume_s \
                (the median of the launch histograms, pooled); an app SCENARIO does not list \
                takes the place of its observed: app in apps: (and so its popularity rank), \
                else is appended. device.model and device.ios come from metaData. \
                observed: holds app, days (the payloads kept: one device and one release, \
                --device and --ios, else the most frequent) and each exit counter's mean per \
                day, with cold_launches, resumes, foreground_s and background_s, over the \
                payloads that measured them (exit_days, launch_days, time_days when fewer). \
                Numbers have at most 3 \
                decimals, rounded half up; memory is in MB of 2^20 bytes. The result is \
                SCENARIO read and written back with Yams: keys keep their order, but \
                SCENARIO's comments are not kept. Notes (a new app, a device chosen by vote, \
                payloads of other apps skipped) go to standard error. A payload that cannot \
                be read stops the import with its file and JSON path, exit status 2, and \
                nothing written. Numbers are read by the separators of each payload's \
                metaData.regionFormat (SPEC 26): a number with one "," or "." followed by \
                three digits ("352.100") is ambiguous without a listed region; --region XX \
                overrides every payload's region.
                """
        )

        @Argument(help: ArgumentHelp("MetricKit payload files (JSON), or folders of them.", valueName: "payload"))
        var payloads: [String]

        @Option(help: ArgumentHelp("The scenario file (YAML or JSON) to put the facts into.", valueName: "scenario"))
        var onto: String

        @Option(help: ArgumentHelp("The app's id, when the payloads do not name it (before iOS 15) or name several.", valueName: "id"))
        var app: String?

        @Option(help: ArgumentHelp("Read every payload's numbers by this region's separators (\(MetricKitRegion.known.joined(separator: ", "))), in place of its metaData.regionFormat.", valueName: "region"))
        var region: String?

        @Option(help: ArgumentHelp("Keep only this device's payloads: a catalog model, product id or marketing name (default: the most frequent).", valueName: "product-or-model"))
        var device: String?

        @Option(help: ArgumentHelp("Keep only this iOS release's payloads: 17 keeps every 17.x, 17.2 keeps 17.2.x (default: the most frequent MAJOR.MINOR).", valueName: "major[.minor]"))
        var ios: String?

        @Option(name: .shortAndLong, help: ArgumentHelp("Write the scenario here instead of to standard output.", valueName: "file"))
        var output: String?

        /// `--region`'s separators, read once, by `validate()`.
        private(set) var regionFormat: MetricKitRegion?

        /// The options ArgumentParser reads; `regionFormat` is `validate()`'s.
        enum CodingKeys: CodingKey {
            case payloads, onto, app, region, device, ios, output
        }

        mutating func validate() throws {
            try OptionChecks.paths(payloads, "a payload path")
            try OptionChecks.path(onto, "--onto")
            try OptionChecks.path(output, "--output")
            try OptionChecks.appIDs(app.map { [$0] } ?? [])
            if let region {
                regionFormat = MetricKitRegion(region)
            }
            if let region, regionFormat == nil {
                throw ValidationError("--region \(region) is not a known region; the known ones: \(MetricKitRegion.known.joined(separator: ", ")).")
            }
            if let ios {
                let parts = ios.split(separator: ".", omittingEmptySubsequences: false)
                guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }) else {
                    throw ValidationError("--ios must be MAJOR or MAJOR.MINOR, such as 17 or 17.2, got \(ios).")
                }
            }
        }

        func run() throws {
            let result: MetricKitImport.Result
            do {
                result = try MetricKitImport.run(payloads: payloads, onto: onto, app: app, region: regionFormat,
                                                device: device, ios: ios)
            } catch {
                printError("error: \(error.description)")
                throw CommandFailure.invalidInput
            }
            for note in result.notes { printError("note: \(note)") }
            for warning in result.warnings { printError("warning: \(warning)") }
            guard let output else { return print(result.text, terminator: "") }
            OutputFolder.removeStale(of: output)
            do {
                try AtomicTextFile.write(result.text, to: output)
            } catch {
                printError("error: \(error)")
                throw CommandFailure(writing: error)
            }
            print("wrote \(output)")
        }
    }
}
