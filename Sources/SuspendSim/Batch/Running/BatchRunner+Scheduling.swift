import Dispatch
import Synchronization

extension BatchRunner {
    /// What running one unit of a plan takes, whichever path runs it: the plan, this shard,
    /// the `--out` folder, the what-if apps and the sensitivity plan.
    struct UnitWork: Sendable {
        var plan: BatchPlan
        var shard: BatchShard
        /// The `--out` folder, without a trailing `/`.
        var out: String
        var whatIfApps: [[String]]?
        var sensitivity: SensitivityPlan?

        /// Runs the shard's unit `index` (`BatchRunner.execute`): its report folder, its rows
        /// and their lines.
        func run(_ index: Int) -> UnitResult {
            execute(plan, unit: shard.unit(index), out: out, whatIfApps: whatIfApps, sensitivity: sensitivity)
        }
    }

    /// Runs the units one after another on the calling thread and writes each as it ends: the
    /// path of a single run (a plan of one unit) and of `--jobs 1`. Units end in order, so
    /// nothing waits to be reordered and there is no lock. After an interrupt has begun its
    /// clean-up (`OutputRegistry.isClosing`), no further unit starts, as on the workers.
    static func runInOrder(_ work: UnitWork, units: Int, into state: inout WriterState, progress: () -> Void) {
        for index in 0..<units {
            guard !OutputRegistry.isClosing else { return }
            let started = DispatchTime.now().uptimeNanoseconds
            let result = work.run(index)
            result.count(into: &state.tally)
            let ran = DispatchTime.now().uptimeNanoseconds
            state.output.workerNanoseconds += ran - started
            write(result, plan: work.plan, into: &state)
            state.nextToWrite += 1
            state.output.serialNanoseconds += DispatchTime.now().uptimeNanoseconds - ran
            progress()
        }
    }

    /// Runs the units on `workers` threads (`BatchRunner`'s reorder window): each worker takes
    /// the next unit from a shared counter, runs it, counts its survivals in a tally of its
    /// own, and hands its result to the writer's lock, which writes every result that is next
    /// in unit order. A worker waits for a permit before it takes a unit, so at most `window`
    /// results are held.
    static func runOnWorkers(
        _ work: UnitWork, units: Int, workers: Int, state: borrowing Mutex<WriterState>, progress: @escaping @Sendable () -> Void
    ) {
        let emptyTally = state.withLock { $0.tally }
        let window = max(4 * workers, 16)
        let permits = DispatchSemaphore(value: window)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var tally = emptyTally
            var working: UInt64 = 0
            defer {
                state.withLock { state in
                    state.tally.add(tally)
                    state.output.workerNanoseconds += working
                }
            }
            while true {
                permits.wait()
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < units, !OutputRegistry.isClosing else {
                    permits.signal()
                    return
                }
                let started = DispatchTime.now().uptimeNanoseconds
                let result = work.run(index)
                result.count(into: &tally)
                working += DispatchTime.now().uptimeNanoseconds - started
                let written = state.withLock { state in
                    let locked = DispatchTime.now().uptimeNanoseconds
                    defer { state.output.serialNanoseconds += DispatchTime.now().uptimeNanoseconds - locked }
                    state.waiting[index] = result
                    var written = 0
                    while let ready = state.waiting.removeValue(forKey: state.nextToWrite) {
                        write(ready, plan: work.plan, into: &state)
                        state.nextToWrite += 1
                        written += 1
                    }
                    return written
                }
                for _ in 0..<written { permits.signal() }
                progress()
            }
        }
    }
}
