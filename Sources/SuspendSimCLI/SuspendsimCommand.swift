import ArgumentParser
import CJemalloc
import SuspendSim

public struct SuspendsimCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(commandName: "suspendsim")
    public init() {}
    public func run() throws {
        var allocated = 0
        var size = MemoryLayout<Int>.size
        _ = mallctl("stats.allocated", &allocated, &size, nil, 0)
        print(allocated)
    }
}
