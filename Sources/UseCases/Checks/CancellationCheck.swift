/// Looks for cancellation between records, every few of them: a cancelled report stops within a
/// handful of records, however slowly they come, without paying for a look at every record of a
/// fast file.
package struct CancellationCheck {
  private var countdown = 0
  /// How many records go by between two looks.
  package static let interval = 8

  /// Nothing looked at yet.
  package init() {}

  /// Whether the current task has been cancelled; looks once every ``interval`` calls.
  package mutating func isCancelled() -> Bool {
    guard countdown == 0 else {
      countdown -= 1
      return false
    }
    countdown = Self.interval - 1
    return Task.isCancelled
  }
}
