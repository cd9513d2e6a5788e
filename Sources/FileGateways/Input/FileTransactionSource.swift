import BankReading
import UseCases

/// Transactions read from a file or from standard input, streamed in chunks and checked record
/// by record.
///
/// Each ``open()`` starts from the first byte, so a use case can read the source twice (a
/// survey pass, then a report pass) without holding its records in memory. Records come with
/// their positions (line and column, counting characters), and every bad record is an issue
/// naming the source, the position, the field and the value found.
///
/// What the path names decides how it is read:
///
/// - a regular file is opened afresh by each ``open()``;
/// - `-` is standard input, named `<stdin>` in messages, and a named pipe (FIFO), a socket or a
///   character device (`/dev/urandom`, `/dev/stdin` when it is one, a terminal) is read like
///   it: one rule, whatever names the bytes. Their bytes can be read only once, so the first
///   ``open()`` copies them, as it streams them, to an unnamed temporary file in `$TMPDIR`
///   (else `/tmp`), and later opens read that copy from its start; memory stays constant, and
///   an input without end stops at the limit of a record (`/dev/zero`), or at the first byte
///   that is not the format (`/dev/urandom`); `/dev/null` holds no records;
/// - a directory, a missing file or one that cannot be opened is missing input
///   (`SourceOpening.missing(reason:)`), with the reason: the user named a file that is not
///   there, and the report is refused unless it may be partial. Files are not services: they
///   are never merely unavailable, except standard input or a pipe that cannot be copied.
///
/// Its format is the one given, unless it is to be told from the input's first bytes
/// (`sniffsFormat`, for an input whose name says no format: standard input, a `.txt` file):
/// then the first opening reads them (from standard input through its copy, so nothing is lost
/// and the input is still read once), and every opening reads that format, or the one given
/// when they show none.
///
/// Copies of a source share the copy of standard input or a pipe, so every copy can open it
/// again.
///
/// Given a progress observer, each reading reports how far it has got (``ReadProgress``) after
/// every chunk, so a long run can show its progress.
public struct FileTransactionSource: TransactionSource, LendingSource, Sendable {
  /// The path that stands for standard input: `-`.
  public static let standardInputPath = "-"

  /// The path of the file, as given; `-` for standard input.
  package let path: String
  /// The syntax of the file; with ``sniffsFormat``, the one read when its first bytes show none.
  package let format: RecordFormat
  /// Whether the format is told from the input's first bytes when they show one.
  package let sniffsFormat: Bool
  /// How to read the file when it is a bank's export.
  package let options: ReadingOptions
  /// The copy of an input that can be read only once, made by the first ``open()``.
  private let spool = Locked<InputSpool?>(nil)
  /// The format every opening reads, once the first has chosen it.
  private let chosenFormat = Locked<RecordFormat?>(nil)
  /// How many times the source has been opened, for ``ReadProgress/reading``.
  private let readings = Locked(0)
  /// Told how far each reading has got, if anyone wants to know.
  private let progress: (@Sendable (ReadProgress) -> Void)?
  /// The most bytes one record may take: ``RecordFormat/maximumRecordLength``, unless a test or
  /// a fuzzer asks for less.
  private let recordLimit: Int

  /// Creates a source for a file, or for standard input; nothing is opened or read until
  /// ``open()``.
  ///
  /// - Parameters:
  ///   - path: The path of the file, absolute or relative to the working directory, or `-`
  ///     for standard input.
  ///   - format: The syntax of the file.
  ///   - sniffsFormat: Whether the format is told from the input's first bytes, `format` being
  ///     read only when they show none; `false` by default.
  ///   - options: How to read the file when it is a bank's export; by default, everything is
  ///     detected and records without a group are Posted.
  ///   - progress: Called after each chunk read, from the thread reading, with how far that
  ///     reading has got; `nil` (the default) for no reports.
  public init(
    path: String, format: RecordFormat = .json, sniffsFormat: Bool = false,
    options: ReadingOptions = .standard,
    progress: (@Sendable (ReadProgress) -> Void)? = nil
  ) {
    self.init(
      path: path, format: format, sniffsFormat: sniffsFormat, options: options,
      recordLimit: RecordFormat.maximumRecordLength, progress: progress)
  }

