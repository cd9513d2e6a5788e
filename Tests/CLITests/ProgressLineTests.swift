import CLI
import Foundation
import Testing

/// The progress line: drawn in place after a delay, throttled, cut to the width, and erased
/// before any message and at the end.
@Suite struct ProgressLineTests {
  /// A clock the test moves by hand.
  final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds = 100.0

    func advance(_ by: Double) {
      lock.lock()
      seconds += by
      lock.unlock()
    }

    func now() -> Double {
      lock.lock()
      defer { lock.unlock() }
      return seconds
    }
  }

  private static let erase = "\u{1B}[K"

  private func line(width: Int = 80) -> (ProgressLine, MemoryTextSink, Clock) {
    let (errors, clock) = (MemoryTextSink(), Clock())
    let line = ProgressLine(errors: errors, width: width, delay: 0.5, interval: 0.1, clock: { clock.now() })
    return (line, errors, clock)
  }

  @Test("Nothing is drawn before the delay: a quick report shows no progress")
  func delay() {
    let (line, errors, clock) = line()
    line.show("txreport: checking a.csv: 10% of 1.0 MB")
    clock.advance(0.4)
    line.show("txreport: checking a.csv: 20% of 1.0 MB")
    line.clear()
    #expect(errors.text.isEmpty)
  }

  @Test(
    "Each reading says what it does: 0 downloads, 1 reads (checks, and reports when it can), later ones report",
    arguments: [
      (0, "txreport: downloading http://h/a.json: 50% of 2.0 MB"),
      (1, "txreport: reading http://h/a.json: 50% of 2.0 MB"),
      (2, "txreport: reporting http://h/a.json: 50% of 2.0 MB"),
    ])
  func readings(reading: Int, expected: String) {
    let (line, errors, clock) = line(width: 200)
    clock.advance(0.5)
    line.showReading(reading, of: "http://h/a.json", bytesRead: 1_000_000, totalBytes: 2_000_000)
    #expect(errors.text == "\r\(expected)\(Self.erase)")
  }

  @Test("After the delay the status is drawn in place, at most once an interval")
  func drawsAndThrottles() {
    let (line, errors, clock) = line()
    clock.advance(0.5)
    line.show("one")
    clock.advance(0.05)
    line.show("too soon")
    clock.advance(0.06)
    line.show("two")
    #expect(errors.text == "\rone\(Self.erase)\rtwo\(Self.erase)")
  }

  @Test("A message first erases the line; the end erases it once")
  func messagesAndEnd() {
    let (line, errors, clock) = line()
    clock.advance(1)
    line.show("status")
    line.write("txreport: warning: x\n")
    line.clear()
    clock.advance(1)
    line.show("again")
    line.clear()
    line.clear()
    #expect(
      errors.text
        == "\rstatus\(Self.erase)\r\(Self.erase)txreport: warning: x\n\ragain\(Self.erase)\r\(Self.erase)")
  }

  @Test("The status is cut to one column less than the terminal, and controls are shown escaped")
  func cutAndEscaped() {
    let (line, errors, clock) = line(width: 20)
    clock.advance(1)
    line.show("txreport: checking \u{1B}[31mred.csv: 10%")
    #expect(errors.text == "\rtxreport: checking…\(Self.erase)")
    #expect(!errors.text.dropFirst().contains("\u{1B}[31m"))
  }

  @Test(
    "The status says the task, the source, and how far: a percentage of the size, or the bytes",
    arguments: [
      (5_000_000, 20_000_000, "txreport: checking big.csv: 25% of 20.0 MB"),
      (20_000_000, 20_000_000, "txreport: checking big.csv: 100% of 20.0 MB"),
      (12_345_678, nil, "txreport: checking big.csv: 12.3 MB"),
      (99_999, nil, "txreport: checking big.csv: 0.0 MB"),
    ] as [(Int, Int?, String)])
  func status(read: Int, total: Int?, expected: String) {
    #expect(
      ProgressLine.status(task: "checking", source: "big.csv", bytesRead: read, totalBytes: total) == expected
    )
  }
}
