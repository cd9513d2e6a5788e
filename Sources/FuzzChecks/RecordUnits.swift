import FileGateways
import UseCases

/// Where the records of an input are, found by a plain, lenient reading of its own: the lines
/// of NDJSON, the rows of CSV, the elements of a JSON array.
///
/// It backs the SPEC's rule that every input record is in the report or named in an error: each
/// record's unit must get at least one record or issue whose position is inside it (a valid
/// record exactly one), and nothing may come from where there is no record. The reading knows
/// only where units start and end, not whether they are valid; where a format stops at a
/// syntax error (a JSON array, a CSV header, an input that looks like another format, a record
/// longer than the limit), the units after it are not required.
struct RecordUnits {
  /// The text positions of a unit's first and last byte, and its size in bytes.
  struct Unit {
    var start: TextPosition
    var end: TextPosition
    /// How many bytes the unit takes, its line break included.
    var byteCount: Int

    func contains(_ position: TextPosition) -> Bool { start <= position && position <= end }

    /// The unit, counting one byte more: the first byte after it, which its decoder looks at
    /// to know that it ended, and which counts against the limit of a record.
    func peeking() -> Unit {
      var unit = self
      unit.byteCount += 1
      return unit
    }
  }

  /// The units that must each get a record or an issue.
  private(set) var units: [Unit] = []
  /// CSV: the header row, which gets nothing unless it is malformed (and then ends the input).
  private(set) var header: Unit?

  private let bytes: [UInt8]
  private let positions: [TextPosition]
  /// Where the text starts: after a byte order mark.
  private let textStart: Int
  /// OFX and QIF: every piece the decoder reads for the limit of a record, units or not.
  private var pieces: [Unit] = []
  /// A CSV input's delimiter, as ``CSVHeader`` reads it: a comma, a semicolon or a tab.
  private var delimiter = UInt8(ascii: ",")
  /// QIF: where each `!` line that names no section QIF has starts; each must get an issue.
  private var unknownHeaders: [TextPosition] = []
  /// QIF: the units whose category is a transfer (an `L[` line), which the decoder may skip as
  /// an account's opening balance, counted in a note.
  private var transfers: Set<Int> = []
  /// OFX: whether the last answer is closed (`</OFX>`, outside every transaction, with nothing
  /// after it but whitespace, NUL bytes, comments, CDATA sections and more `</OFX>`), so that
  /// every answer is whole; and whether the input holds anything but whitespace.
  private var closesOFX = false
  private var hasText = false
  /// OFX: where each `CURDEF`, `BALAMT` and `DTSTART` tag outside a transaction and a status
  /// starts: a statement's currency, its ledger balance or its period, where an issue of the
  /// statement itself (two currencies, balances that do not add up, a statement given twice)
  /// may be.
  private var statementTags: Set<TextPosition> = []
  /// OFX: where each answer starts (its first byte that is not whitespace, after a `</OFX>`),
  /// whose own header says how its text is encoded; the first at the input's start.
  private(set) var answerStarts: [Int] = [0]

  /// Finds the units of an input.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - format: Its format.
  init(_ bytes: [UInt8], format: RecordFormat) {
    self.bytes = bytes
    self.positions = Self.positions(
      of: bytes, carriageReturns: StatementText.breaksLinesAtCarriageReturns(format))
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    self.textStart = start
    switch format {
    case .json: findElements(from: start)
    case .ndjson: findLines(from: start)
    case .csv:
      delimiter = CSVHeader(bytes).delimiter
      findRows(from: start)
    case .ofx: findTransactions(from: start)
    case .qif: findQIFRecords(from: start)
    }
  }

