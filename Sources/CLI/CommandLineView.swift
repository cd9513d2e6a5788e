import Entities
import Presenters
import ReportRendering
import Synchronization

/// The terminal as the presenter's view: rows go through a renderer to standard output,
/// warnings and errors to standard error, and the outcome becomes the exit status.
///
/// It is the transaction list's view too (`--format transactions`): its transactions go
/// through the same renderer (one that writes them, and no row) to the same output.
///
/// The renderer and the exit status are kept behind a lock, which makes the view `Sendable`: the
/// report calls it from the task it runs on.
///
/// Rows are rendered into a buffer kept with the renderer, and written to the output in batches
/// of at least ``batchSize`` bytes, and before anything else is written to the output or
/// flushed: the output takes a lock of its own for every write, and when each row was written
/// on its own, that lock and the copy were a fifth of the work of writing a row (decision
/// 0040).
///
/// Given the file it writes to as one (``OutputFileSink``), it can take back a draft when that
/// file holds the report until its end (``takesBackDrafts``).
package final class CommandLineView: TransactionReportPresenterOutput, TransactionListOutput {
  /// The renderer, the one it starts again from after a discarded draft, and the rows it
  /// rendered and the view has not written yet.
  private let renderer: Mutex<any Rendering>
  private let status = Mutex(ExitCode.success)
  private let output: any TextSink
  /// The output as the file it is, when it is one.
  private let file: (any OutputFileSink)?
  private let errors: any TextSink
  private let coloredLabels: Bool
  /// The exit status the run has earned so far.
  package var exitStatus: ExitCode { status.withLock { $0 } }

  /// Creates a view.
  ///
  /// - Parameters:
  ///   - renderer: The renderer of the chosen output format, one of the package's own, which
  ///     writes its rows as bytes; a client's renderer goes through ``StringRendering``.
  ///   - output: Where the report goes (standard output).
  ///   - errors: Where warnings and errors go (standard error).
  ///   - coloredLabels: Whether to colour the labels `txreport: error:` and `txreport: warning:`
  ///     (standard error is a terminal and colour is on).
  package init(
    renderer: any ByteRenderer, output: any TextSink, errors: any TextSink, coloredLabels: Bool = false
  ) {
    self.renderer = Mutex(Self.rendering(with: renderer))
    self.output = output
    self.file = nil
    self.errors = errors
    self.coloredLabels = coloredLabels
  }

  /// Creates a view that writes to a file of `--output`, or to standard output held back.
  ///
  /// - Parameters:
  ///   - renderer: The renderer of the chosen output format.
  ///   - file: Where the report goes.
  ///   - errors: Where warnings and errors go (standard error).
  ///   - coloredLabels: Whether to colour the labels of errors and warnings.
  package init(
    renderer: any ByteRenderer, file: any OutputFileSink, errors: any TextSink, coloredLabels: Bool
  ) {
    self.renderer = Mutex(Self.rendering(with: renderer))
    self.output = file
    self.file = file
    self.errors = errors
    self.coloredLabels = coloredLabels
  }

  /// How many bytes of rendered rows are kept before they are written: 64 KiB.
  package static let batchSize = 1 << 16

  /// A rendering made for the renderer's own type, whatever it is.
  private static func rendering(with renderer: some ByteRenderer) -> any Rendering {
    RenderingOf(renderer)
  }

  /// Writes what comes before the first row.
  package func showReportStart() {
    renderer.withLock { rendering in
      writeRows(&rendering.bytes)
      output.write(rendering.start())
    }
  }

  /// Writes one row: rendered into the buffer of rows not written yet, which is written once it
  /// holds ``batchSize`` bytes.
  ///
  /// - Parameter row: The row.
  package func showRow(_ row: ReportRow) {
    renderer.withLock { rendering in
      rendering.render(row)
      if rendering.byteCount >= Self.batchSize { writeRows(&rendering.bytes) }
    }
  }

  /// Writes one transaction of the transaction list (`--format transactions`), as
  /// ``showRow(_:)`` writes a row: rendered into the same buffer, so it goes to the same sink,
  /// in the same batches and the same draft.
  ///
  /// - Parameter transaction: The transaction.
  package func showTransaction(_ transaction: ListedTransaction) {
    renderer.withLock { rendering in
      rendering.render(transaction)
      if rendering.byteCount >= Self.batchSize { writeRows(&rendering.bytes) }
    }
  }

  /// Writes the rows rendered and not written yet, and empties their buffer.
  private func writeRows(_ bytes: inout [UInt8]) {
    guard !bytes.isEmpty else { return }
    bytes.withUnsafeBufferPointer { output.write(utf8: $0) }
    bytes.removeAll(keepingCapacity: true)
  }

  /// Writes the rows not written yet, then flushes the output.
  private func flushRows() {
    renderer.withLock { writeRows(&$0.bytes) }
    output.flush()
  }

  /// Whether the report goes to a file that holds it until the end (standard output kept
  /// back, an `--output` file): then it may be written as a draft, and read once.
  package var takesBackDrafts: Bool { file?.canRewind ?? false }

  /// Forgets the draft: the file's text, and the renderer's state and the rows it has not
  /// written yet; nothing when the file cannot take back what it was given.
  package func discardDraft() {
    guard let file, file.canRewind else { return }
    renderer.withLock { rendering in
      rendering.restart()
    }
    file.rewind()
  }

  /// Says in the report that it is incomplete, warns on standard error, and makes the exit
  /// status 3.
  ///
  /// - Parameter warning: The source that could not be read.
  package func showSourceUnavailable(_ warning: SourceWarning) {
    renderer.withLock { rendering in
      writeRows(&rendering.bytes)
      output.write(rendering.render(warning))
    }
    errors.write(Diagnostic.line(.warning, warning.text, colored: coloredLabels))
    errors.flush()
    status.withLock { if $0 == .success { $0 = .sourceUnavailable } }
  }

  /// Says on standard error how many records the period left out: a note, as
  /// `txreport: note: 12 records outside 2024-03-01 to 2024-03-31 are not shown`. The exit
  /// status does not change: the report is the one asked for.
  ///
  /// - Parameter note: How many records the period left out.
  package func showRecordsOutsidePeriod(_ note: RecordsOutsidePeriod) {
    errors.write(Diagnostic.line(.note, note.text, colored: coloredLabels))
    errors.flush()
  }

  /// Writes a source's note to standard error, as a `note:` line.
  package func showSourceNote(_ note: SourceNote) {
    errors.write(Diagnostic.line(.note, note.text, colored: coloredLabels))
    errors.flush()
  }

  /// Writes what comes after the last row and flushes; a failed write makes the exit code 74.
  package func showReportEnd() {
    renderer.withLock { rendering in
      writeRows(&rendering.bytes)
      output.write(rendering.finish())
    }
    output.flush()
    if let failure = output.failure {
      errors.write(Diagnostic.line(.error, "cannot write the report: \(failure)", colored: coloredLabels))
      errors.flush()
      status.withLock { $0 = .outputError }
    }
  }

  /// The report was cancelled before its end: what it showed is not a report, so nothing more
  /// is written (the rows not yet written are dropped, and the renderer does not finish), and the
  /// status is that of an interrupted run (130), so an `--output` file is not kept.
  package func showReportCancelled() {
    renderer.withLock { $0.bytes.removeAll() }
    status.withLock { $0 = .interrupted }
  }

  /// Writes one error per missing input to standard error, then the issues of the other inputs
  /// as for a rejection; or, when one group's file alone is missing and the other is valid, how
  /// to report the other group without it. The exit status becomes 66.
  ///
  /// - Parameters:
  ///   - missing: The missing inputs.
  ///   - rejection: The issues of the other inputs, if any.
  package func showInputMissing(_ missing: [SourceWarning], rejection: InputRejection?) {
    flushRows()
    for input in missing { errors.write(Diagnostic.line(.error, input.text, colored: coloredLabels)) }
    if let rejection {
      writeIssues(of: rejection)
    } else if missing.count == 1, case .group = missing[0].scope {
      // --partial helps only when another source is there to report: one group's file missing.
      errors.write(
        Diagnostic.line(
          .note, "no report was made; to report the other group without it, add --partial",
          colored: coloredLabels))
    }
    errors.flush()
    status.withLock { $0 = .noInput }
  }

  /// Writes one line per issue and the summary to standard error; the exit status becomes 65.
  ///
  /// - Parameter rejection: The issues.
  package func showInputRejected(_ rejection: InputRejection) {
    flushRows()
    writeIssues(of: rejection)
    errors.flush()
    status.withLock { $0 = .dataError }
  }

  /// One line per listed issue, then the summary, to standard error.
  private func writeIssues(of rejection: InputRejection) {
    for line in rejection.lines { errors.write(Diagnostic.detail(line)) }
    errors.write(Diagnostic.line(.error, rejection.summary, colored: coloredLabels))
  }
}

