import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The next run of held transactions (``HeldRun``), made on the other core while the run
/// before it is shown (``SortedHeldTransactions``), its descriptions' bytes read there so that
/// they are in the cache the two cores share, or made by the report's task if it comes to the
/// run first.
///
/// Whoever comes first makes the run: a task started for it, or the report's task. So the
/// report's task never waits for a task that has not started (with one core, it would not start
/// until the report's task waits), only for a run that another thread is making right then.
final class HeldRunAhead: @unchecked Sendable {
  // Unchecked: `made` is written once, by whoever claimed the run, before `state` says so, and
  // read only after.
  private let held: HeldTransactions
  private let start: HeldTransactions.Position
  private let count: Int
  /// ``notStarted``, ``making`` or ``ready``.
  private let state = Atomic<Int>(HeldRunAhead.notStarted)
  private var made: (run: HeldRun, next: HeldTransactions.Position)?
  /// The sum ``HeldRun/readDescriptions()`` gave, kept only so that the compiler keeps the reading.
  private var descriptionsRead: UInt64 = 0

  private static let (notStarted, making, ready) = (0, 1, 2)

  /// The run of at most `count` transactions of `held` from `start` on, not made yet.
  init(of held: HeldTransactions, from start: HeldTransactions.Position, count: Int) {
    (self.held, self.start, self.count) = (held, start, count)
  }

  /// Makes the run, unless someone has started to, or the task making it was cancelled (the
  /// report ended before it came to the run).
  func make() {
    guard !Task.isCancelled, claim() else { return }
    let made = makeRun()
    descriptionsRead = made.run.readDescriptions()
    self.made = made
    state.store(Self.ready, ordering: .releasing)
  }

  /// The run, made here if nobody has started to, or once it is made, and where the next run
  /// starts.
  func take() -> (run: HeldRun, next: HeldTransactions.Position) {
    if claim() { return makeRun() }
    while state.load(ordering: .acquiring) != Self.ready { sched_yield() }
    guard let made = made.take() else { preconditionFailure("a held run taken twice") }
    return made
  }

  /// The run, read from the held pages, and where the next one starts.
  private func makeRun() -> (run: HeldRun, next: HeldTransactions.Position) {
    var next = start
    return (held.run(from: &next, count: count), next)
  }

  /// Whether the caller is the first to come to the run, and is to make it.
  private func claim() -> Bool {
    state.compareExchange(expected: Self.notStarted, desired: Self.making, ordering: .acquiring).exchanged
  }
}
