import Testing

/// SPEC 9: `--help` explains every option. The texts are pinned here, as swift-argument-parser's
/// own examples pin theirs, so that a change to the interface is a visible change to a test.
@Suite struct HelpTextTests {
    @Test func rootHelp() throws {
        let run = try suspendsim(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout == """
            OVERVIEW: Simulate iOS app life cycles under memory pressure and report who
            survives.

            Scenario files (YAML or JSON) describe a device, its apps and a timeline of
            user and system events. `run` simulates them and writes CSV reports, `check`
            compares each run with the file's `expect:` block, `validate` only parses and
            validates, `merge` joins the output folders of a sharded batch, `report` draws
            a report folder as an HTML page, `explain` says why each eviction of a report
            folder happened, `import` turns a JetsamEvent report into a scenario, `devices`
            lists the device catalog, and `assumptions` lists every default with its source.

            USAGE: suspendsim <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              run                     Run scenarios and write CSV reports.
              check                   Run scenarios and compare each with its expect: block.
              validate                Parse and validate scenario files without running
                                      them.
              merge                   Join the output folders of a sharded run into one.
              report                  Write DIR/index.html: a self-contained HTML page of a
                                      report folder.
              explain                 Explain each eviction of a report folder: who went,
                                      when, and why before the others.
              import                  Turn real data into a scenario file.
              devices                 List the device catalog that `device.model` names.
              assumptions             List every default with its source, or the defaults a
                                      scenario's runs take.

              See 'suspendsim help <subcommand>' for detailed help.

            """)
    }

