import Dispatch
import Synchronization

/// Runs asynchronous work to its end and returns its result, blocking the calling thread.
///
/// libFuzzer calls `LLVMFuzzerTestOneInput` synchronously, on a thread of its own, while the
/// ports are asynchronous. Blocking that thread is safe because it is not one of the threads of
/// Swift's concurrency pool: the work runs on the pool and this thread only waits for it. (The
/// same bridge inside a source's `open()`, on a pool thread, would starve the pool and
/// deadlock: never use it there.)
///
/// - Parameter work: The work to run.
/// - Returns: What the work returned.
func blocking<Result: Sendable>(_ work: @escaping @Sendable () async -> Result) -> Result {
  let done = DispatchSemaphore(value: 0)
  let result = Mutex<Result?>(nil)
  Task.detached {
    let value = await work()
    result.withLock { $0 = value }
    done.signal()
  }
  done.wait()
  guard let value = result.withLock({ $0 }) else { fatalError("the work ended without a result") }
  return value
}
