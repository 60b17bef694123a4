#if canImport(Glibc)
import Glibc
#endif
import SuspendSim

/// One fuzzer input: a scenario file's bytes. Whatever they are, loading gives a scenario or
/// located diagnostics, and a scenario runs to its end; a crash or a hang is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let scenario = try ScenarioLoader.parse(text, path: "fuzz.yaml")
        _ = Simulation.runKeepingNoRecords(scenario)
    } catch {
        precondition(!error.diagnostics.isEmpty && error.diagnostics.allSatisfy { !$0.message.isEmpty },
                     "a load error without a message")
    }
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// The executable's entry point hands the process to libFuzzer's driver, which calls
/// `fuzzOneInput` with each input.
@main
enum LoaderFuzz {
    static func main() {
        var count = CommandLine.argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&count, &arguments, fuzzOneInput))
    }
}
