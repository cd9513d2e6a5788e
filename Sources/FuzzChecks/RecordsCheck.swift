import Entities
import FileGateways
import Presenters
import UseCases

/// The invariants of one format's decoder, checked on any bytes.
///
/// The bytes are read through ``BytesTransactionSource``, exactly as a file would be:
///
/// - every opening ends, and stays ended: at most ``recordLimit(forByteCount:)`` records and
///   issues, then `nil`, and `nil` again;
/// - every opening yields the same records and issues, and two openings read side by side do
///   not disturb each other;
/// - every issue names the source and says what is wrong, and every position (of an issue, of a
///   valid record and of its group and amount) is a real place in the bytes: line and column
///   from 1, inside the text;
/// - a valid record's group and amount are not before its start, and its amount has no sign;
/// - records and issues come in input order: their positions never go back;
/// - no record is silently dropped: each line of NDJSON, row of CSV and element of a JSON array
///   gets a record or issues (see ``RecordUnits``);
/// - a count of issues not kept follows a record's first ``keptIssues`` issues;
/// - read again with a small limit on a record (``recordLimit(for:)``), the input gives the same
///   records and issues up to the first record longer than the limit, then one issue that says
///   so, at a place inside that record, and nothing more; with no record that long, exactly the
///   same records and issues (see ``checkLimited(_:against:bytes:)``).
struct RecordsCheck {
  let format: RecordFormat

  /// How many issues of one record the gateways keep before they only count the rest
  /// (``SourceRecord/unlistedIssues(count:)``).
  static let keptIssues = 20

  /// The most records and issues an input of `count` bytes can give.
  ///
  /// A record takes at least two bytes (`{}` in NDJSON, `,` and a line break in CSV) and gives
  /// at most one issue for each of its five fields and one for each problem the decoder found
  /// inside it, each of which takes bytes of its own; a syntax error gives one more. Five
  /// for every byte, plus one, is a generous bound that only a stream that does not end breaks.
  ///
  /// - Parameter count: The input's size in bytes.
  /// - Returns: The bound.
  static func recordLimit(forByteCount count: Int) -> Int {
    5 * (count + 1)
  }

  /// Checks every invariant on one input.
  ///
  /// - Parameter bytes: The input.
  func run(_ bytes: [UInt8]) async {
    let name = "fuzz.\(format.rawValue)"
    let source = BytesTransactionSource(name: name, bytes: bytes, format: format)
    let records = await SourceRecord.all(of: source, limit: Self.recordLimit(forByteCount: bytes.count))
    // A bank's CSV export, and a QIF file, are read as the decoder reads them: its positions
    // are in that text.
    let text = StatementText.decoded(bytes, format: format, records: records)
    let layout = TextLayout(text, format: format)
    let units = RecordUnits(text, format: format)
    let rawFields = RawFieldsCheck(
      layout, format: format, bytes: text, linesBeforeHeader: RecordUnits.linesBeforeHeader(in: records),
      answerStarts: units.answerStarts)
    var previous: TextPosition?
    for (index, record) in records.enumerated() {
      check(record, at: index, name: name, layout: layout)
      if case .unavailable = record {
        require(index == records.count - 1, "\(name): record \(index) is unavailable, but records follow it")
      }
      if case .missing = record {
        require(
          index == records.count - 1, "\(name): record \(index) is missing input, but records follow it")
      }
      if case .unlistedIssues = record {
        // Only the first issues of a record are kept: the count follows them, and them only.
        require(
          index >= Self.keptIssues
            && records[index - Self.keptIssues..<index].allSatisfy {
              if case .invalid = $0 { true } else { false }
            },
          "\(name): issue counts \(index) do not follow the first issues of a record: \(shown(records))")
      }
      if case .transaction(let transaction, let origin?) = record {
        rawFields.check(transaction, origin: origin, index: index)
      }
      if let anchor = record.anchor {
        if let previous {
          require(
            previous <= anchor,
            "\(name): record \(index) at \(anchor) comes after one at \(previous), which is further on")
        }
        previous = anchor
      }
    }
    units.check(records, format: format, name: name)
    await checkSideBySide(source, expecting: records)
    await checkLendingDescriptions(source, expecting: records)
    await checkLimited(source, against: records, bytes: bytes)
  }

  /// The small limit on a record that an input is read again with: 1 to 64 bytes, picked by its
  /// first byte, so that the fuzzer tries records shorter and longer than it.
  ///
  /// - Parameter bytes: The input.
  /// - Returns: The limit.
  static func recordLimit(for bytes: [UInt8]) -> Int {
    1 + Int(bytes.first ?? 0) % 64
  }