/// The renderer of a view and the buffer it renders rows into, until they are written.
///
/// A class made for the renderer's own type (``RenderingOf``), reached through this protocol:
/// the renderer is a property of the class, changed in place by each row. A renderer kept as
/// `any ByteRenderer` is boxed (a large value), and each row's call, which changes it, first
/// made sure that the box was its own.
private protocol Rendering: AnyObject {
  /// The rows rendered and not written yet.
  var bytes: [UInt8] { get set }
  /// How many ``bytes`` there are: what a view asks after each row (a look at ``bytes``
  /// itself through the protocol would take a reference to them, and give it back).
  var byteCount: Int { get }
  /// What comes before the first row.
  func start() -> String
  /// Renders a row into ``bytes``.
  func render(_ row: ReportRow)
  /// Renders a transaction of a transaction list into ``bytes``.
  func render(_ transaction: ListedTransaction)
  /// The lines of a source that could not be read.
  func render(_ warning: SourceWarning) -> String
  /// What comes after the last row.
  func finish() -> String
  /// Forgets the rows not written yet, and the renderer's state: it starts again as it was made.
  func restart()
}

/// ``Rendering`` for one type of renderer.
private final class RenderingOf<Renderer: ByteRenderer>: Rendering {
  // Unchecked: a view reaches its rendering only while it holds the lock around it, and a
  // check of each access at run time would be made for every row.
  @exclusivity(unchecked) private var renderer: Renderer
  @exclusivity(unchecked) var bytes: [UInt8] = []
  private let initial: Renderer

