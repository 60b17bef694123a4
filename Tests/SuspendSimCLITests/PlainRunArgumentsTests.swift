import ArgumentParser
@testable import SuspendSimCLI
import Testing

/// A `run` of only paths, `--out` and `--jobs` is read without ArgumentParser
/// (`RunCommand.plainlyParsed`); what it builds must be what ArgumentParser builds, every
/// property of it, and anything else must be left to ArgumentParser.
@Suite struct PlainRunArgumentsTests {
    /// The command ArgumentParser gives for `run` followed by `words`, through the whole tree
    /// as `main()` falls back to it.
    static func parsed(_ words: [String]) throws -> SuspendsimCommand.RunCommand {
        try #require(try SuspendsimCommand.parseAsRoot(["run"] + words) as? SuspendsimCommand.RunCommand)
    }

    @Test("Paths, --out and --jobs give the command ArgumentParser gives, property for property")
    func sameCommand() throws {
        for words in [
            ["a.yaml"], ["a.yaml", "b.json", "--out", "R2", "--jobs", "1"], ["--jobs", "3", "x", "--out", "o", "y"],
            ["-j", "2", "help"], ["e5.json", "--jobs", "+2"], ["a b.yaml", "--out", "R/x y"], ["run", "check"],
        ] {
            let plain = try #require(SuspendsimCommand.RunCommand.plainlyParsed(words), "\(words)")
            // The whole reflection: a property left unset would show as a definition, not a value.
            #expect(String(reflecting: plain) == String(reflecting: try Self.parsed(words)), "\(words)")
            let viaMain = try #require(SuspendsimCommand.parsedRun(["run"] + words))
            #expect(String(reflecting: viaMain) == String(reflecting: plain))
        }
        let plain = try #require(SuspendsimCommand.RunCommand.plainlyParsed(["a.yaml", "b.json", "--out", "R2", "-j", "2"]))
        #expect(plain.input.paths == ["a.yaml", "b.json"] && plain.out == "R2" && plain.input.workerCount == 2)
        #expect(plain.seed == 0 && plain.policy == nil && plain.axes.isEmpty && plain.part == .whole && !plain.details && !plain.html)
        let defaults = try #require(SuspendsimCommand.RunCommand.plainlyParsed(["a.yaml"]))
        #expect(defaults.out == "Reports" && defaults.input.threads.jobs == nil)
    }

    @Test("Any other word, a repeat, a missing or refused value and no path are left to ArgumentParser")
    func leftToArgumentParser() {
        for words in [
            [], ["a.yaml", "--out", "R", "--out", "S"], ["a.yaml", "--jobs", "1", "-j", "2"], ["a.yaml", "--out"],
            ["a.yaml", "--out", "-x"], ["a.yaml", "--out=R"], ["a.yaml", "-j2"], ["a.yaml", "--jobs", "0"], ["a.yaml", "--jobs", "two"],
            ["a.yaml", "--help"], ["-h"], ["a.yaml", "--version"], ["a.yaml", "--"], ["a.yaml", "-"], ["a.yaml", "--seed", "1"],
            ["a.yaml", "--html"], ["a.yaml", "--generate-completion-script", "bash"], ["  "], ["a.yaml", "--out", " "],
        ] {
            #expect(SuspendsimCommand.RunCommand.plainlyParsed(words) == nil, "\(words)")
        }
    }
}
