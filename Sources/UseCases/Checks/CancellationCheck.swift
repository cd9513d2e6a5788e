/// Checks for cancellation between records, every few thousand of them, so a cancelled report
/// stops promptly without paying for a check on every record.
package struct CancellationCheck {
  private var countdown = 0

  /// Nothing yet.
  package init() {}

  /// Throws when the current task has been cancelled; looks only every 4,096 calls.
  package mutating func check() throws(CancellationError) {
    guard countdown == 0 else {
      countdown -= 1
      return
    }
    countdown = 4_095
    if Task.isCancelled { throw CancellationError() }
  }

  /// ``check()`` after `count` records read at once: looks once every 4,096 records or so.
  package mutating func check(afterReading count: Int) throws(CancellationError) {
    countdown = max(0, countdown - max(0, count - 1))
    try check()
  }
}
