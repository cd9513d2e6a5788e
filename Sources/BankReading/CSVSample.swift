import ByteWords
import UseCases

/// The first rows of a bank's CSV export, read leniently, from which its date layout, decimal
/// mark, signs and the shape of its rows are told.
///
/// The rows are the bytes after the header as far as ``size``, the same bytes whatever the size
/// of the chunks the file is read in, so that a file is read the same way on every machine.
package struct CSVSample: Sendable {
  /// How many bytes after the header are looked at: 1 MiB, some ten thousand rows, all of most
  /// exports.
  package static let size = 1 << 20

  /// One field of a row: its text as written (quotes removed) and where it starts.
  package struct Field: Sendable {
    /// The text.
    package var text: String
    /// Where its first character is.
    package var position: TextPosition
    /// Whether it is written in quotes: a delimiter inside it is part of it.
    package var quoted: Bool

    /// Creates a field.
    package init(text: String, position: TextPosition, quoted: Bool = false) {
      self.text = text
      self.position = position
      self.quoted = quoted
    }
  }

  /// The rows read, in input order, each the fields it has.
  package var rows: [[Field]] = []
  /// Whether the rows are every row of the file, not only its first.
  package var isWholeFile = true

  /// Creates a sample of the given rows, as tests write them.
  ///
  /// - Parameters:
  ///   - rows: The rows.
  ///   - isWholeFile: Whether they are every row of the file.
  package init(rows: [[Field]] = [], isWholeFile: Bool = true) {
    self.rows = rows
    self.isWholeFile = isWholeFile
  }

  /// The values of the rows of `bytes`, read leniently (quotes, doubled quotes, line breaks in
  /// quotes) with the file's delimiter.
  ///
  /// - Parameters:
  ///   - bytes: The bytes after the header, as far as ``size``.
  ///   - start: The position of their first byte.
  ///   - delimiter: The file's delimiter.
  ///   - complete: Whether `bytes` run to the end of the input (else the last row, which may be
  ///     cut, is left out).
  package init(of bytes: [UInt8], from start: TextPosition, delimiter: UInt8, complete: Bool) {
    isWholeFile = complete
    var line = start.line
    var column = start.column
    var field: [UInt8] = []
    var fieldStart = start
    var quoted = false
    var row: [Field] = []
    var index = 0
    var atFieldStart = true
    var fieldQuoted = false
    func endField() {
      row.append(
        Field(text: String(decoding: field, as: UTF8.self), position: fieldStart, quoted: fieldQuoted))
      field.removeAll(keepingCapacity: true)
      fieldQuoted = false
    }
    func endRow() {
      // Empty lines hold no row.
      let width = row.count
      if !(width == 1 && row[0].text.isEmpty) { rows.append(row) }
      // Room for as many fields as this row had: rows of an export are alike, and an array
      // grown field by field is copied each time it doubles.
      row = []
      row.reserveCapacity(width)
    }
    // The bytes from `index` on up to the first that ends a run (a byte the loop below looks
    // at by itself), taken into the field at once, with the columns they move: found eight
    // bytes at a time (`stops` marks the bytes of a word that end it), the last few one by one.
    func takeRun(stops: (UInt64) -> UInt64, endingAt ends: (UInt8) -> Bool) {
      var end = index
      var columns = 0
      bytes.withUnsafeBufferPointer { bytes in
        while end &+ 8 <= bytes.count {
          let word = UInt64(wordAt: end, of: bytes)
          let stop = stops(word)
          let run = word.plainRun(stops: stop)
          (end, columns) = (end &+ run.count, columns &+ run.count &- run.continuations)
          if stop != 0 { return }
        }
        while end < bytes.count, !ends(bytes[end]) {
          if bytes[end] & 0xC0 != 0x80 { columns += 1 }
          end += 1
        }
      }
      field.append(contentsOf: bytes[index..<end])
      column += columns
      index = end
    }
    while index < bytes.count {
      let byte = bytes[index]
      if atFieldStart {
        fieldStart = TextPosition(line: line, column: column)
        atFieldStart = false
      }
      index += 1
      if byte & 0xC0 != 0x80 { column += 1 }
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 1
            column += 1
          } else {
            quoted = false
          }
        } else {
          if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
          }
          field.append(byte)
          takeRun(
            stops: { $0.bytes(equalTo: UInt8(ascii: "\"")) | $0.bytes(equalTo: UInt8(ascii: "\n")) },
            endingAt: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") })
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        if field.isEmpty { fieldQuoted = true }
        quoted = true
      case delimiter:
        endField()
        atFieldStart = true
      case UInt8(ascii: "\n"):
        endField()
        endRow()
        line += 1
        column = 1
        atFieldStart = true
      case UInt8(ascii: "\r"):
        break
      default:
        field.append(byte)
        takeRun(
          stops: {
            $0.bytes(equalTo: delimiter) | $0.bytes(equalTo: UInt8(ascii: "\""))
              | $0.bytes(equalTo: UInt8(ascii: "\n")) | $0.bytes(equalTo: UInt8(ascii: "\r"))
          },
          endingAt: {
            $0 == delimiter || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n")
              || $0 == UInt8(ascii: "\r")
          })
      }
    }
    if complete && !(row.isEmpty && field.isEmpty && atFieldStart) {
      endField()
      endRow()
    }
  }

  /// The value of a column in each row that has it, with the row's index.
  package func values(of column: Int) -> [(row: Int, field: Field)] {
    rows.indices.compactMap { index in
      column < rows[index].count ? (index, rows[index][column]) : nil
    }
  }

  /// The fields of a line, read leniently: quotes around a field removed, a quote written twice
  /// inside them one quote, a carriage return left out.
  ///
  /// - Parameters:
  ///   - line: The line, without its line feed.
  ///   - delimiter: The byte between fields.
  /// - Returns: The fields, as written.
  package static func fields(of line: some Collection<UInt8>, delimiter: UInt8) -> [String] {
    var fields: [String] = []
    var field: [UInt8] = []
    var quoted = false
    var afterQuote = false
    for byte in line {
      if quoted {
        if byte == UInt8(ascii: "\"") {
          quoted = false
          afterQuote = true
        } else {
          field.append(byte)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        if afterQuote { field.append(byte) }
        quoted = true
      case delimiter:
        fields.append(String(decoding: field, as: UTF8.self))
        field = []
      case UInt8(ascii: "\r"):
        break
      default:
        field.append(byte)
      }
      afterQuote = false
    }
    fields.append(String(decoding: field, as: UTF8.self))
    return fields
  }

  /// How often each of comma, semicolon and tab stands outside quotes in a line.
  package static func delimiterCounts(in line: some Collection<UInt8>) -> [CSVDelimiter: Int] {
    var counts: [CSVDelimiter: Int] = [:]
    var quoted = false
    for byte in line {
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      guard !quoted else { continue }
      for delimiter in CSVDelimiter.allCases where delimiter.byte == byte {
        counts[delimiter, default: 0] += 1
      }
    }
    return counts
  }

  /// The delimiter a line most likely has, to look at it before a header is known (the native
  /// header, a line that may be a header): the one of comma, semicolon and tab that appears most
  /// often outside quotes; a comma when none does, or on a tie with it. A bank's header is read
  /// by the delimiter its names prove (``CSVReading/delimiter(ofHeader:options:)``).
  package static func likelyDelimiter(of line: some Collection<UInt8>) -> CSVDelimiter {
    let counts = delimiterCounts(in: line)
    var best = CSVDelimiter.comma
    for delimiter in [CSVDelimiter.semicolon, .tab]
    where counts[delimiter, default: 0] > counts[best, default: 0] {
      best = delimiter
    }
    return best
  }
}
