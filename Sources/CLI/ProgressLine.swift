import Presenters
import ReportRendering
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard error on a terminal, with one line of progress kept at its bottom while a long
/// report is made.
///
/// ``show(_:)`` draws the line in place (a carriage return, the text cut to the terminal's
/// width, then erase to the end of the line), but only once the work has taken longer than a
/// short delay, and at most every `interval` seconds after that: a quick report shows nothing.
/// Anything written through the sink itself (a warning, an error) first erases the line, so
/// messages never run into it; ``clear()`` erases it for good at the end.
///
/// Only for a terminal: the composition root uses it when standard error is one and the report
/// does not go to that same terminal.
///
/// The sources report from the thread that reads them. Every write to standard error happens
/// while holding the mutex, so the line and the messages stay in order whichever thread
/// writes.
package final class ProgressLine: TextSink {
  /// What changes as the line is drawn, reached only through the mutex.
  private struct State {
    var lastDrawn: Double?
    var isShown = false
  }

  private let errors: any TextSink

  private let width: Int
  private let delay: Double
  private let interval: Double
  private let clock: @Sendable () -> Double
  private let started: Double
  private let state: Mutex<State>

  /// Creates the line; nothing is drawn yet.
  ///
  /// - Parameters:
  ///   - errors: Standard error.
  ///   - width: The terminal's width in columns; the line is cut to one column less.
  ///   - delay: Seconds of work before the line first appears.
  ///   - interval: The least number of seconds between two drawings.
  ///   - clock: Seconds from any fixed start, never going back; the system's monotonic clock
  ///     unless a test gives its own.
  package init(
    errors: any TextSink, width: Int, delay: Double = 0.5, interval: Double = 0.1,
    clock: @escaping @Sendable () -> Double = ProgressLine.monotonicSeconds
  ) {
    self.width = max(10, width)
    self.delay = delay
    self.interval = interval
    self.clock = clock
    self.started = clock()
    self.errors = errors
    self.state = Mutex(State())
  }

  /// Draws the status in place of the last one, if it is time to.
  ///
  /// - Parameter status: One line of text, such as `txreport: checking big.csv: 45%`.
  package func show(_ status: String) {
    let now = clock()
    guard now - started >= delay else { return }
    state.withLock { state in
      if let lastDrawn = state.lastDrawn, now - lastDrawn < interval { return }
      state.lastDrawn = now
      let text = DisplayWidth.truncated(ReportText.visible(status), toColumns: width - 1)
      errors.write("\r" + text + Self.eraseToEndOfLine)
      errors.flush()
      state.isShown = true
    }
  }

  /// Erases the line, if it is shown.
  package func clear() {
    state.withLock { erase(&$0) }
  }

  /// Erases the line, then writes the text.
  ///
  /// - Parameter text: A message for standard error.
  package func write(_ text: String) {
    state.withLock { state in
      erase(&state)
      errors.write(text)
    }
  }

  /// Writes out what standard error has buffered.
  package func flush() {
    state.withLock { _ in errors.flush() }
  }

  /// Why writing to standard error failed, if it did.
  package var failure: String? {
    state.withLock { _ in errors.failure }
  }

  /// What the line says while `source` is read: which pass, the name, and how far.
  ///
  /// - Parameters:
  ///   - task: What the reading is for, such as `reading` or `reporting`.
  ///   - source: The source's name.
  ///   - bytesRead: How many bytes have been read.
  ///   - totalBytes: How many there are, if known.
  /// - Returns: The status, such as `txreport: reading big.csv: 45% of 300.0 MB`, or
  ///   `txreport: reading <stdin>: 12.5 MB` when the size is not known.
  package static func status(task: String, source: String, bytesRead: Int, totalBytes: Int?) -> String {
    let prefix = "txreport: \(task) \(source): "
    guard let totalBytes, totalBytes > 0 else { return prefix + megabytes(bytesRead) }
    let percent = min(100, bytesRead * 100 / totalBytes)
    return prefix + "\(percent)% of " + megabytes(totalBytes)
  }

  /// Shows how far a reading of a source has got: its first reading checks every record (and
  /// makes the report in the same reading when it can, decision 0030), a later one makes the
  /// report.
  ///
  /// - Parameters:
  ///   - reading: Which reading of the source this is, from 1.
  ///   - source: The source's name.
  ///   - bytesRead: How many bytes this reading has read.
  ///   - totalBytes: The source's size, when known.
  package func showReading(_ reading: Int, of source: String, bytesRead: Int, totalBytes: Int?) {
    show(
      Self.status(
        task: reading == 0 ? "downloading" : reading == 1 ? "reading" : "reporting", source: source,
        bytesRead: bytesRead,
        totalBytes: totalBytes))
  }

  /// Bytes in megabytes (10^6) with one decimal, rounded down: `12.5 MB`.
  static func megabytes(_ bytes: Int) -> String {
    let tenths = max(0, bytes) / 100_000
    return "\(tenths / 10).\(tenths % 10) MB"
  }

  /// Seconds on the system's monotonic clock.
  package static func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  private static let eraseToEndOfLine = "\u{1B}[K"

  private func erase(_ state: inout State) {
    guard state.isShown else { return }
    errors.write("\r" + Self.eraseToEndOfLine)
    errors.flush()
    state.isShown = false
  }
}
