@_spi(Generators) import SuspendSim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// make-scenario-json APPS EVENTS SEED OUT.json: writes RandomScenario.make(apps:events:seed:)
// as a JSON scenario file (ScenarioJSONWriter), the input of the end-to-end `suspendsim run`
// figure.

/// Prints `message` to standard error and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let apps = Int(arguments[1]), let events = Int(arguments[2]),
      let seed = UInt64(arguments[3]) else {
    fail("usage: make-scenario-json APPS EVENTS SEED OUT.json", status: 2)
}
let path = arguments[4]
let bytes = Array(ScenarioJSONWriter.json(RandomScenario.make(apps: apps, events: events, seed: seed)).utf8)
guard let file = fopen(path, "w") else { fail("make-scenario-json: cannot open \(path)", status: 1) }
let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
guard fclose(file) == 0, written == bytes.count else { fail("make-scenario-json: cannot write \(path)", status: 1) }