  var byteCount: Int { bytes.count }

  init(_ renderer: Renderer) {
    self.renderer = renderer
    initial = renderer
  }

  func start() -> String { renderer.start() }
  func render(_ row: ReportRow) { renderer.render(row, appendingTo: &bytes) }
  func render(_ transaction: ListedTransaction) { renderer.render(transaction, appendingTo: &bytes) }
  func render(_ warning: SourceWarning) -> String { renderer.render(warning) }
  func finish() -> String { renderer.finish() }

  func restart() {
    renderer = initial
    bytes.removeAll(keepingCapacity: true)
  }
}

/// A client's own renderer, whose rows are written from the strings it returns: what a view
/// is given when the renderer is not one of the package's own.
package struct StringRendering: ByteRenderer {
  private var base: any ReportRenderer

  /// A renderer that writes the strings `base` returns.
  ///
  /// - Parameter base: The renderer.
  package init(_ base: any ReportRenderer) {
    self.base = base
  }

  package mutating func start() -> String { base.start() }
  package mutating func render(_ row: ReportRow) -> String { base.render(row) }
  package mutating func render(_ warning: SourceWarning) -> String { base.render(warning) }
  package mutating func finish() -> String { base.finish() }

  package mutating func render(_ row: ReportRow, appendingTo bytes: inout [UInt8]) {
    bytes += base.render(row).utf8
  }
}