    @Test func runHelp() throws {
        let run = try suspendsim(["run", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout == """
            OVERVIEW: Run scenarios and write CSV reports.

            Each scenario writes a folder <out>/<name>/ with survivors.csv, evictions.csv,
            transitions.csv, callbacks.csv, memory.csv, pressure.csv, skipped.csv,
            exits.csv, tasks.csv, launches.csv, device.csv and assumptions.csv
            (docs/reports.md); the run writes <out>/summary.csv with a row per scenario, in
            the order the files were given, and <out>/assumptions.csv, the defaults each
            took. With --policy all, each scenario runs under every built-in policy into
            <out>/<name>/<policy>/, and <out>/comparison.csv compares them. A report folder
            appears whole or not at all. If any file is invalid, nothing runs and the exit
            status is 2.

            A scenario with a workload: block runs --replicates times (default: its
            replicates:, else 1), each with a seed derived from --seed, the scenario's name
            and the replicate number. --set key=v1,v2 (repeatable) and a sweep: block run
            every point of the grid of values. Such batches write a row per run to
            summary.csv (with the sweep keys as extra columns) and <out>/survival.csv, and
            report folders only with --details. --shard K/N runs every N-th run, from the
            K-th; merge joins the shards' folders. See docs/batch-runs.md. A batch over
            several trace users, or one given --by or --baseline POLICY, also writes
            groups.csv and paired.csv (SPEC 21); a batch that sweeps one key, or one given
            --baseline KEY=VALUE, writes whatif.csv (SPEC 25; by default against the key's
            first value). --kills also writes kills.csv, every kill of every batch run,
            which explain --app reads. --html also writes <out>/index.html and an
            index.html in every report folder under the scenarios run.

            --metrickit also writes metrickit/<app>.json into every report folder: for each
            app that launched, a payload in the JSON shape of MetricKit's MXMetricPayload
            (exit counts, launch histograms, memory, foreground and background time) for
            comparison with the field's. A batch writes report folders only with --details,
            so there --metrickit needs --details.

            USAGE: suspendsim run [<options>] [<paths> ...]

            ARGUMENTS:
              <paths>                 Scenario files or folders (a folder gives its .yaml,
                                      .yml and .json files, sorted by name). (default:
                                      Scenarios)

            OPTIONS:
              -j, --jobs <n>          Worker threads; the output is byte-identical for any
                                      value. (default: all cores)
              --out <out>             Folder for the reports. (default: Reports)
              --policy <policy>       Run every scenario under this policy instead of its
                                      own (a built-in or one of its policies: written in
                                      YAML); all: under each built-in policy. (values:
                                      largest-first, lru, jetsam, lmkd, all)
              --replicates <n>        Runs of each scenario with a workload (default: the
                                      file's replicates:, else 1).
              --seed <s>              The batch's seed; each run's seed is derived from it.
                                      (default: 0)
              --set <key=v1,v2,...>   Sweep a key over values: policy, end_s, device.<key>,
                                      workload.<key>, workload.allocations.<key>,
                                      app.<id>.<key> or trace.user (all: every user)
                                      (repeat for a grid).
              --details               Also write every run's report folder
                                      (<out>/<name>/<key>=<value>/.../replicate-<k>/).
              --kills                 Also write kills.csv: every kill of every batch run
                                      with the victim's last two state changes, which
                                      explain --app reads.
              --metrickit             Also write metrickit/<app>.json, a MetricKit payload
                                      per app that launched, into every report folder (a
                                      batch needs --details).
              --shard <K/N>           Run only shard K of N of the runs (K from 1 to N);
                                      merge joins the shards.
              --html                  Also write index.html, a self-contained HTML page,
                                      into --out and every report folder written (see
                                      report --help).
              --by <keys>             Write groups.csv and paired.csv grouped by these
                                      comma-separated keys among scenario, policy and the
                                      sweep columns (SPEC 21).
              --baseline <policy|key=value>
                                      POLICY: the policy paired.csv compares the others
                                      with (default: the first policy in summary.csv);
                                      KEY=VALUE: the sweep key and baseline value of
                                      whatif.csv (SPEC 25). Both may be given.
              --sensitivity           Also run every assumption of the batch at its low and
                                      high end (SPEC 39): sensitivity_runs.csv,
                                      sensitivity.csv and, with a what-if,
                                      sensitivity_whatif.csv; overrides the files'
                                      sensitivity:.
              --sensitivity-keys <key,key>
                                      The assumptions to vary, comma-separated (implies
                                      --sensitivity); the keys are the key column of
                                      `suspendsim assumptions` and device.limit_share.
              --app <id>              A what-if app of whatif.csv, in the order given
                                      (repeat for more; default: the observed: and expect:
                                      apps, else every app).
              --stats                 Print jemalloc's statistics (stats.allocated,
                                      stats.active, stats.resident) and the batch's serial
                                      part after the run.
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func checkHelp() throws {
        let run = try suspendsim(["check", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout == """
            OVERVIEW: Run scenarios and compare each with its expect: block.

            expect.evictions lists the memory-pressure kills in order; expect.survivors is
            compared as a set; expect.survives, never_killed and killed are checked per
            app; expect.max_pressure_kills bounds the run's pressure kills;
            expect.by_policy.<policy> overrides any of them under that policy. Prints every
            failed assertion as FILE:LINE: expect.KEY: what differs, and exits 1 if there
            is any. Writes no reports (but with --html). A file without expect: is reported
            as unchecked (a failure with --strict). A scenario with a workload is checked
            on replicate 0 of seed 0 (as run --seed 0 makes it), without its sweep.

            A scenario whose expect: has rates: or observed_within_ci: true (SPEC 18, 19)
            is also checked on its whole batch (every sweep point and replicate, seeds as
            run --seed 0 makes them, so the result is deterministic): one result per point
            and policy, holding every assertion that failed there. Its other assertions are
            checked on replicate 0 as above.

            expect.rates.RATE.APP bounds an app's never_killed_rate, launched_survival_rate
            or survival_rate as survival.csv prints it (3 decimals): the bound is ">= 0.8",
            "<= 0.2" or "0.4..0.6" (inclusive). A launched_survival_rate fails at a point
            that never launched the app. observed_within_ci passes when every observed:
            counter lies inside its simulated 95 % interval (the numbers observed.csv
            prints). With --junit, each testcase has the file and line of the assertion
            that failed first, or of its first assertion when it passed.

            With --html, each checked run also writes its report folder under --out
            (<out>/<name>/, or <out>/<name>/<policy>/ with --policy all) with its
            index.html page (see report --help), so that a failing check can be looked at.

            USAGE: suspendsim check [<paths> ...] [--jobs <n>] [--policy <policy>] [--junit <file>] [--strict] [--html] [--out <out>]

            ARGUMENTS:
              <paths>                 Scenario files or folders (a folder gives its .yaml,
                                      .yml and .json files, sorted by name). (default:
                                      Scenarios)

            OPTIONS:
              -j, --jobs <n>          Worker threads; the output is byte-identical for any
                                      value. (default: all cores)
              --policy <policy>       Check every scenario under this policy instead of its
                                      own (a built-in or one of its policies: written in
                                      YAML); all: under each built-in policy. (values:
                                      largest-first, lru, jetsam, lmkd, all)
              --junit <file>          Also write the results as JUnit XML to this file (a
                                      testcase per scenario and policy, and per point and
                                      policy for a batch's assertions).
              --strict                Fail a file without an expect: block instead of
                                      reporting it as unchecked.
              --html                  Also write each checked run's report folder with its
                                      HTML page (index.html) under --out.
              --out <out>             Folder for the report folders that --html writes.
                                      (default: Reports)
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func validateHelp() throws {
        let run = try suspendsim(["validate", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout == """
            OVERVIEW: Parse and validate scenario files without running them.

            Prints every problem as file:line:column: field: message and exits 2 if any
            file is invalid (every point of a sweep: block included); otherwise prints one
            line per valid file. Warnings on stderr name what is valid but probably not
            meant, such as a trace_name that matches no app_name of the trace.

            USAGE: suspendsim validate [<paths> ...] [--jobs <n>]

            ARGUMENTS:
              <paths>                 Scenario files or folders (a folder gives its .yaml,
                                      .yml and .json files, sorted by name). (default:
                                      Scenarios)

            OPTIONS:
              -j, --jobs <n>          Worker threads; the output is byte-identical for any
                                      value. (default: all cores)
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func mergeHelp() throws {
        let run = try suspendsim(["merge", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout == """
            OVERVIEW: Join the output folders of a sharded run into one.

            Give the --out folders of all N shards of one run (suspendsim run --shard K/N
            with the same files and options), in any order. Writes <out>/summary.csv and
            <out>/survival.csv exactly as a single run writes them, and copies the shards'
            report folders. Exits 2 if the folders are not the N shards of one batch.
            groups.csv and paired.csv (SPEC 21) are written as run writes them for the
            whole batch: by default for a batch over several trace users, or with --by.
            whatif.csv (SPEC 25) likewise, from the shards' focus_runs.csv, against
            --baseline KEY=VALUE or else the shards' own baseline.

            USAGE: suspendsim merge <folders> ... [--out <out>] [--by <keys>] [--baseline <policy|key=value> ...]

            ARGUMENTS:
              <folders>               The shards' output folders.

            OPTIONS:
              --out <out>             Folder for the merged reports. (default: Reports)
              --by <keys>             Write groups.csv and paired.csv grouped by these
                                      comma-separated keys among scenario, policy and the
                                      sweep columns (SPEC 21).
              --baseline <policy|key=value>
                                      POLICY: the policy paired.csv compares the others
                                      with (default: the first policy in summary.csv);
                                      KEY=VALUE: the sweep key and baseline value of
                                      whatif.csv (SPEC 25). Both may be given.
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func reportHelp() throws {
        let run = try suspendsim(["report", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout == """
            OVERVIEW: Write DIR/index.html: a self-contained HTML page of a report folder.

            DIR is a run's report folder (with survivors.csv, memory.csv, pressure.csv,
            evictions.csv, transitions.csv and callbacks.csv) or the --out folder of a run
            or batch (with summary.csv). A run's page draws memory over time (footprints
            stacked per app, free memory, the warning, idle and critical thresholds from
            device.csv, every eviction), a state timeline and the survivors table. A
            batch's page draws survival per app among the runs that launched it, with 95 %
            Wilson intervals, pressure kills and the hot-launch ratio per point, and links
            to a page for every run folder under it (written too; run with --details to
            have them). A scenario that sweeps one key gets a chart per focus app of its
            never-killed rate against the swept value, a line per policy (--app picks the
            apps; else the 6 whose rate changes most), and with observed.csv a chart per
            counter of the simulated against the observed. One file, inline SVG, no script:
            it opens offline, and the same reports give the same bytes. A folder that is
            not a report folder exits 2, naming the first run folders below it. With --by
            or --baseline POLICY it also writes the batch's groups.csv and paired.csv (SPEC
            21), and with --baseline KEY=VALUE its whatif.csv, from focus_runs.csv (SPEC
            25).

            USAGE: suspendsim report <dir> [--jobs <n>] [--app <id> ...] [--by <keys>] [--baseline <policy|key=value> ...] [--figures <dir>] [--figure-width <inches>] [--figure-series <n>] [--label <key=value=text> ...]

            ARGUMENTS:
              <dir>                   A report folder.

            OPTIONS:
              -j, --jobs <n>          Worker threads; the output is byte-identical for any
                                      value. (default: all cores)
              --app <id>              An app to draw against a sweep, in the order given
                                      (repeat for more); apps not in a scenario are skipped
                                      there. With --baseline KEY=VALUE, also whatif.csv's
                                      apps, among those focus_runs.csv records.
              --by <keys>             Write groups.csv and paired.csv grouped by these
                                      comma-separated keys among scenario, policy and the
                                      sweep columns (SPEC 21).
              --baseline <policy|key=value>
                                      POLICY: the policy paired.csv compares the others
                                      with (default: the first policy in summary.csv);
                                      KEY=VALUE: the sweep key and baseline value of
                                      whatif.csv (SPEC 25). Both may be given.
              --figures <dir>         Also write every chart of the page as its own SVG,
                                      PDF (with rsvg-convert) and CSV of what it draws into
                                      this folder, each named after the chart's title.
              --figure-width <inches> The figures' width in inches: 3.5 (one column, 252
                                      pt) or 7 (two columns, 504 pt). (default: 3.5)
              --figure-series <n>     Draw at most this many lines on a comparison figure
                                      and name the rest in a note under it. Without it
                                      every line is drawn, a chart of more than 8 as small
                                      multiples.
              --label <key=value=text>
                                      Name swept value VALUE of sweep key KEY as TEXT on
                                      every chart and table of the page, over the
                                      scenario's labels: (repeat for more; KEY and VALUE
                                      hold no '=', TEXT is the rest).
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }
}
