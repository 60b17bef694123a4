/// The page of one run's report folder (SPEC 15): a header (scenario, policy, device, seed
/// when known), memory over time, the state timeline, the apps kept after each launch, the
/// survivors table, and what the answer assumes (SPEC 36, with `assumptions.csv`).
struct RunPage {
    /// What the folder alone does not say, from its path or the batch around it.
    struct Context {
        /// The scenario's name.
        var scenario: String
        /// The run's place in a batch: its sweep values and replicate (`device.ram_mb=2048`,
        /// `replicate 3`), or its policy folder under `--policy all`.
        var details: [String] = []
        /// The run's seed, when a batch's `summary.csv` gives it.
        var seed: String?
        /// A relative link to the page of the batch the run belongs to.
        var batchLink: String?
    }

    let reports: RunReports
    let context: Context

    /// Past `MemoryChart.defaultFoldAbove` apps, the rows the survivors table and the kept
    /// apps table show (the first 20, the rest of them in a `<details>`), so that the page's
    /// size does not grow with the apps (SPEC 35); `survivors.csv` has every app.
    static let foldedRows = 220

    func render() -> String {
        let geometry = RunChartGeometry(endTime: reports.endTime)
        let chart = MemoryChart(reports: reports, geometry: geometry)
        let memory = chart.render()
        let timeline = StateTimeline(reports: reports, geometry: geometry, kept: chart.kept).render()
        var content: [HTMLNode] = [header()]
        content.append(.section(id: "memory", .h2("Memory over time"), .figure(
            .raw(memory.svg),
            .figcaption(memoryLegend(band: memory.band, chart: chart), .p(class: "note", .text(labelNote(memory.labelled, of: memory.evictions))))
        )))
        content.append(.section(id: "timeline", .h2("State timeline"), .figure(.raw(timeline), .figcaption(timelineLegend()))))
        let kept = KeptAppsTable.rows(reports)
        if !kept.isEmpty {
            let cells = KeptAppsTable.cells(kept, apps: reports.apps)
            content.append(.section(id: "kept", .h2("Apps kept after each launch"),
                                    .p(class: "note", .prose(KeptAppsTable.note(policy: reports.policy))),
                                    chart.kept == nil ? HTMLPage.table(header: KeptAppsTable.header, rows: cells)
                                        : HTMLPage.foldedTable(header: KeptAppsTable.header, rows: cells, file: RunReportFile.transitions.fileName,
                                                               whole: "they follow from \(RunReportFile.transitions.fileName)", most: Self.foldedRows)))
        }
        let appColumn = reports.survivorsHeader.firstIndex(of: SurvivorColumn.app.rawValue)
        let swatch = { (row: Int, column: Int) -> HTMLNode? in
            guard column == appColumn else { return nil }
            return .span(class: "sw \(ChartPalette.colourClass(row))", style: "margin-right:6px;vertical-align:-2px")
        }
        content.append(.section(id: "survivors", .h2("Survivors"), chart.kept == nil
            ? HTMLPage.table(header: reports.survivorsHeader, rows: reports.survivorsRows, decorate: swatch)
            : HTMLPage.foldedTable(header: reports.survivorsHeader, rows: reports.survivorsRows, file: RunReportFile.survivors.fileName,
                                   most: Self.foldedRows, decorate: swatch)))
        if let assumptions = reports.assumptions { content.append(assumptions.node(batch: false)) }
        content.append(.footer(.p(class: "note", .prose("Reports in this folder: "), .group(files()))))
        return HTMLPage.render(title: "\(context.scenario) — suspendsim run", content: content)
    }

    private func header() -> HTMLNode {
        var facts: [String] = []
        facts.append("policy \(reports.policy ?? "not recorded")")
        if let ram = reports.threshold(.ramMB) {
            var device = "device \(ChartNumber.short(ram, 1)) MB RAM"
            var parts: [String] = []
            if let model = reports.deviceValue(.model), !model.isEmpty { parts.append(model) }
            if let ios = reports.deviceValue(.ios), !ios.isEmpty { parts.append("iOS \(ios)") }
            if let reserved = reports.threshold(.reservedMB), reserved > 0 { parts.append("\(ChartNumber.short(reserved, 1)) MB reserved") }
            if !parts.isEmpty { device += " (" + parts.joined(separator: ", ") + ")" }
            facts.append(device)
        } else {
            facts.append("device not recorded (no \(RunReportFile.device.fileName))")
        }
        if let seed = context.seed { facts.append("seed \(seed)") }
        facts.append("\(reports.apps.count) app\(reports.apps.count == 1 ? "" : "s")")
        facts.append("\(ChartNumber.short(reports.endTime, 3)) s" + (reports.endTime >= 3600 ? " (\(ChartNumber.fixed(reports.endTime / 3600, 1)) h)" : ""))
        // Pressure kills as SPEC 5 and 11 count them (`long-idle-exit` is one).
        let pressure = reports.evictions.filter { KillReason(rawValue: $0.reason)?.category == .pressure }.count
        facts.append("\(reports.evictions.count) termination\(reports.evictions.count == 1 ? "" : "s") (\(pressure) pressure kill\(pressure == 1 ? "" : "s"))")
        var nodes: [HTMLNode] = [.h1(.text(context.scenario))]
        if !context.details.isEmpty { nodes.append(.p(.text(context.details.joined(separator: " · ")))) }
        nodes.append(.p(class: "meta", .text(facts.joined(separator: " · "))))
        if let file = reports.deviceValue(.file), !file.isEmpty { nodes.append(.p(class: "meta", .text("scenario file \(file)"))) }
        if let batchLink = context.batchLink {
            nodes.append(.p(.a(href: HTMLEscaping.href(batchLink), .prose("← the report index (the --out folder's page)"))))
        }
        return .header(.group(nodes))
    }