  /// The position of every byte, and of the end, as `ByteInput` counts them: a line feed starts
  /// a new line (and, with `carriageReturns`, a carriage return alone), every byte that is not a
  /// UTF-8 continuation byte moves the column, and a byte order mark at the start takes no
  /// column.
  private static func positions(of bytes: [UInt8], carriageReturns: Bool) -> [TextPosition] {
    var positions: [TextPosition] = []
    positions.reserveCapacity(bytes.count + 1)
    var line = 1
    var column = 1
    let hasMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    for (offset, byte) in bytes.enumerated() {
      positions.append(TextPosition(line: line, column: column))
      let loneCarriageReturn =
        carriageReturns && byte == UInt8(ascii: "\r")
        && (offset + 1 == bytes.count || bytes[offset + 1] != UInt8(ascii: "\n"))
      if byte == UInt8(ascii: "\n") || loneCarriageReturn {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      if hasMark && offset == 2 { column = 1 }
    }
    positions.append(TextPosition(line: line, column: column))
    return positions
  }

  private mutating func add(from first: Int, to last: Int) {
    units.append(unit(from: first, to: last))
  }

  private func unit(from first: Int, to last: Int) -> Unit {
    Unit(
      start: positions[first], end: positions[min(last, bytes.count)],
      byteCount: min(last, bytes.count - 1) - first + 1)
  }

  /// How many bytes the record holding a position takes, as a decoder's limit counts them: the
  /// JSON element, or CSV row or header, that holds it, or else the line (NDJSON, and the empty
  /// or broken lines of CSV), its line feed included. An OFX or QIF piece that ends with a byte
  /// that continues no character (which takes no column) ends at the position the next piece
  /// starts at: of the pieces holding the position, the longest, as the record cut may be
  /// either.
  ///
  /// - Parameters:
  ///   - position: A position in the input, such as where an issue is.
  ///   - format: The input's format.
  /// - Returns: The size in bytes, or `nil` for a JSON position outside every element.
  func recordByteCount(at position: TextPosition, format: RecordFormat) -> Int? {
    if format == .ofx || format == .qif {
      return pieces.filter { $0.contains(position) }.map(\.byteCount).max()
    }
    if format != .ndjson,
      let unit = ([header].compactMap { $0 } + units).first(where: { $0.contains(position) })
    {
      return unit.byteCount
    }
    guard format != .json else { return nil }
    var lineStart = textStart
    var line = 1
    while line < position.line, let lineFeed = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
      lineStart = lineFeed + 1
      line += 1
    }
    let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
    return lineEnd - lineStart
  }

  // MARK: NDJSON

  /// Every line that holds anything but spaces, tabs and carriage returns.
  private mutating func findLines(from start: Int) {
    var lineStart = start
    var isBlank = true
    for offset in start...bytes.count {
      let byte = offset < bytes.count ? bytes[offset] : UInt8(ascii: "\n")
      if byte == UInt8(ascii: "\n") {
        if !isBlank { add(from: lineStart, to: offset) }
        lineStart = offset + 1
        isBlank = true
      } else if byte != 0x20 && byte != 0x09 && byte != 0x0D {
        isBlank = false
      }
    }
  }

  // MARK: CSV