  /// Creates a source for a file, or for standard input, whose records may take at most
  /// `recordLimit` bytes.
  ///
  /// - Parameters:
  ///   - path: The path of the file, or `-` for standard input.
  ///   - format: The syntax of the file.
  ///   - sniffsFormat: Whether the format is told from the input's first bytes.
  ///   - options: How to read the file when it is a bank's export.
  ///   - recordLimit: The most bytes one record may take, at least 1.
  ///   - progress: Called after each chunk read, with how far that reading has got.
  package init(
    path: String, format: RecordFormat, sniffsFormat: Bool = false, options: ReadingOptions = .standard,
    recordLimit: Int, progress: (@Sendable (ReadProgress) -> Void)? = nil
  ) {
    self.path = path
    self.format = format
    self.sniffsFormat = sniffsFormat
    self.options = options
    self.recordLimit = recordLimit
    self.progress = progress
  }

  /// How messages name this source: the path as given, or `<stdin>` for standard input.
  public var name: String { isStandardInput ? "<stdin>" : path }

  private var isStandardInput: Bool { path == Self.standardInputPath }

  /// Opens the file (or the copy of standard input or a pipe) and starts reading it from its
  /// first record.
  ///
  /// - Returns: `SourceOpening.missing(reason:)` when the file does not exist (with a similar
  ///   name that does, if any), cannot be opened (with the operating system's reason, such as
  ///   `cannot read 'a.json': Permission denied`) or is a directory, or standard input is
  ///   closed: the input the user named is not there. `SourceOpening.unavailable(reason:)` for
  ///   standard input or a pipe when no temporary file can be made for its copy: the input is
  ///   there, the machine cannot hold it now. Otherwise a stream of its records, which closes
  ///   the file when it ends.
  public func open() async -> SourceOpening {
    await openLending().opening
  }

  /// Opens the file as ``open()`` does, with a stream that lends its records, read ahead.
  ///
  /// - Returns: What opening it gave.
  package func openLending() async -> ReadingOpening {
    spool.withLock { spool in
      if let spool {
        return records(of: spool.reader(), totalBytes: spool.completeLength, format: format(of: spool))
      }
      let file: FileDescriptor
      if isStandardInput {
        file = FileDescriptor.standardInput()
        guard file.isOpen else { return .missing(reason: .standardInputClosed) }
      } else {
        switch FileDescriptor.open(path: path) {
        case .failure(let reason):
          return .missing(reason: reason)
        case .file(let opened):
          file = opened
        }
      }
      switch file.kind {
      case .directory:
        return .missing(reason: isStandardInput ? .standardInputIsDirectory : .isDirectory(path: path))
      case .regular where !isStandardInput:
        return records(of: file, totalBytes: file.regularFileSize, format: format(of: file))
      case .regular, .characterDevice, .stream:
        switch FileDescriptor.anonymousTemporaryFile() {
        case .failure(let reason):
          return .unavailable(reason: .cannotCopy(path: isStandardInput ? nil : path, reason))
        case .file(let copy, let folder):
          let created = InputSpool(
            origin: file, copy: copy, path: isStandardInput ? nil : path, folder: folder)
          spool = created
          return records(of: created.reader(), totalBytes: nil, format: format(of: created))
        }
      }
    }
  }

  /// The format to read: the one chosen by the first opening; else the one given, or, with
  /// ``sniffsFormat``, the one the first bytes show (read here through `bytes`, which a spool
  /// copies as it reads them).
  private func format(of bytes: some PositionalBytes) -> RecordFormat {
    chosenFormat.withLock { chosen in
      if let chosen { return chosen }
      let shown =
        sniffsFormat ? RecordFormat.sniffed(from: bytes.firstBytes(limit: RecordFormat.sniffedLength)) : nil
      let format = shown ?? self.format
      chosen = format
      return format
    }
  }

  /// The records of a file's bytes, read ahead on a thread of their own
  /// (``ReadAheadTransactionStream``): a file is read while its records are used.
  private func recordsReadAhead(of input: ByteInput, format: RecordFormat) -> ReadingOpening {
    .available(ReadAheadTransactionStream(format.stream(reading: input, source: name, options: options)))
  }

  /// The records of a reading of bytes, reporting its progress when there is an observer.
  private func records(of provider: some ByteProvider, totalBytes: Int?, format: RecordFormat)
    -> ReadingOpening
  {
    guard let progress else {
      return recordsReadAhead(of: ByteInput(provider: provider, recordLimit: recordLimit), format: format)
    }
    let reading = readings.withLock { count in
      count += 1
      return count
    }
    let start = ReadProgress(source: name, reading: reading, bytesRead: 0, totalBytes: totalBytes)
    return recordsReadAhead(
      of: ByteInput(
        provider: ProgressReportingProvider(provider, progress: start, observer: progress),
        recordLimit: recordLimit),
      format: format)
  }
}
