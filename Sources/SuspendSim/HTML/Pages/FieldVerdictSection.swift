/// The verdict of a batch with `observed:` (SPEC 26 "A verdict"), at the top of the batch
/// page: one item per scenario, the sentence `run` prints (`FieldVerdict`).
extension FieldVerdict {
    /// The page's section.
    func node() -> HTMLNode {
        .section(id: "field-verdict", .h2("Does the simulation meet the field?"),
                 .ul(class: "answer", .group(lines.map { .li(.text($0)) })),
                 .p(class: "note", .text("A point matches when, for every exit and launch counter, the simulated 95 % interval "
                     + "and the field's Poisson interval overlap; distances are gaps over the sum of half-widths (SPEC 26, 27). "
                     + "\(BatchReportFile.observed.fileName) has both intervals.")))
    }
}