  /// The header and every row after it (RFC 4180: a quote opens a quoted field only at the
  /// field's start; `""` inside it is a quote), skipping empty lines. A carriage return at a
  /// row's start that no line feed follows makes the rest of its line a unit of its own.
  ///
  /// - Parameters:
  ///   - start: Where to look from.
  ///   - startsAtHeader: Whether the row at `start` is the header, whatever it starts with: a
  ///     bank's header that the decoder found below lines of title is the line it found, and
  ///     a carriage return alone at its start is that header's problem.
  private mutating func findRows(from start: Int, startsAtHeader: Bool = false) {
    var offset = start
    if startsAtHeader, offset < bytes.count {
      let end = rowEnd(from: offset)
      header = unit(from: offset, to: end)
      offset = end + 1
    }
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\n") {
        offset += 1
        continue
      }
      if byte == UInt8(ascii: "\r") {
        guard offset + 1 < bytes.count else { return }
        if bytes[offset + 1] == UInt8(ascii: "\n") {
          offset += 2
          continue
        }
        let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        add(from: offset, to: end)
        offset = end + 1
        continue
      }
      let end = rowEnd(from: offset)
      if header == nil {
        header = unit(from: offset, to: end)
      } else {
        add(from: offset, to: end)
      }
      offset = end + 1
    }
  }

  /// The offset of the line feed that ends the row starting at `start`, or the end.
  private func rowEnd(from start: Int) -> Int {
    CSVHeader.rowEnd(of: bytes, from: start, delimiter: delimiter)
  }

  // MARK: OFX

  /// The name of an OFX tag from the bytes after its `<`: the first word of its first 32 bytes
  /// before any `>`, in capitals, without the bytes below `!` but the space.
  static func ofxTagName(_ bytes: ArraySlice<UInt8>) -> String {
    let tag = bytes.prefix { $0 != UInt8(ascii: ">") }.prefix(32)
    let name =
      String(decoding: tag.filter { $0 >= 0x21 || $0 == 0x20 }, as: UTF8.self).uppercased()
      .split(separator: " ").first.map(String.init) ?? ""
    // A namespace prefix is not part of the name: `ofx:STMTTRN` is `STMTTRN`, `/ofx:OFX` `/OFX`.
    guard let colon = name.lastIndex(of: ":") else { return name }
    return (name.hasPrefix("/") ? "/" : "") + name[name.index(after: colon)...]
  }

  /// The pieces an OFX file is read in, for the limit of a record, one after the other from
  /// the first byte: the text before a tag with the tag (to its `>`), or with a comment or a
  /// CDATA section (to its `-->` or `]]>`), or the text before a transaction (`STMTTRN`, or
  /// `STMTTRNP`, a pending one) with the whole element, to the `>` of its own closing tag, or
  /// to just before the next transaction's tag, or to the end; and a `STATUS` with the tags
  /// inside it (``statusEnd(after:)``). The elements are the units.
  private mutating func findTransactions(from start: Int) {
    let blank: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
    hasText = bytes[start...].contains { !blank.contains($0) }
    // After a `</OFX>`, NUL bytes are padding (some downloads pad the file so): no content.
    let padding = blank.union([0x00])
    var pieceStart = start
    // Whether a `</OFX>` closed the last answer and nothing has started another since.
    var closed = false
    while pieceStart < bytes.count {
      let tag = bytes[pieceStart...].firstIndex(of: UInt8(ascii: "<"))
      if closed,
        let text = bytes[pieceStart..<(tag ?? bytes.count)].firstIndex(where: { !padding.contains($0) })
      {
        closed = false
        answerStarts.append(text)
      }
      guard let tag else {
        pieces.append(unit(from: pieceStart, to: bytes.count))
        break
      }
      let tagEnd = markupEnd(at: tag)
      let isMarkup = Self.isMarkup(bytes[tag...])
      let name = isMarkup ? "" : Self.ofxTagName(bytes[(tag + 1)...])
      if !isMarkup {
        if closed && name != "/OFX" { answerStarts.append(tag) }
        closed = name == "/OFX"
      }
      if name == "STATUS" {
        let (end, endsAtNext) = statusEnd(after: tagEnd + 1)
        addPiece(from: pieceStart, to: end, endsAtNext: endsAtNext, isUnit: false)
        pieceStart = end + 1
        continue
      }
      guard name == "STMTTRN" || name == "STMTTRNP" else {
        if name == "CURDEF" || name == "BALAMT" || name == "DTSTART" { statementTags.insert(positions[tag]) }
        pieces.append(unit(from: pieceStart, to: tagEnd))
        pieceStart = tagEnd + 1
        continue
      }
      let closing = "/" + name
      var end = bytes.count
      var next = bytes.count
      var endsAtNext = false
      var offset = tagEnd + 1
      while offset < bytes.count, let inner = bytes[offset...].firstIndex(of: UInt8(ascii: "<")) {
        let innerEnd = markupEnd(at: inner)
        let name = Self.isMarkup(bytes[inner...]) ? "" : Self.ofxTagName(bytes[(inner + 1)...])
        if name == "STMTTRN" || name == "STMTTRNP" {
          end = inner - 1
          endsAtNext = true
          next = inner
          break
        }
        if name == closing {
          end = innerEnd
          next = innerEnd + 1
          break
        }
        offset = innerEnd + 1
      }
      // An element ended by the next one's tag has that tag's `<` looked at too: it counts.
      addPiece(from: pieceStart, to: end, endsAtNext: endsAtNext, isUnit: true)
      pieceStart = next
    }
    closesOFX = closed
  }

  /// Where the tags of a `STATUS` end, from just after its opening tag: the last byte of its
  /// `</STATUS>`; or the byte before the first tag that ends a status left open (then the
  /// decoder looked at that tag to know): one a status never holds (a statement, a
  /// transaction, `DTSERVER`, another `STATUS`, …), or a closing tag of an element the status
  /// did not open; or the end. Any other tag (`CODE`, `SEVERITY`, `MESSAGE`, an extension) is
  /// the status's.
  private func statusEnd(after start: Int) -> (end: Int, endsAtNext: Bool) {
    let own: Set<String> = ["CODE", "/CODE", "SEVERITY", "/SEVERITY", "MESSAGE", "/MESSAGE"]
    let ending: Set<String> = [
      "STATUS", "OFX", "DTSERVER", "STMTRS", "CCSTMTRS", "INVSTMTRS", "STMTENDRS", "CCSTMTENDRS", "STMTTRN",
      "STMTTRNP", "BANKTRANLIST", "BANKTRANLISTP", "CLTCOOKIE",
    ]
    var opened: [String] = []
    var offset = start
    while offset < bytes.count, let tag = bytes[offset...].firstIndex(of: UInt8(ascii: "<")) {
      let end = markupEnd(at: tag)
      if Self.isMarkup(bytes[tag...]) {
        offset = end + 1
        continue
      }
      let name = Self.ofxTagName(bytes[(tag + 1)...])
      if name == "/STATUS" { return (end, false) }
      if !own.contains(name) {
        if ending.contains(name) { return (tag - 1, true) }
        if name.hasPrefix("/") {
          guard let index = opened.lastIndex(of: String(name.dropFirst())) else { return (tag - 1, true) }
          opened.removeSubrange(index...)
        } else {
          opened.append(name)
        }
      }
      offset = end + 1
      // A value's CDATA section is read with it, whatever it holds.
      if offset < bytes.count, let next = bytes[offset...].firstIndex(of: UInt8(ascii: "<")),
        bytes[next...].starts(with: Self.cdata)
      {
        offset = markupEnd(at: next) + 1
      }
    }
    return (bytes.count, false)
  }

  private static let comment = Array("<!--".utf8)
  private static let cdata = Array("<![CDATA[".utf8)

  /// Whether the bytes start a comment or a CDATA section, which the OFX decoder skips whole.
  private static func isMarkup(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.starts(with: comment) || bytes.starts(with: cdata)
  }

  /// The last byte of the tag, comment or CDATA section whose `<` is at `tag`: its `>`, its
  /// `-->` or its `]]>` (looked for after the opening), or the last byte of the input.
  private func markupEnd(at tag: Int) -> Int {
    let (from, closing): (Int, [UInt8]) =
      if bytes[tag...].starts(with: Self.comment) {
        (tag + Self.comment.count, Array("-->".utf8))
      } else if bytes[tag...].starts(with: Self.cdata) {
        (tag + Self.cdata.count, Array("]]>".utf8))
      } else {
        (tag, [UInt8(ascii: ">")])
      }
    var offset = from
    while offset + closing.count <= bytes.count {
      if bytes[offset..<(offset + closing.count)].elementsEqual(closing) { return offset + closing.count - 1 }
      offset += 1
    }
    return bytes.count
  }

  /// Adds a piece that ends at `end`, a unit too when `isUnit`. When the piece ends where the
  /// next one's first byte shows it ends (`endsAtNext`: an OFX element at the next one's tag, a
  /// QIF record at a `!` line), its decoder looked at that byte, and it counts against the
  /// limit.
  private mutating func addPiece(from start: Int, to end: Int, endsAtNext: Bool, isUnit: Bool) {
    let piece = unit(from: start, to: end)
    pieces.append(endsAtNext && end + 1 < bytes.count ? piece.peeking() : piece)
    if isUnit { units.append(piece) }
  }

  // MARK: QIF

  /// The pieces a QIF file is read in, for the limit of a record, one after the other from the
  /// first byte: blank bytes (line feeds, carriage returns, spaces, tabs), then a `!` line, or
  /// a record: its lines to the end of its `^` line, or to the line before a `!` line, or to
  /// the end. A line ends with a line feed, a carriage return and a line feed, or a carriage
  /// return alone (whose decoder looks at the next byte to know it is alone: at the end of a
  /// piece, that byte counts). A `!Type:` line names the section (`Bank`, `CCard`, `Cash`,
  /// `Oth A` and `Oth L` hold transactions; `Invst`, `Cat`, `Class`, `Memorized`, `Security`,
  /// `Prices` and `Invoice` lists), `!Account` starts a list, `!Option:` and `!Clear:` lines
  /// change nothing, and any other `!` line names no section: it must get an issue, and the
  /// records after it are in none. The records of sections of transactions are the units.
  private mutating func findQIFRecords(from start: Int) {
    let blank: Set<UInt8> = [0x0A, 0x0D, 0x20, 0x09]
    var pieceStart = start
    var inTransactions = false
    /// The last byte of the line that holds `from`: its line feed, or its carriage return when
    /// no line feed follows it; or the end.
    func lineEnd(_ from: Int) -> Int {
      guard let end = bytes[from...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else {
        return bytes.count
      }
      return bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A ? end + 1 : end
    }
    /// Whether the decoder looked past a piece ending at `end` to know its line ended: a
    /// carriage return alone, with a byte after it.
    func peeksPast(_ end: Int) -> Bool { end < bytes.count && bytes[end] == 0x0D && end + 1 < bytes.count }
    let transactionTypes: Set<String> = ["BANK", "CCARD", "CASH", "OTH A", "OTH L"]
    let listTypes: Set<String> = ["INVST", "CAT", "CLASS", "MEMORIZED", "SECURITY", "PRICES", "INVOICE"]
    while pieceStart < bytes.count {
      var offset = pieceStart
      while offset < bytes.count, blank.contains(bytes[offset]) { offset += 1 }
      guard offset < bytes.count else {
        pieces.append(unit(from: pieceStart, to: bytes.count))
        return
      }
      if bytes[offset] == UInt8(ascii: "!") {
        let end = lineEnd(offset)
        var text = bytes[offset..<end]
        while let last = text.last, [0x20, 0x09, 0x0D, 0x0A].contains(last) { text = text.dropLast() }
        let line = String(decoding: text, as: UTF8.self).uppercased()
        var type = line.hasPrefix("!TYPE:") ? line.dropFirst(6) : ""
        while type.first == " " { type = type.dropFirst() }
        while type.last == " " { type = type.dropLast() }
        if line.hasPrefix("!OPTION:") || line.hasPrefix("!CLEAR:") {
          // Changes nothing.
        } else if transactionTypes.contains(String(type)) {
          inTransactions = true
        } else if listTypes.contains(String(type)) || line == "!ACCOUNT" {
          inTransactions = false
        } else {
          inTransactions = false
          unknownHeaders.append(positions[offset])
        }
        let piece = unit(from: pieceStart, to: end)
        pieces.append(peeksPast(end) ? piece.peeking() : piece)
        pieceStart = end + 1
        continue
      }
      var end = bytes.count
      var next = bytes.count
      var endsAtNext = false
      var lineStart = offset
      var isTransfer = false
      while lineStart < bytes.count {
        if bytes[lineStart] == UInt8(ascii: "L"),
          bytes[(lineStart + 1)...].first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "[")
        {
          isTransfer = true
        }
        if bytes[lineStart] == UInt8(ascii: "!") {
          end = lineStart - 1
          endsAtNext = true
          next = lineStart
          break
        }
        let lineFeed = lineEnd(lineStart)
        if bytes[lineStart] == UInt8(ascii: "^") {
          end = lineFeed
          next = lineFeed + 1
          endsAtNext = peeksPast(lineFeed)
          break
        }
        lineStart = lineFeed + 1
      }
      // A record ended by a `!` line has that `!` looked at too: it counts; and so does the
      // byte after a `^` line that ends with a carriage return alone.
      addPiece(from: pieceStart, to: end, endsAtNext: endsAtNext, isUnit: inTransactions)
      if inTransactions && isTransfer { transfers.insert(units.count - 1) }
      pieceStart = next
    }
  }

  // MARK: JSON

  /// The elements of the top-level array, up to the first thing that is not `[`, an element
  /// that starts with `{`, a separator or `]`. Inside an element only strings and nesting are
  /// followed. A first byte that is not `[`, and a first byte after the closing `]` that is not
  /// whitespace, are units of one byte: the issue must be right there.
  private mutating func findElements(from start: Int) {
    var offset = skipJSONWhitespace(from: start)
    guard offset < bytes.count else { return }
    guard bytes[offset] == UInt8(ascii: "[") else {
      add(from: offset, to: offset)
      return
    }
    offset = skipJSONWhitespace(from: offset + 1)
    if offset < bytes.count, bytes[offset] != UInt8(ascii: "{") {
      if bytes[offset] == UInt8(ascii: "]") { addTrailingText(after: offset) }
      return
    }
    while offset < bytes.count, bytes[offset] == UInt8(ascii: "{") {
      guard let end = elementEnd(from: offset) else {
        add(from: offset, to: bytes.count)
        return
      }
      add(from: offset, to: end)
      offset = skipJSONWhitespace(from: end + 1)
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: ",") else {
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { addTrailingText(after: offset) }
        return
      }
      offset = skipJSONWhitespace(from: offset + 1)
    }
  }

  /// The first byte after the array's closing bracket that is not whitespace, if any.
  private mutating func addTrailingText(after closer: Int) {
    let offset = skipJSONWhitespace(from: closer + 1)
    if offset < bytes.count { add(from: offset, to: offset) }
  }

  private func skipJSONWhitespace(from start: Int) -> Int {
    var offset = start
    while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    return offset
  }

  /// The offset of the byte that closes the element starting at `start`, or `nil`.
  private func elementEnd(from start: Int) -> Int? {
    var depth = 0
    var offset = start
    while offset < bytes.count {
      switch bytes[offset] {
      case UInt8(ascii: "\""):
        offset += 1
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
          offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1
        }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return offset }
      default:
        break
      }
      offset += 1
    }
    return nil
  }

  // MARK: The check

  /// Whether a CSV problem is one row's, after which the decoder reads the next row.
  private static func isRowProblem(_ syntax: SyntaxProblem) -> Bool {
    switch syntax {
    case .fieldCount, .textAfterClosingQuote, .quoteInUnquotedField, .bareCarriageReturn: true
    default: false
    }
  }

  /// Checks that every record of the input got a record or an issue, and nothing else did.
  ///
  /// Where the input stops being read (a JSON issue of no field that is the last thing
  /// yielded, which may be a syntax error; an issue in the CSV header, or one saying that the
  /// input looks like another format or that a record is longer than the limit, which must
  /// then be the last thing yielded), the units after it need not get anything.
  ///
  /// - Parameters:
  ///   - records: What the source yielded, in order.
  ///   - format: The input's format.
  ///   - name: The source's name, for messages.
  ///   - notes: What a whole reading of the same input yielded, whose notes count the rows a
  ///     bank's export skipped (they come at the end, which a reading cut short never reaches);
  ///     `records` by default.
  func check(_ records: [SourceRecord], format: RecordFormat, name: String, notes: [SourceRecord]? = nil) {
    let notes = notes ?? records
    let (units, linesBeforeHeader) = asRead(notes: notes, format: format)
    units.checkUnits(records, format: format, name: name, notes: notes, linesBeforeHeader: linesBeforeHeader)
  }

  /// The units as the decoder read them, and the lines it skipped before the header: for a
  /// bank's export whose header it found below lines of title, its rows from that header on,
  /// with the header's own delimiter (the lines skipped are none of them); else these.
  ///
  /// - Parameters:
  ///   - notes: What a whole reading of the input yielded, whose note counts those lines.
  ///   - format: The input's format.
  /// - Returns: The units, and the count of lines.
  func asRead(notes: [SourceRecord], format: RecordFormat) -> (units: RecordUnits, linesBeforeHeader: Int) {
    let linesBeforeHeader = Self.linesBeforeHeader(in: notes)
    guard format == .csv, linesBeforeHeader > 0, let below = rows(belowLines: linesBeforeHeader) else {
      return (self, 0)
    }
    return (below, linesBeforeHeader)
  }

  /// The lines a bank's export skipped before its header, as its note counts them (the first
  /// line that is not empty included).
  ///
  /// - Parameter records: What the source yielded.
  /// - Returns: The count; 0 when the header was the first line.
  static func linesBeforeHeader(in records: [SourceRecord]) -> Int {
    records.reduce(0) { count, record in
      guard case .note(let note) = record, let export = note.base as? ExportNote,
        case .rowsSkipped(let rows) = export.kind
      else { return count }
      return count + rows.beforeHeader
    }
  }

  /// CSV: the header and rows of a bank's export whose header is below `count` lines after the
  /// first row that is not empty (the note of lines skipped before the header counts that
  /// first row too, line breaks in its quoted fields or not), or `nil` when the input has fewer
  /// lines.
  private func rows(belowLines count: Int) -> RecordUnits? {
    guard let offset = CSVHeader.offset(ofLineBelow: count, in: bytes, from: textStart) else { return nil }
    var below = self
    below.delimiter = CSVHeader(Array(bytes[offset...])).delimiter
    below.header = nil
    below.units = []
    below.findRows(from: offset, startsAtHeader: true)
    return below
  }

  /// ``check(_:format:name:notes:)`` on these units; `linesBeforeHeader` lines counted in a
  /// note are not among them.
  private func checkUnits(
    _ records: [SourceRecord], format: RecordFormat, name: String, notes: [SourceRecord],
    linesBeforeHeader: Int
  ) {
    var counts = [Int](repeating: 0, count: units.count)
    var valid = [Bool](repeating: false, count: units.count)
    var cutoff: TextPosition?
    var namedHeaders: Set<TextPosition> = []
    for (index, record) in records.enumerated() {
      guard let anchor = record.anchor else { continue }
      // A JSON syntax error ends decoding, so it can only be the last thing yielded. Other
      // issues with no field (a duplicate or badly encoded extra key) are problems of one
      // record: reading goes on, and they must fall inside a record like any other issue.
      var isSyntax = false
      if case .invalid(let issue) = record, issue.field == nil, format == .json, index == records.count - 1 {
        isSyntax = true
        if cutoff == nil { cutoff = anchor }
      }
      // An input whose start looks like another format stops at that one issue, in every format.
      if case .invalid(let issue) = record, case .syntax(.looksLike)? = issue.readingProblem {
        require(
          index == records.count - 1,
          "\(name): the input looks like another format at \(anchor), yet goes on: \(shown(records))")
        if cutoff == nil { cutoff = anchor }
      }
      // A record longer than the limit ends the input, in every format; it may be a line that
      // holds no record (NDJSON's blank lines and CSV's empty ones are limited too).
      if case .invalid(let issue) = record, case .syntax(.recordTooLong)? = issue.readingProblem {
        require(
          index == records.count - 1,
          "\(name): a record longer than the limit at \(anchor), yet the input goes on: \(shown(records))")
        isSyntax = true
        if cutoff == nil { cutoff = anchor }
      }
      // Dates of a bank's export that fit two layouts are a problem of the whole file, found
      // before any row is read (at the first date that shows it): like a header's, it ends the
      // input, and no row is read, before it or after it. So are the other questions the rows
      // raise as the reading is decided (signs, decimal marks, fees: at the first value that
      // shows them), and a question about the text's code page, at the first byte that reads
      // two ways.
      if case .invalid(let issue) = record, case .syntax(let syntax)? = issue.readingProblem,
        {
          // The questions the rows raise; those of the header are the header's problems.
          switch syntax {
          case .asks(.datesFitLayouts), .asks(.datesInSeveralLayouts), .asks(.signsUntold),
            .asks(.decimalMarksDisagree), .asks(.encodingsFit), .asks(.feesUntold):
            true
          default: false
          }
        }()
      {
        // Only the lines before the header that start with a bare carriage return, which the
        // decoder skips with an issue each, and the notes of what was read before the problem
        // (the text's encoding, rows skipped), may come first.
        let skippedLines = records[..<index].allSatisfy {
          if case .invalid(let issue) = $0 {
            issue.readingProblem == .syntax(.bareCarriageReturn)
          } else if case .note = $0 {
            true
          } else {
            false
          }
        }
        require(
          skippedLines && index == records.count - 1,
          "\(name): dates that fit two layouts at \(anchor), yet other records or issues: \(shown(records))")
        // A question about the text's code page is at the first byte that reads two ways,
        // wherever it is: a line before the header, the header itself, or a row. One about the
        // header (its first line is a transaction; two columns may hold the amount) is in it.
        let asksCodePage = {
          if case .syntax(.asks(.encodingsFit))? = issue.readingProblem { true } else { false }
        }()
        require(
          asksCodePage || (units + pieces + (header.map { [$0] } ?? [])).contains { $0.contains(anchor) },
          "\(name): dates that fit two layouts at \(anchor), which is in no row: \(shown(records))")
        return
      }
      // A file that is not OFX or QIF at all is one issue at its start, and nothing more.
      if case .invalid(let issue) = record,
        issue.readingProblem == .syntax(.notOFX) || issue.readingProblem == .syntax(.notQIF)
          || {
            if case .syntax(.looksLike(_, .notOFX))? = issue.readingProblem { return true }
            if case .syntax(.looksLike(_, .notQIF))? = issue.readingProblem { return true }
            return false
          }()
      {
        require(
          index == 0 && records.count == 1,
          "\(name): an input that is not \(format) at \(anchor), yet other records or issues: \(shown(records))"
        )
        return
      }
      // A QIF `!` line that names no section: an issue at that line, which is in no record.
      if case .invalid(let issue) = record, case .syntax(.unknownQIFHeader)? = issue.readingProblem {
        require(
          unknownHeaders.contains(anchor),
          "\(name): an unknown QIF header at \(anchor), where no such line starts: \(shown(records))")
        namedHeaders.insert(anchor)
        continue
      }
      // A FITID met again in its account, found only when its statement named its account after
      // the transaction: where the account is named, after the transaction, which was read.
      if case .invalid(let issue) = record,
        case .repeatedTransaction(_, _, let transaction?)? = issue.readingProblem
      {
        require(
          // Placed as any OFX record is: in a unit that starts at or before it (a unit starts
          // after the piece before it, which may end before the transaction's own tag).
          format == .ofx && units.contains { $0.start <= transaction && transaction <= $0.end }
            && transaction <= anchor,
          "\(name): a FITID met again at \(anchor), for a transaction at \(transaction) that is none, or after it: "
            + "\(shown(records))")
        continue
      }
      // A statement's own issue (two currencies, balances that do not add up): at its `CURDEF`
      // or its `BALAMT`, in no transaction; the reading goes on.
      if case .invalid(let issue) = record,
        {
          switch issue.readingProblem {
          case .mixedCurrencies?, .balanceDisagrees?, .repeatedStatement?: true
          default: false
          }
        }()
      {
        require(
          format == .ofx && statementTags.contains(anchor),
          "\(name): a statement's issue at \(anchor), where no CURDEF, BALAMT or DTSTART is: \(shown(records))"
        )
        continue
      }
      // An OFX statement cut off before `</OFX>`: one issue where the input ends, the last.
      if case .invalid(let issue) = record, case .syntax(.endsBeforeClosingTag)? = issue.readingProblem {
        require(
          format == .ofx && !closesOFX && index == records.count - 1 && anchor == positions[bytes.count],
          "\(name): a statement cut off at \(anchor), yet it closes, or goes on: \(shown(records))")
        continue
      }
      // A line before the header that starts with a carriage return alone is skipped with an
      // issue at it, whichever header is then found below it: it is no row, and reported.
      if case .invalid(let issue) = record, case .syntax(.bareCarriageReturn)? = issue.readingProblem,
        anchor.column == 1, let header, anchor < header.start, !units.contains(where: { $0.contains(anchor) })
      {
        continue
      }
      if let header, header.contains(anchor) {
        require(
          index == records.count - 1,
          "\(name): the CSV header has an issue at \(anchor), yet the input goes on: \(shown(records))")
        cutoff = header.start
        continue
      }
      // In OFX and QIF a unit runs on to where the next starts, and a last byte that continues a
      // UTF-8 character has the position of the next unit's first: a record is placed by its
      // start (an issue's record start), in the last unit that starts at or before it.
      var placed: Int?
      if format == .ofx || format == .qif {
        var place = anchor
        if case .invalid(let issue) = record, let start = issue.recordStart { place = start }
        placed = units.lastIndex(where: { $0.start <= place && place <= $0.end })
      } else {
        placed = units.firstIndex(where: { $0.contains(anchor) })
      }
      guard let unit = placed else {
        require(
          isSyntax,
          "\(name): record \(index) at \(anchor) is outside every record of the input: \(shown(record))")
        continue
      }
      counts[unit] += 1
      if record.transaction != nil { valid[unit] = true }
    }
    // Every `!` line that names no section is named, unless the input stopped before it.
    for position in unknownHeaders where !namedHeaders.contains(position) {
      require(
        cutoff.map { position >= $0 } ?? false,
        "\(name): the QIF header at \(position) names no section, yet nothing says so: \(shown(records))")
    }
    // A statement that never closes its OFX element ends with an issue that says so, or another
    // end that stops it first (a transaction not closed, a record over the limit, a refusal,
    // an input that is no statement): never as if it were whole.
    if format == .ofx && hasText && !closesOFX {
      let ended: Bool
      switch records.last {
      case .unavailable?, .missing?: ended = true
      case .invalid(let issue)?:
        switch issue.readingProblem {
        case .syntax(.endsBeforeClosingTag)?, .syntax(.unterminatedElement)?, .syntax(.recordTooLong)?,
          .syntax(.notOFX)?, .syntax(.looksLike)?:
          ended = true
        default: ended = false
        }
      default: ended = false
      }
      require(ended, "\(name): a statement without </OFX> is read as whole: \(shown(records))")
    }
    // A CSV problem that ends the input (a header's, past lines before it; a quote never
    // closed) ends it wherever it is.
    if format == .csv, case .invalid(let issue)? = records.last, let position = issue.position,
      case .syntax(let syntax)? = issue.readingProblem, !Self.isRowProblem(syntax), cutoff == nil
    {
      cutoff = position
    }
    // A bank's export whose header breaks the input after lines before it: the decoder notes
    // the lines it skipped, gives the header's problem, and nothing else. Whatever the
    // problem (a row's syntax too, in the header's line), nothing after it is read.
    let skippedBeforeHeader = records.contains { record in
      guard case .note(let note) = record, let export = note.base as? ExportNote,
        case .rowsSkipped(let rows) = export.kind
      else { return false }
      return rows.beforeHeader > 0
    }
    if format == .csv, skippedBeforeHeader, cutoff == nil,
      !records.contains(where: { if case .transaction = $0 { true } else { false } }),
      records.filter({ $0.anchor != nil }).count == 1, case .invalid(let issue)? = records.last,
      let position = issue.position
    {
      cutoff = position
    }
    // A bank's export whose first word is a problem that ends the input (a header found below
    // lines of title, then too long or malformed) was still looking for its header: the lines
    // before that problem are none of its rows.
    var headerSearchEnd: TextPosition?
    if format == .csv, case .invalid(let issue)? = records.first(where: { $0.anchor != nil }),
      let position = issue.position, case .syntax(let syntax)? = issue.readingProblem,
      !Self.isRowProblem(syntax)
    {
      headerSearchEnd = position
    }
    let lastAnchor = records.last?.anchor
    // Rows a bank's export skips as not transactions are counted in its note: as many units
    // may get nothing (the note counts lines before the header and empty rows too, which are
    // fewer units or none).
    var skippable =
      notes.reduce(0) { count, record in
        guard case .note(let note) = record, let export = note.base as? ExportNote,
          case .rowsSkipped(let rows) = export.kind
        else { return count }
        return count + rows.total
      } - linesBeforeHeader
    // A QIF account's opening balance (its first record, a transfer to the account itself) is
    // skipped, counted in a note: as many units whose category is a transfer may get nothing.
    var openingBalances = notes.reduce(0) { count, record in
      guard case .note(let note) = record, let statement = note.base as? StatementNote,
        case .openingBalancesSkipped(_, let skipped, _) = statement
      else { return count }
      return count + skipped
    }
    // A bank's refusal (an OFX status of severity ERROR) makes the whole source unavailable:
    // nothing after it is read, and nothing of it is shown.
    var refusedAfter: TextPosition?
    if case .unavailable = records.last {
      refusedAfter = records.dropLast().last?.anchor ?? TextPosition(line: 1, column: 1)
    }
    for (index, unit) in units.enumerated() {
      require(
        !valid[index] || counts[index] == 1,
        "\(name): the record at \(unit.start) is valid, yet has \(counts[index]) records and issues")
      guard counts[index] == 0 else { continue }
      var isRequired = true
      if let cutoff {
        isRequired = unit.start <= cutoff || (lastAnchor.map { unit.start < $0 } ?? false)
      }
      if let refusedAfter { isRequired = isRequired && unit.start <= refusedAfter }
      if let headerSearchEnd, unit.end < headerSearchEnd { isRequired = false }
      if isRequired && skippable > 0 {
        skippable -= 1
        continue
      }
      if isRequired && openingBalances > 0 && transfers.contains(index) {
        openingBalances -= 1
        continue
      }
      require(
        !isRequired,
        "\(name): the record from \(unit.start) to \(unit.end) is silently dropped: nothing names it")
    }
  }
}
