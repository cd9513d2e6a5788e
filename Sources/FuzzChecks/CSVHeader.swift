import BankReading

/// A CSV input's header as the record checks read it, without the decoder: its delimiter, and
/// whether it is the native header or a bank's.
///
/// Read by the rules the README gives, written again here: the header is the first line that
/// is not empty (after a byte order mark), up to a carriage return alone if one comes first; it
/// is native when a column is named exactly `group` once split at the one of comma, semicolon
/// and tab that appears most often outside quotes (a comma on a tie), which is then its
/// delimiter; a bank's header is split where its names prove a date, a description and an
/// amount (the reading's rule, ``CSVReading/header(of:options:)``); a bank's export has a group column when a name is `group` in any
/// case, spaces around it or a note in parentheses after it.
struct CSVHeader {
  /// The byte between fields.
  var delimiter = UInt8(ascii: ",")
  /// Whether the header names the native `group` column: not when the input has no line that
  /// is not empty (only line breaks, a carriage return alone included), which the decoder reads
  /// as a bank's export, its text converted by the first line break (``CSVText``).
  var isNative = false
  /// Whether a bank's export has a group column.
  var hasGroupColumn = false
  /// Whether the input speaks of pending transactions anywhere (a word such as `pending` or
  /// `vorgemerkt`, in any case): then a bank's rows may be Authorized by a section's title or a
  /// marker in their date column, which the record checks do not follow.
  var speaksOfPending = false
  /// Whether the header's first line holds it whole: not when a quote is left open at its
  /// end (a name holding a line break), which this reading does not follow; the values of such
  /// an input are not read back.
  var isReadable = true

  /// Reads the header of a bank's export that the decoder found below lines of title: the
  /// line `count` lines below the first that is not empty, with the whole input's words of
  /// pending transactions; or the first line when the input has fewer lines, or its first line
  /// leaves a quote open (the decoder then reads on past its line break).
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - count: The lines before the header, as the decoder's note counts them.
  init(_ bytes: [UInt8], belowLines count: Int) {
    self.init(bytes)
    guard count > 0, let offset = Self.offset(ofLineBelow: count, in: bytes, from: 0) else { return }
    let speaksOfPending = self.speaksOfPending
    self.init(Array(bytes[offset...]))
    self.speaksOfPending = speaksOfPending
  }

  /// The offset of the line `count` lines below the first row that is not empty (and does not
  /// start with a carriage return), as the decoder counts the lines it skipped before a header:
  /// the first row whole (a quote that opens a field holds line breaks until it closes), then
  /// lines; `nil` when there are fewer.
  ///
  /// - Parameters:
  ///   - count: How many lines down.
  ///   - bytes: The input.
  ///   - start: Where its text starts.
  /// - Returns: The offset of that line's first byte.
  static func offset(ofLineBelow count: Int, in bytes: [UInt8], from start: Int) -> Int? {
    guard count > 0 else { return start }
    guard
      var offset = firstRow(
        in: bytes, from: start == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : start)
    else { return nil }
    let delimiter = CSVHeader(Array(bytes[offset...])).delimiter
    // The first row: a quote opens a quoted field only at a field's start.
    offset = rowEnd(of: bytes, from: offset, delimiter: delimiter)
    guard offset < bytes.count else { return nil }
    offset += 1
    for _ in 1..<count {
      guard let lineFeed = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      offset = lineFeed + 1
    }
    return offset
  }

