import UseCases

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The syntax of a file of transaction records.
///
/// Every format yields the same five fields (`group`, `date`, `description`, `amount`,
/// `debit`), checked by the same rules with the same messages; only the syntax differs. Each
/// may start with a UTF-8 byte order mark, and text must be UTF-8.
public enum RecordFormat: String, CaseIterable, Sendable {
  /// One JSON array of objects, each object one record:
  /// `[{"group": "A", "date": "2016-04-01", "description": "Starbucks", "amount": "3.11", "debit": "D"}]`.
  ///
  /// The amount may also be a JSON number; keys other than the five are ignored. Malformed
  /// JSON is one issue and ends the file: inside an array there is no telling where the next
  /// record starts.
  case json

  /// Newline-delimited JSON (also called JSON Lines): one record object on each line, with the
  /// same keys and values as in ``json``.
  ///
  /// Blank lines are skipped. A line that is not one object is one issue, and reading goes on
  /// with the next line.
  case ndjson

  /// Comma-separated values (RFC 4180) with a header row naming the columns
  /// `group,date,description,amount,debit`, in any order; other columns are ignored.
  ///
  /// Fields may be quoted (`"Mark's ""best"" shirt, blue"`), rows end with LF or CRLF, and
  /// completely empty lines are skipped. A malformed row (a stray quote, too few or too many
  /// fields) is one issue, and reading goes on with the next row.
  case csv

  /// An OFX bank or card statement (Open Financial Exchange, SGML 1.x or XML 2.x; `.ofx`,
  /// `.qfx`): each `STMTTRN` element is a record, with its `DTPOSTED`, signed `TRNAMT` and
  /// `NAME` (or `MEMO`). Records take the group of ``ReadingOptions/group``.
  case ofx

  /// A QIF file (Quicken Interchange Format): each record of a section of transactions, its
  /// lines `D` (date), `T` (signed amount) and `P` (payee, or `M`, memo), ended by `^`.
  /// Records take the group of ``ReadingOptions/group``.
  case qif
}

extension RecordFormat {
  /// The most bytes one record may take, in every format: 1 MiB (1,048,576 bytes).
  ///
  /// A JSON record counts from its `{` to its `}`, an NDJSON line and a CSV row with the line
  /// break that ends them; so no value, key or field can be longer either. A record that runs
  /// past the limit is one issue, `SyntaxProblem.recordTooLong(limit:)`, at the value
  /// it ran past the limit in (naming that field) or else at the record's start, and the input
  /// is not read further: finding the next record could mean reading without end (`/dev/zero`
  /// has no line break), and holding a record means holding its bytes. Whitespace between the
  /// records of a JSON array is not part of a record.
  public static let maximumRecordLength = 1 << 20

  /// The records decoded from an input in this format, checked by the one validator.
  ///
  /// - Parameters:
  ///   - input: The input, positioned at its start.
  ///   - source: The name issues give the source.
  ///   - options: How to read a bank's export (CSV with a header other than the native one).
  ///   - usesFastPath: Whether plain records are read on the decoder's fast path; only tests
  ///     turn it off, to compare the two paths.
  /// - Returns: The stream, which owns the input.
  func stream(
    reading input: ByteInput, source: String, options: ReadingOptions = .standard, usesFastPath: Bool = true
  ) -> any TransactionStream {
    switch self {
    case .json:
      DecodingTransactionStream(
        decoder: JSONRecordDecoder(input: input, usesFastPath: usesFastPath), source: source)
    case .ndjson:
      DecodingTransactionStream(
        decoder: NDJSONRecordDecoder(input: input, usesFastPath: usesFastPath), source: source)
    case .csv:
      DecodingTransactionStream(
        decoder: CSVRecordDecoder(input: input, options: options, usesFastPath: usesFastPath), source: source)
    case .ofx:
      DecodingTransactionStream(
        decoder: OFXRecordDecoder(input: input, source: source, options: options), source: source)
    case .qif:
      DecodingTransactionStream(
        decoder: QIFRecordDecoder(input: input, source: source, options: options), source: source)
    }
  }
}

extension RecordFormat {
  /// The format of a bank's statement that a file's first bytes show: OFX (an `OFXHEADER`
  /// line, `<OFX>` or `<?OFX`, or an XML declaration with `<OFX` after it) or QIF (a `!Type:`,
  /// `!Account` or `!Option` line); `nil` for anything else, or a file that cannot be read.
  ///
  /// For a file whose extension names no format: it reads at most 1 KiB of a regular file,
  /// and nothing of standard input, a pipe or a device, which could not be read again.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: `.ofx`, `.qif` or `nil`.
  public static func statement(atPath path: String) -> RecordFormat? {
    guard path != FileTransactionSource.standardInputPath else { return nil }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: 1024)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return statement(startingWith: bytes[..<count])
  }

  /// The statement format some first bytes show (see ``statement(atPath:)``).
  static func statement(startingWith bytes: ArraySlice<UInt8>) -> RecordFormat? {
    var text = String(decoding: bytes, as: UTF8.self).uppercased()[...]
    if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
    text = text.drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
    if text.hasPrefix("OFXHEADER") || text.hasPrefix("<OFX") || text.hasPrefix("<?OFX") { return .ofx }
    if text.hasPrefix("<?XML") && (text.contains("<OFX") || text.contains("<?OFX")) { return .ofx }
    if text.hasPrefix("!TYPE:") || text.hasPrefix("!ACCOUNT") || text.hasPrefix("!OPTION") { return .qif }
    return nil
  }
}
