import BankReading
import UseCases

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
  /// `NAME` (or `MEMO`). Records take the group of `ReadingOptions/group`.
  case ofx

  /// A QIF file (Quicken Interchange Format): each record of a section of transactions, its
  /// lines `D` (date), `T` (signed amount) and `P` (payee, or `M`, memo), ended by `^`.
  /// Records take the group of `ReadingOptions/group`.
  case qif
}

extension RecordFormat {
  /// The most bytes one record may take, in every format: 1 MiB (1,048,576 bytes).
  ///
  /// A JSON record counts from its `{` to its `}`, an NDJSON line and a CSV row with the line
  /// break that ends them; so no value, key or field can be longer either. A record that runs
  /// past the limit is one issue (the record is longer than the limit), at the value
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
  ) -> any DecodedStream {
    switch self {
    case .json where options.account != nil, .ndjson where options.account != nil:
      DecodingTransactionStream(
        decoder: AccountlessDecoder(input: input, asked: options.account ?? ""), source: source)
    case .json where options.explains:
      DecodingTransactionStream(
        decoder: ExplainingDecoder(
          JSONRecordDecoder(input: input, usesFastPath: usesFastPath), format: "JSON", source: source),
        source: source)
    case .ndjson where options.explains:
      DecodingTransactionStream(
        decoder: ExplainingDecoder(
          NDJSONRecordDecoder(input: input, usesFastPath: usesFastPath), format: "NDJSON", source: source),
        source: source)
    case .json:
      DecodingTransactionStream(
        decoder: JSONRecordDecoder(input: input, usesFastPath: usesFastPath), source: source)
    case .ndjson:
      DecodingTransactionStream(
        decoder: NDJSONRecordDecoder(input: input, usesFastPath: usesFastPath), source: source)
    case .csv:
      DecodingTransactionStream(
        decoder: CSVRecordDecoder(input: input, source: source, options: options, usesFastPath: usesFastPath),
        source: source)
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
  /// How many bytes of an input are read to tell its format: enough for an OFX header, a
  /// CSV header or an NDJSON record.
  static let sniffedLength = 4096

  /// The format an input's first bytes show, when they show one beyond doubt: how a source
  /// whose format neither an option nor an extension names (standard input, a `.txt` file, a
  /// URL served as `application/octet-stream`) is read. After a byte order mark and blank
  /// lines:
  ///
  /// - OFX: an OFX header (``OFXHeader``: `OFXHEADER`, or header lines such as
  ///   `DATA:OFXSGML` followed by `<OFX>`), `<OFX>`, `<?OFX`, or an XML declaration with
  ///   `<OFX` or `<?OFX` after it;
  /// - QIF: a `!Type:`, `!Account`, `!Option` or `!Clear` line;
  /// - JSON: `[`;
  /// - NDJSON: a first line that starts with `{` and ends with `}`;
  /// - CSV: a first line that starts with none of `[ { < !`, and a comma, a semicolon or a tab
  ///   outside double quotes in it or in one of the lines after it, up to the eighth (a native
  ///   header, a bank's header, or its preamble: `Detailed Statement`, then
  ///   `Account Number,…`).
  ///
  /// Anything else shows no format (`nil`): it is read as the source's default, JSON, whose
  /// error at the start says what the input looks like and which `--input-format` reads it.
  ///
  /// - Parameter bytes: The input's first bytes, up to ``sniffedLength``.
  /// - Returns: The format, or `nil`.
  static func sniffed(from bytes: [UInt8]) -> RecordFormat? {
    var start = bytes[...]
    if start.starts(with: [0xEF, 0xBB, 0xBF]) { start = start.dropFirst(3) }
    start = start.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    guard let first = start.first else { return nil }
    let head = String(decoding: start.prefix(16), as: UTF8.self).uppercased()
    if head.hasPrefix("<?XML") {
      let text = String(decoding: start, as: UTF8.self).uppercased()
      return text.contains("<OFX") || text.contains("<?OFX") ? .ofx : nil
    }
    if OFXHeader(start: start) != nil { return .ofx }
    if ["!TYPE:", "!ACCOUNT", "!OPTION", "!CLEAR"].contains(where: { head.hasPrefix($0) }) { return .qif }
    let lines = start.split(omittingEmptySubsequences: true) { $0 == 0x0A || $0 == 0x0D }
    var line = lines.first ?? []
    while let last = line.last, last == 0x20 || last == 0x09 { line = line.dropLast() }
    switch first {
    case UInt8(ascii: "["): return .json
    case UInt8(ascii: "{"): return line.last == UInt8(ascii: "}") ? .ndjson : nil
    case UInt8(ascii: "<"), UInt8(ascii: "!"): return nil
    default:
      // The lines after the first only whole: the last may be cut by the end of the bytes read.
      let whole = bytes.count < sniffedLength ? lines[...] : lines.dropLast()
      return holdsDelimiter(line) || whole.dropFirst().prefix(7).contains(where: holdsDelimiter) ? .csv : nil
    }
  }

  /// Whether a line holds a comma, a semicolon or a tab outside double quotes.
  private static func holdsDelimiter(_ line: ArraySlice<UInt8>) -> Bool {
    var quoted = false
    for byte in line {
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      if !quoted, byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == 0x09 { return true }
    }
    return false
  }
}