  /// Reads the input again with a small limit on a record, and checks that the limit changes
  /// nothing but the end: the first record that is longer than the limit is one issue, and the
  /// last thing yielded.
  private func checkLimited(_ source: BytesTransactionSource, against records: [SourceRecord], bytes: [UInt8])
    async
  {
    let limit = Self.recordLimit(for: bytes)
    let name = source.name
    let limited = await SourceRecord.all(
      of: BytesTransactionSource(name: name, bytes: bytes, format: format, recordLimit: limit),
      limit: Self.recordLimit(forByteCount: bytes.count))
    guard case .invalid(let issue)? = limited.last,
      case .syntax(.recordTooLong(let stated))? = issue.readingProblem
    else {
      require(
        limited == records,
        "\(name): a limit of \(limit) bytes on a record, which no record reached, changed the records: "
          + "\(shown(limited)), not \(shown(records))")
      return
    }
    require(stated == limit, "\(name): a record longer than \(stated) bytes, but the limit is \(limit)")
    require(
      Array(limited.dropLast()) == Array(records.prefix(limited.count - 1)),
      "\(name): with a limit of \(limit) bytes, the records before the one cut differ: \(shown(limited)), "
        + "not \(shown(records))")
    let text = StatementText.decoded(bytes, format: format, records: records)
    let layout = TextLayout(text, format: format)
    for (index, record) in limited.enumerated() { check(record, at: index, name: name, layout: layout) }
    guard let position = issue.position else { return }
    let units = RecordUnits(text, format: format)
    // The note of rows a bank's export skipped comes at the end, which a cut never reaches:
    // the whole reading counted them; and its rows are those below its header.
    units.check(limited, format: format, name: name, notes: records)
    // A cut above a late header is in the rows the decoder read looking for it, as first read.
    let asRead = units.asRead(notes: records, format: format).units
    let isBelowHeader = asRead.header.map { $0.start <= position } ?? true
    let size = (isBelowHeader ? asRead : units).recordByteCount(at: position, format: format)
    require(
      size.map { $0 > limit } ?? false,
      "\(name): the record at \(position) is cut at a limit of \(limit) bytes, but it takes \(shown(size))")
  }

  private func check(_ record: SourceRecord, at index: Int, name: String, layout: TextLayout) {
    switch record {
    case .invalid(let issue):
      require(issue.source == name, "issue \(index) names the source \(shown(issue.source)), not \(name)")
      // Bytes in memory cannot fail to read, and rules across records are the use cases'.
      switch issue.readingProblem {
      case nil, .unreadable?:
        fatalError("fuzz invariant broken: issue \(index) is not a decoder's or a field's: \(shown(issue))")
      default:
        break
      }
      // Bytes in memory cannot fail to read, so every issue has a place in them.
      guard let position = issue.position else {
        fatalError("fuzz invariant broken: issue \(index) has no position: \(shown(issue))")
      }
      require(
        layout.contains(position), "issue \(index) is at \(position), outside the input: \(shown(issue))")
    case .unlistedIssues(let count):
      require(count > 0, "record \(index) counts \(count) issues not kept")
    case .note(let note):
      require(!note.words.parts.isEmpty, "record \(index) is a note without words")
    case .unavailable(let reason):
      // Bytes in memory are always there; only a bank's answer can refuse (an OFX status that is
      // not informational), or hold no statement, and then the source is unavailable.
      let words = EnglishReportWording().reason(reason)
      require(
        format == .ofx
          && (words.contains("the bank refused the request")
            || words.contains("the bank's answer holds no statement")),
        "record \(index): bytes in memory became unavailable: \(shown(reason))")
    case .missing(let reason):
      // Bytes in memory are always there to read.
      require(false, "record \(index): bytes in memory could not be read: \(shown(reason))")
    case .transaction(let transaction, let origin):
      require(!transaction.amount.isNegative, "record \(index) has a negative amount: \(shown(transaction))")
      guard let origin else {
        fatalError("fuzz invariant broken: record \(index) has no origin, but bytes have positions")
      }
      require(origin.source == name, "record \(index) names the source \(shown(origin.source)), not \(name)")
      for position in [origin.start, origin.group, origin.amount] {
        require(
          layout.contains(position), "record \(index) points at \(position), outside the input: \(origin)")
      }
      require(
        origin.start <= origin.group && origin.start <= origin.amount,
        "record \(index) has a field before its start: \(origin)")
    }
  }

  /// Reads a new opening with its descriptions asked as bytes from the start (decision 0043):
  /// a transaction lent bytes has an empty description, the bytes are UTF-8, and with them as
  /// its description it is the record read with strings.
  private func checkLendingDescriptions(_ source: BytesTransactionSource, expecting records: [SourceRecord])
    async
  {
    guard case .available(let lending) = await source.openLending() else {
      fatalError("fuzz invariant broken: \(source.name) opens no stream that lends descriptions as bytes")
    }
    lending.lendDescriptionsAsBytes()
    var read: [SourceRecord] = []
    while read.count <= records.count,
      lending.nextRecords({ record, bytes in
        guard let bytes else { return read.append(copy record) }
        guard let whole = record.withDescription(lentAs: bytes) else {
          return require(false, "bytes lent with a record that cannot take them: \(shown(record))")
        }
        read.append(whole)
      })
    {}
    for (index, expected) in records.enumerated() {
      let lent = index < read.count ? read[index] : nil
      require(
        lent == expected, "record \(index) differs lent as bytes: \(shown(expected)) then \(shown(lent))")
    }
    require(read.count == records.count, "lent as bytes, \(read.count) records, not \(records.count)")
  }

  /// Reads two new openings in step: each must give the records of the first, in order.
  private func checkSideBySide(_ source: BytesTransactionSource, expecting records: [SourceRecord]) async {
    guard case .available(var first) = await source.open(), case .available(var second) = await source.open()
    else {
      fatalError("fuzz invariant broken: \(source.name) is unavailable on a later opening")
    }
    for (index, expected) in records.enumerated() {
      let left = first.next()
      let right = second.next()
      require(
        left == expected && right == expected,
        "record \(index) differs between openings: \(shown(expected)) then \(shown(left)) and \(shown(right))"
      )
    }
    require(
      first.next() == nil && second.next() == nil,
      "a later opening yields more than the \(records.count) records of the first")
  }
}