  /// The offset of the first row at or after `start` that the decoder may read as a header:
  /// past empty lines and lines that start with a carriage return (skipped, those with an
  /// issue each); the end of the input when there is none, `nil` when such a line has no line
  /// feed after it.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - start: Where to look from: the start of a line.
  /// - Returns: The offset of that row's first byte.
  static func firstRow(in bytes: [UInt8], from start: Int) -> Int? {
    var offset = start
    while offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") || bytes[offset] == UInt8(ascii: "\r") {
      guard let lineFeed = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      offset = lineFeed + 1
    }
    return offset
  }

  /// The offset of the line feed that ends the row starting at `start`, or the end of the
  /// input (RFC 4180: a quote opens a quoted field only at a field's start; `""` inside it is a
  /// quote; a quote never closed runs to the end).
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - start: Where the row starts.
  ///   - delimiter: The byte between fields.
  /// - Returns: The offset.
  static func rowEnd(of bytes: [UInt8], from start: Int, delimiter: UInt8) -> Int {
    var offset = start
    var isFieldStart = true
    while offset < bytes.count {
      let byte = bytes[offset]
      if isFieldStart && byte == UInt8(ascii: "\"") {
        offset += 1
        while offset < bytes.count {
          if bytes[offset] == UInt8(ascii: "\"") {
            if offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "\"") {
              offset += 2
              continue
            }
            break
          }
          offset += 1
        }
        if offset >= bytes.count { return bytes.count }
        offset += 1
        isFieldStart = false
        continue
      }
      switch byte {
      case UInt8(ascii: "\n"): return offset
      case delimiter: isFieldStart = true
      default: isFieldStart = false
      }
      offset += 1
    }
    return bytes.count
  }

  /// Reads the header of an input.
  ///
  /// - Parameter bytes: The input.
  init(_ bytes: [UInt8]) {
    let lowered = String(decoding: bytes, as: UTF8.self).lowercased()
    speaksOfPending = ["pend", "author", "uncleared", "vorgemerkt", "varaus", "attente", "sospeso", "reserv"]
      .contains { lowered.contains($0) }
    var rest = bytes[...]
    if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
    var line = rest.prefix { $0 != UInt8(ascii: "\n") }
    // The decoder skips empty lines (carriage returns at most), and tells the header by the
    // first text between line breaks, a carriage return alone included.
    while line.allSatisfy({ $0 == UInt8(ascii: "\r") }) {
      guard line.endIndex < rest.endIndex else { return }
      rest = rest[(line.endIndex + 1)...]
      line = rest.prefix { $0 != UInt8(ascii: "\n") }
    }
    // A first line that starts with a carriage return alone and names `group` after it: the
    // decoder takes the file as native, so it converts none of its line breaks. Whatever it
    // names, the decoder then skips each line that starts with a carriage return alone, with an
    // issue for it, and reads its header further down, on the first line that is neither empty
    // nor starts so: the header's delimiter and group column are that line's. When the first
    // line names `group`, this reading does not follow the values there: the values of such an
    // input are not read back.
    let startsWithCarriageReturn = line.first == UInt8(ascii: "\r")
    let headerBelow = startsWithCarriageReturn ? Self.firstRow(in: bytes, from: rest.startIndex) : nil
    line = line.split(separator: UInt8(ascii: "\r")).first ?? line
    var counts: [UInt8: Int] = [:]
    var quoted = false
    // The decoder looks at the first 64 KiB of the line for its delimiter.
    for byte in line.prefix(1 << 16) {
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      if !quoted { counts[byte, default: 0] += 1 }
    }
    isReadable = !line.reduce(false) { quotedSoFar, byte in
      byte == UInt8(ascii: "\"") ? !quotedSoFar : quotedSoFar
    }
    let count = { (byte: Character) in counts[UInt8(ascii: byte.unicodeScalars.first ?? ","), default: 0] }
    if count(";") > count(",") { delimiter = UInt8(ascii: ";") }
    if count("\t") > counts[delimiter, default: 0] { delimiter = UInt8(ascii: "\t") }
    let names = Self.fields(of: line, delimiter: delimiter)
    isNative = names.contains("group")
    // A bank's header is split where its names prove the columns of a date, a description and
    // an amount, whatever the counts say; that rule is the reading's own, tested with it.
    var bankNames = names
    if !isNative, case .success(let header) = CSVReading.header(of: line, options: ReadingOptions()) {
      delimiter = header.delimiter.value.byte
      bankNames = header.names
    }
    hasGroupColumn = bankNames.contains { Self.normalized($0) == "group" }
    if startsWithCarriageReturn {
      guard let headerBelow else {
        isReadable = false
        return
      }
      let below = CSVHeader(Array(bytes[headerBelow...]))
      delimiter = below.delimiter
      hasGroupColumn = below.hasGroupColumn
      // The text is converted by what the first line names, the rows read by what the header
      // names: where either names `group`, the values are not read back.
      if isNative || below.isNative || !below.isReadable { isReadable = false }
    }
  }

  /// The fields of a line, read leniently: quotes around a field removed, a quote written twice
  /// inside them one quote.
  private static func fields(of line: ArraySlice<UInt8>, delimiter: UInt8) -> [String] {
    var fields: [String] = []
    var field: [UInt8] = []
    var quoted = false
    var index = line.startIndex
    while index < line.endIndex {
      let byte = line[index]
      index += 1
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if index < line.endIndex, line[index] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 1
          } else {
            quoted = false
          }
        } else {
          field.append(byte)
        }
      } else if byte == UInt8(ascii: "\"") {
        quoted = true
      } else if byte == delimiter {
        fields.append(String(decoding: field, as: UTF8.self))
        field = []
      } else if byte != UInt8(ascii: "\r") {
        field.append(byte)
      }
    }
    fields.append(String(decoding: field, as: UTF8.self))
    return fields
  }

  /// A name in lower case, without a note in parentheses at its end, spaces, underscores and
  /// hyphens made one space.
  private static func normalized(_ name: String) -> String {
    var text = name.lowercased()
    if text.hasSuffix(")"), let open = text.lastIndex(of: "(") { text = String(text[..<open]) }
    return text.split(whereSeparator: { " _-\t".contains($0) }).joined(separator: " ")
  }
}
