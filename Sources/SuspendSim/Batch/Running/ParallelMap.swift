import Dispatch
import Synchronization

/// Runs `body` for every index in `0..<count` on `jobs` worker threads and returns the
/// results in index order, whatever order the workers finished in. This is how a batch stays
/// byte-identical at any `--jobs`: work is independent, and output is assembled by index.
///
/// Workers take the next index from a shared counter, so a slow scenario does not hold up
/// the others. Written here because Dispatch's `concurrentPerform` cannot be capped at a
/// number of threads, and a TaskGroup would need the whole call chain to be async.
///
/// - Complexity: O(`count`) calls of `body`, spread over `min(jobs, count)` threads.
package func parallelMap<T: Sendable>(
    count: Int, jobs: Int, _ body: @Sendable (Int) -> T
) -> [T] {
    guard count > 0 else { return [] }
    let workers = max(1, min(jobs, count))
    let next = Atomic<Int>(0)
    let results = Mutex<[T?]>(Array(repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < count else { return }
            let value = body(index)
            results.withLock { $0[index] = value }
        }
    }
    return results.withLock { $0.map { $0! } }
}
