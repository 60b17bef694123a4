/// The ranges SPEC 35 "Ranges" sets on what an input holds, shared by the scenario reader, the
/// imports that write scenarios, and the command line.
package enum InputLimits {
    /// The largest whole-number count (`observed.days` and the days that measured, exit and
    /// launch counts of a payload or of `expect:`, `replicates`): 2^31 − 1, so that a count
    /// times a value of 2^32 thousandths still fits an `Int64` (Garwood's k, SPEC 27).
    package static let count = Int64(Int32.max)
    /// The largest `observed:` counter per day, in thousandths (4294967.296): what the scenario
    /// reader takes and `suspendsim import metrickit` writes at most (SPEC 35 "Imports write
    /// only what reads back").
    package static let perDayThousandths: UInt64 = 1 << 32
    /// The deepest nesting of mappings and sequences, or of JSON objects and arrays.
    package static let depth = 256
    /// The most nodes YAML aliases may add to one document, each adding the node count of
    /// what it names (SPEC 35 "Aliases").
    package static let aliasNodes = 10_000
    /// The longest chain of `include:` files below a scenario (SPEC 35 "Includes"): reading
    /// an include reads the included file's own, so this bounds how deep that reading nests.
    package static let includeDepth = 64
}
