import ArgumentParser
import SuspendSim

/// Checks of option and argument values that are usage errors (exit 64) by SPEC 35.
enum OptionChecks {
    /// The ASCII white space a path of only those is made of (SPEC 35 "Paths").
    private static let asciiWhitespace: Set<Character> = [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r"]

    /// A path option or argument (`name`, as the help writes it) that is empty or only ASCII
    /// white space is a usage error (SPEC 35 "Paths"): an unset variable in a script gives
    /// one, and it must never mean the current folder or the filesystem's root.
    static func path(_ value: String?, _ name: String) throws {
        guard let value, value.allSatisfy(asciiWhitespace.contains) else { return }
        throw ValidationError("\(name) must name a file or folder, got \(value.isEmpty ? "an empty path" : "a path of only white space").")
    }

    /// Each of `values`, as `path(_:_:)`.
    static func paths(_ values: [String], _ name: String) throws {
        for value in values { try path(value, name) }
    }

    /// An app id given on the command line (`--app`) that holds a control character or begins
    /// as a spreadsheet formula (`=`, `+`, `-`, `@`) is a usage error (SPEC 35 "Identifiers").
    static func appIDs(_ values: [String], _ name: String = "--app") throws {
        for value in values {
            if let problem = IdentifierRules.controlProblem(value) ?? IdentifierRules.formulaProblem(value) {
                throw ValidationError("\(name) \(value.debugDescription) \(problem).")
            }
        }
    }
}