    private func memoryLegend(band: Bool, chart: MemoryChart) -> HTMLNode {
        var items: [HTMLNode] = []
        if band {
            // The grey band under the apps: used memory less the footprints (SPEC 15), system
            // memory labelled with its source and reserved memory below it (SPEC 30).
            items.append(.group([.span(class: "sw", style: MemoryChart.bandStyle), .text(chart.bandTitle)]))
            if chart.reservedMB > 0 {
                items.append(.group([.span(class: "sw", style: MemoryChart.reservedSwatchStyle), .prose(MemoryChart.reservedName)]))
            }
        }
        // Past `MemoryChart.foldAbove` apps: the kept apps, then the smaller ones as one layer.
        for layer in chart.stackLayers {
            if case .app(let index) = layer {
                items.append(HTMLPage.swatch("sw \(ChartPalette.colourClass(index))", reports.apps[index]))
            } else if case .otherApps = layer {
                items.append(.group([.span(class: "sw", style: MemoryChart.otherAppsSwatchStyle), .text(chart.title(of: layer))]))
            }
        }
        if reports.hasCompressor {
            // SPEC 22: apps are stacked at their footprint less their compressed memory, and
            // the compressor's own pages on top, so that the stack and free memory are RAM.
            items.append(.group([.span(class: "sw", style: MemoryChart.compressorSwatchStyle),
                                 .prose("\(MemoryChart.compressorName) (its physical size; apps are drawn less their compressed memory)")]))
        }
        items.append(.group([.span(class: "swl"), .prose("free memory")]))
        for entry in MemoryChart.thresholds where reports.threshold(entry.key) != nil {
            items.append(.group([.span(class: "swd"), .text("\(entry.name) threshold (\(entry.key))")]))
        }
        if reports.device == nil { items.append(.prose("no thresholds: the folder has no \(RunReportFile.device.fileName)")) }
        items.append(.prose("▮ at the top: an eviction, in the app's colour"))
        return HTMLPage.legend(items)
    }

    private func timelineLegend() -> HTMLNode {
        var items: [HTMLNode] = ChartPalette.states.map { HTMLPage.swatch("sw \($0.cssClass)", $0.state) }
        items.append(.prose("no bar: not-running"))
        var names: [(RunReports.Mark, String)] = [(.launch, "launch"), (.wake, "wake (or launch by a wake)"),
                                                    (.kill, "kill by the system"), (.quit, "force-quit or exit")]
        // Only a run whose apps had task requests granted shows the grant's mark (SPEC 28).
        if reports.transitions.contains(where: { $0.mark == .grant }) { names.append((.grant, "task grant (BGTaskScheduler)")) }
        // Each mark's glyph as the timeline draws it: an inline SVG of a path of numbers, raw.
        for (mark, name) in names {
            let glyph = StateTimeline.glyph(mark, x: 7, y: 7)
            items.append(.group([.raw("<svg width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" aria-hidden=\"true\">"
                                      + "<path class=\"fgmark\" d=\"\(glyph)\"/></svg>"), .prose(name)]))
        }
        if !reports.compressions.isEmpty {
            items.append(.group([.raw("<svg width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" aria-hidden=\"true\">"
                                      + "<path class=\"fgmark cmpmark\" style=\"fill:none\" d=\"\(StateTimeline.compressionGlyph(x: 7, y: 7))\"/></svg>"),
                                 .prose("compression (SPEC 22)")]))
        }
        return HTMLPage.legend(items)
    }

    private func labelNote(_ labelled: Int, of count: Int) -> String {
        if count == 0 { return "No eviction in this run." }
        if labelled == count { return "Every eviction is labelled (app, reason)." }
        return "\(count) evictions: \(labelled) are labelled (app, reason), spread over the run; the other \(count - labelled) "
            + "are marked only."
    }

    private func files() -> [HTMLNode] {
        let names = [RunReportFile.survivors, .evictions, .transitions, .callbacks, .memory, .pressure, .skipped, .device, .tasks, .assumptions]
            .map(\.fileName)
        return names.filter { reports.presentFiles.contains($0) }.enumerated().map { index, name in
            .group([index > 0 ? .prose(" · ") : .empty, .a(href: HTMLEscaping.href(name), .prose(name))])
        }
    }
}
