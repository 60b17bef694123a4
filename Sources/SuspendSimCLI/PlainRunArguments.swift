import ArgumentParser

extension SuspendsimCommand.RunCommand {
    /// The `run` command that `arguments` (the words after `run`) give when they are only
    /// scenario paths and at most one each of `--out DIR` and `--jobs N` (`-j N`), built and
    /// validated here without ArgumentParser; nil for anything else, and `parsedRun` then
    /// asks ArgumentParser, so every other command line, every mistake and every help text
    /// goes through it as before.
    ///
    /// The rule, argument-parser's own for these words: a word that does not begin with `-`
    /// is a value (`run` has no subcommands, so not even `help` is special); `--out` and
    /// `--jobs` take the next word, which must not begin with `-`; `--jobs`'s value is read
    /// by `Int(argument:)`, as argument-parser reads it. Every property is set as the parse
    /// sets it (`PlainRunArgumentsTests` compares the two commands' whole reflections), and
    /// the option groups and the command are validated in the parse's order; any refusal
    /// gives nil, and ArgumentParser then words it.
    ///
    /// Why: ArgumentParser builds `run`'s options by reflection before it reads a word, and
    /// that reflection asks the Swift runtime its first "does this type conform to that
    /// protocol" questions (`ParsableArguments`, `CodingKey`, `ExpressibleByArgument`,
    /// `CustomReflectable` for each options type and property), each a scan of all of the
    /// executable's 6,573 conformance records: 20.5 M instructions on the run's thread, about
    /// 9 % of a 10^5-event run's (docs/performance.md).
    static func plainlyParsed(_ arguments: [String]) -> Self? {
        var paths: [String] = []
        var out: String?
        var jobs: Int?
        var words = arguments[...]
        while let word = words.popFirst() {
            guard word.hasPrefix("-") else {
                paths.append(word)
                continue
            }
            guard let value = words.popFirst(), !value.hasPrefix("-") else { return nil }
            switch word {
            case "--out" where out == nil:
                out = value
            case "--jobs" where jobs == nil, "-j" where jobs == nil:
                guard let count = Int(argument: value) else { return nil }
                jobs = count
            default:
                return nil
            }
        }
        guard !paths.isEmpty else { return nil }
        do {
            return try command(paths: paths, out: out ?? "Reports", jobs: jobs)
        } catch {
            return nil
        }
    }

    /// The command with these values and every other option at its default (the values
    /// the declarations in `RunCommand` and its option groups give), validated as
    /// ArgumentParser validates it: each option group as it is decoded, then the command.
    private static func command(paths: [String], out: String, jobs: Int?) throws -> Self {
        var threads = JobsOption()
        threads.jobs = jobs
        try threads.validate()
        var input = ScenarioInputOptions()
        input.paths = paths
        input.threads = threads
        try input.validate()
        var comparison = ComparisonOptions()
        comparison.by = nil
        comparison.baselines = []
        try comparison.validate()
        var sensitivity = SensitivityOptions()
        sensitivity.sensitivity = false
        sensitivity.keys = nil
        try sensitivity.validate()

        var command = Self()
        command.input = input
        command.out = out
        command.policy = nil
        command.replicates = nil
        command.seed = 0
        command.settings = []
        command.details = false
        command.kills = false
        command.metricKit = false
        command.shard = nil
        command.html = false
        command.comparison = comparison
        command.sensitivityOptions = sensitivity
        command.apps = []
        command.stats = false
        try command.validate()
        return command
    }
}
