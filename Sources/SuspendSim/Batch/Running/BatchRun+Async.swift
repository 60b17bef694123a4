#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Synchronization

extension Batch {
    /// As `run(jobs:)`, from async code: the runs go on threads of their own, so the caller's
    /// task waits without holding a thread of the cooperative pool, and cancelling the task
    /// stops the batch. Every thread asks before each run, so the batch stops within one run
    /// per thread of the cancellation, and this throws `CancellationError`.
    ///
    /// ```swift
    /// let result = try await Batch(scenario, replicates: 10_000).run()
    /// ```
    ///
    /// - Throws: `Batch.ArgumentError` when `jobs` is below 1; `CancellationError` when the task
    ///   is cancelled before the last run ends.
    public func run(jobs: Int = ProcessInfo.processInfo.activeProcessorCount) async throws -> Batch.Result {
        guard jobs >= 1 else { throw Batch.ArgumentError(kind: .jobs, value: String(jobs)) }
        let cancelled = CancellationFlag()
        let result: Batch.Result? = try await withTaskCancellationHandler {
            try Task.checkCancellation()
            return await withCheckedContinuation { continuation in
                let batch = self
                DispatchQueue.global().async {
                    continuation.resume(returning: batch.run(jobs: jobs, stopped: { cancelled.isSet }))
                }
            }
        } onCancel: {
            cancelled.set()
        }
        guard let result else { throw CancellationError() }
        return result
    }
}

/// A flag set once, from any thread: the task's cancellation, as the batch's threads see it.
private final class CancellationFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .relaxed) }

    func set() { value.store(true, ordering: .relaxed) }
}
