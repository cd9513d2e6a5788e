import Dispatch
import Synchronization

/// Runs asynchronous work to its end on the calling thread and returns its result.
///
/// libFuzzer calls `LLVMFuzzerTestOneInput` synchronously, on a thread of its own, while the
/// ports are asynchronous. The work runs as a task that prefers an ``InlineExecutor``, and so do
/// the child tasks it starts (`async let`): the calling thread runs every job itself, in turn,
/// until the work returns. No job goes to Swift's concurrency pool, so there is no thread hop per
/// input (under AddressSanitizer a hop per input cut a fuzzer's speed tenfold), and no pool
/// thread is ever blocked. It waits only when no job is ready, as for a source that suspends on
/// something outside the process; the fuzzers' sources never do.
///
/// Never call it from a task: the calling thread must be free to run the jobs.
///
/// - Parameter work: The work to run.
/// - Returns: What the work returned.
func blocking<Result: Sendable>(_ work: @escaping @Sendable () async -> Result) -> Result {
  let executor = InlineExecutor()
  let result = Mutex<Result?>(nil)
  Task(executorPreference: executor) {
    let value = await work()
    result.withLock { $0 = value }
    executor.wake()
  }
  while true {
    if let value = result.withLock({ $0 }) { return value }
    executor.runJobs()
  }
}

/// A task executor whose jobs the thread that made it runs, when it calls ``runJobs()``.
final class InlineExecutor: TaskExecutor {
  private let jobs = Mutex<[UnownedJob]>([])
  private let ready = DispatchSemaphore(value: 0)

  /// Queues a job for the thread that runs ``runJobs()``.
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.append(job) }
    ready.signal()
  }

  /// Runs every queued job, and those they queue, in order; when none is queued, waits for
  /// one, or for ``wake()``.
  func runJobs() {
    ready.wait()
    while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }

  /// Ends a wait in ``runJobs()``: the work has its result.
  func wake() {
    ready.signal()
  }
}
