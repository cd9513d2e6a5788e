import Entities
import FileGateways
import UseCases

/// Reads a valid record's group, date, description and amount back from the input bytes,
/// without the decoders, and checks that the transaction holds exactly those values.
///
/// The record's origin says where each value starts. From there this check reads the value as
/// written: an optional opening quote, then the text up to the closing quote (in CSV, a quote
/// written twice is one quote) or, for a value without quotes, up to where the format itself
/// ends it (see ``endsUnquotedValue(_:format:)``). Two kinds of value are not read back: one
/// written with a JSON escape (`\u0033`), which would take a second JSON string decoder, and a
/// CSV description whose quotes hold a line break, as the check reads one line.
struct RawFieldsCheck {
  private let layout: TextLayout
  private let format: RecordFormat
  /// A CSV input's header, as this check reads it, or `nil` for JSON and NDJSON.
  private let header: CSVHeader?
  /// Where each answer of an OFX input starts, and whether its header says its text is
  /// Windows-1252, as this check reads it.
  private let windows1252Answers: [(start: Int, says: Bool)]

  /// Prepares to read values from the input.
  ///
  /// - Parameters:
  ///   - layout: The input's lines.
  ///   - format: The input's format, which says where a value without quotes ends.
  ///   - bytes: The input, whose CSV header says whether it is a bank's export.
  ///   - linesBeforeHeader: The lines a bank's export skipped before its header.
  ///   - answerStarts: Where each answer of an OFX input starts (``RecordUnits/answerStarts``).
  init(
    _ layout: TextLayout, format: RecordFormat, bytes: [UInt8] = [], linesBeforeHeader: Int = 0,
    answerStarts: [Int] = [0]
  ) {
    self.layout = layout
    self.format = format
    header = format == .csv ? CSVHeader(bytes, belowLines: linesBeforeHeader) : nil
    windows1252Answers =
      format == .ofx
      ? answerStarts.map { ($0, Self.ofxSaysWindows1252(Array(bytes[min($0, bytes.count)...]))) } : []
  }

  /// Checks one valid record.
  ///
  /// - Parameters:
  ///   - transaction: What the decoder and validator made of the record.
  ///   - origin: Where its fields are in the input.
  ///   - index: The record's place in what the source yielded, for messages.
  func check(_ transaction: Transaction, origin: RecordOrigin, index: Int) {
    if format == .ofx || format == .qif {
      checkStatement(transaction, origin: origin, index: index)
      return
    }
    if let header, !header.isReadable { return }
    if let header, !header.isNative {
      checkBank(transaction, origin: origin, index: index, header: header)
      return
    }
    if let group = value(at: origin.group, index: index, field: "group") {
      require(
        group == Array(transaction.group.code.utf8),
        "record \(index): the input says group \(shown(String(decoding: group, as: UTF8.self))), "
          + "the transaction \(transaction.group.code)")
    }
    if let date = value(at: origin.date, index: index, field: "date") {
      let written = Self.iso8601(transaction.date)
      require(
        date == Array(written.utf8),
        "record \(index): the input says date \(shown(String(decoding: date, as: UTF8.self))), the transaction \(written)"
      )
    }
    if let description = value(
      at: origin.description, index: index, field: "description", mayHoldLineBreaks: format == .csv)
    {
      require(
        description == Array(transaction.description.utf8),
        "record \(index): the input says description \(shown(String(decoding: description, as: UTF8.self))), "
          + "the transaction \(shown(transaction.description))")
    }
    if let amount = value(at: origin.amount, index: index, field: "amount") {
      let cents = Self.minorUnits(amount)
      require(
        cents == transaction.amount.minorUnits,
        "record \(index): the input says amount \(shown(String(decoding: amount, as: UTF8.self))) "
          + "(\(cents.map(String.init) ?? "not an amount") cents), the transaction \(transaction.amount.minorUnits)"
      )
    }
  }

  /// Checks a record of a bank's CSV export, by the rules the README gives them, read again
  /// here: the group from a group column (`A` or `P` in any case) or else Posted; the date in
  /// one of the layouts, written here for the transaction's date; the description without the
  /// spaces around it; the amount's digits, with at most two after a last point or comma, as
  /// its cents (the sign, which depends on the columns, is not checked).
  private func checkBank(_ transaction: Transaction, origin: RecordOrigin, index: Int, header: CSVHeader) {
    let text = { (bytes: [UInt8]) in String(decoding: bytes, as: UTF8.self) }
    // The header is the first line here, but the decoder finds a bank's header below lines of
    // title too, whose delimiter may differ: the record's delimiter is the first of the
    // header's, then the others, under which its date reads as the transaction's; every other
    // value is then read back with it.
    let delimiter =
      ([header.delimiter] + [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")]).first { candidate in
        guard let date = value(at: origin.date, index: index, field: "date", delimiter: candidate) else {
          return false
        }
        let written = Self.trimmed(text(date))
        return Self.groupCode(written) == "A" || Self.readings(ofDate: written).contains(transaction.date)
      } ?? header.delimiter
    // A group value where the record says its group is: `A` or `P` in any case, or a status;
    // else Posted, unless the input speaks of pending transactions (a section's title, a
    // pending marker in the date column), which this reading does not follow.
    let groupValue =
      header.hasGroupColumn || origin.group != origin.start
      ? value(at: origin.group, index: index, field: "group", delimiter: delimiter).map(text) : nil
    if let groupValue, let code = Self.groupCode(Self.trimmed(groupValue)) {
      require(
        code == transaction.group.code,
        "record \(index): the input says group \(shown(groupValue)), the transaction \(transaction.group.code)"
      )
    } else if !header.speaksOfPending {
      require(
        transaction.group == .posted,
        "record \(index): a bank's export without a group column gave group \(transaction.group.code), not P")
    }
    if let date = value(at: origin.date, index: index, field: "date", delimiter: delimiter) {
      let written = Self.trimmed(text(date))
      require(
        Self.groupCode(written) == "A" || Self.readings(ofDate: written).contains(transaction.date),
        "record \(index): the input says date \(shown(written)), the transaction \(Self.iso8601(transaction.date))"
      )
    }
    if let description = value(
      at: origin.description, index: index, field: "description", mayHoldLineBreaks: true,
      delimiter: delimiter)
    {
      let written = Self.trimmed(text(description))
      // The last column with the fields past it, which the decoder joins when the row proves
      // they can only be its (issue 46), as the file writes them: joined by the delimiter.
      let joined = layout.restOfLine(from: origin.description).flatMap {
        Self.fieldsToLineEnd($0, delimiter: delimiter)
      }.map { Self.trimmed(text(Array($0.joined(separator: [delimiter])))) }
      require(
        written == transaction.description || joined == transaction.description,
        "record \(index): the input says description \(shown(written)), the transaction \(shown(transaction.description))"
      )
    }
    if let amount = value(at: origin.amount, index: index, field: "amount", delimiter: delimiter) {
      let cents = Self.bankMinorUnitsReadings(amount)
      require(
        cents.contains(transaction.amount.minorUnits),
        "record \(index): the input says amount \(shown(text(amount))) "
          + "(\(cents.map(String.init)) cents), the transaction \(transaction.amount.minorUnits)"
      )
    }
  }

  /// The group a value says, as `A` or `P`: the codes in any case, or a status this check
  /// knows (a short list of its own: a pending transaction's, a booked one's); `nil` for
  /// anything else.
  static func groupCode(_ text: String) -> String? {
    let word = text.lowercased()
    if word == "a"
      || ["pending", "authorized", "authorised", "uncleared", "vorgemerkt", "varaus"].contains(word)
    {
      return "A"
    }
    if word == "p"
      || ["posted", "booked", "cleared", "completed", "reconciled", "settled", "gebucht"].contains(word)
    {
      return "P"
    }
    return nil
  }

  /// Every date a text may be read as, by a lenient reading of its own: eight digits as
  /// `YYYYMMDD`; else three parts between separators (a time after them left out), of which a
  /// part of four digits, or of two, is the year (two digits: 69 to 99 are 1969 to 1999, 00 to
  /// 68 are 2000 to 2068), an English month's name or its first three letters the month, and
  /// the numbers the month and the day in either order.
  static func readings(ofDate text: String) -> Set<CalendarDate> {
    var date = Substring(text)
    if let colon = date.firstIndex(of: ":"),
      let cut = date[..<colon].lastIndex(where: { $0 == " " || $0 == "T" })
    {
      date = date[..<cut]
    }
    let digits = date.allSatisfy { $0.isASCII && $0.isNumber }
    if digits, date.count == 8, let number = Int(date) {
      return Set(
        [try? CalendarDate(year: number / 10_000, month: number / 100 % 100, day: number % 100)].compactMap {
          $0
        })
    }
    let parts = date.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.lowercased() }
    guard parts.count == 3 else { return [] }
    let months = [
      "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
      "november", "december",
    ]
    var readings: Set<CalendarDate> = []
    for yearIndex in 0..<3 {
      let year = parts[yearIndex]
      guard year.allSatisfy(\.isNumber), year.count == 4 || year.count == 2, let yearNumber = Int(year) else {
        continue
      }
      let fullYear = year.count == 4 ? yearNumber : (yearNumber >= 69 ? 1900 + yearNumber : 2000 + yearNumber)
      let others = (0..<3).filter { $0 != yearIndex }.map { parts[$0] }
      for (monthText, dayText) in [(others[0], others[1]), (others[1], others[0])] {
        guard dayText.allSatisfy(\.isNumber), (1...2).contains(dayText.count), let day = Int(dayText) else {
          continue
        }
        let month: Int? =
          monthText.allSatisfy(\.isNumber) && (1...2).contains(monthText.count)
          ? Int(monthText)
          : months.firstIndex { $0 == monthText || (monthText.count >= 3 && $0.hasPrefix(monthText)) }.map {
            $0 + 1
          }
        guard let month, let reading = try? CalendarDate(year: fullYear, month: month, day: day) else {
          continue
        }
        readings.insert(reading)
      }
    }
    return readings
  }

  /// A bank's amount in cents, by each reading its digits allow: the digits after its last
  /// point or comma are cents when there are one or two of them (and when there are more and
  /// those past two are zeros, the first two), and the other digits the whole part; or all its
  /// digits are the whole part. Empty when it has no digit.
  static func bankMinorUnitsReadings(_ text: [UInt8]) -> Set<Int64> {
    var readings = Set(bankMinorUnits(text))
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    let kept = text.filter { isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }
    if let mark = kept.lastIndex(where: { !isDigit($0) }), kept.count - mark - 1 > 2,
      kept[(mark + 3)...].allSatisfy({ $0 == UInt8(ascii: "0") })
    {
      let digits = kept[..<mark].filter(isDigit)
      if !digits.isEmpty, let cents = minorUnits(digits + [UInt8(ascii: ".")] + kept[(mark + 1)...(mark + 2)])
      {
        readings.insert(cents)
      }
    }
    return readings
  }

  /// Checks a record of an OFX or QIF file: the group is Posted (the default reading options),
  /// or Authorized for an OFX pending transaction (a record that starts with a `STMTTRNP` tag);
  /// the date, description and amount are read back from the line each starts on. An OFX value
  /// ends at the next `<` on its line (one that runs on to the next line is not read back, nor
  /// one holding a reference such as `&amp;` or a CDATA section), its date is the first eight
  /// characters, its amount OFX's (a radix point, no thousands separators), and its text
  /// Windows-1252 where it is not UTF-8 and the header says so; a QIF value is the rest of its
  /// line, and its date may write the year `'24`, or with two digits.
  private func checkStatement(_ transaction: Transaction, origin: RecordOrigin, index: Int) {
    // A record starts at its tag's `<`. A stray byte that continues no character takes no
    // column, so one just before the `<` has its position: the tag is after such bytes.
    let tag = layout.rest(from: origin.start).map { rest in
      RecordUnits.ofxTagName(rest.drop { $0 & 0xC0 == 0x80 }.dropFirst())
    }
    let group: TransactionGroup = format == .ofx && tag == "STMTTRNP" ? .authorized : .posted
    require(
      transaction.group == group,
      "record \(index): an \(format) statement gave group \(transaction.group.code), not \(group.code)")
    let read = { (position: TextPosition?) -> String? in
      guard let position else { return nil }
      guard let rest = self.layout.restOfLine(from: position) else {
        fatalError("fuzz invariant broken: record \(index): a value at \(position) is not in the input")
      }
      // The decoder drops the whitespace bytes around a value (and the validator, after it,
      // spaces and no-break spaces as characters).
      var value = rest
      let spaces: Set<UInt8> = self.format == .ofx ? [0x20, 0x09, 0x0A, 0x0D] : [0x20, 0x09]
      if self.format == .ofx {
        guard let end = rest.firstIndex(of: UInt8(ascii: "<")) else { return nil }
        // A CDATA section goes on past its `<`: such a value is not read back.
        if rest[end...].starts(with: Array("<![CDATA[".utf8)) { return nil }
        value = rest[..<end]
      }
      while let first = value.first, spaces.contains(first) { value = value.dropFirst() }
      while let last = value.last, spaces.contains(last) || last == 0x0D { value = value.dropLast() }
      var text = String(decoding: value, as: UTF8.self)
      let saysWindows1252 = self.windows1252Answers.last { $0.start <= value.startIndex }?.says ?? false
      if saysWindows1252, String(validating: value, as: UTF8.self) == nil {
        text = Self.windows1252(value)
      }
      if self.format == .ofx && text.contains("&") { return nil }
      return Self.trimmed(text)
    }
    if let date = read(origin.date) {
      let expected = Self.bankDates(transaction.date)
      let written = format == .ofx ? String(date.prefix(8)) : Self.qifDate(date)
      // A QIF date's year may have two digits (`03/15/20`), as a bank's layout may write it
      // (`M/D/YY`, 2020 by the pivot 69): the date is then one of its readings.
      require(
        expected.contains(written)
          || (format == .qif && Self.readings(ofDate: written).contains(transaction.date)),
        "record \(index): the input says date \(shown(date)), the transaction \(Self.iso8601(transaction.date))"
      )
    }
    if let description = read(origin.description) {
      // An OFX transaction without a name or memo is described by its type in words (its
      // check number after it), read back here by this check's own table.
      let tag = self.tagBefore(origin.description)
      if format == .ofx, tag == "TRNTYPE" || tag == "CHECKNUM" {
        let words = tag == "CHECKNUM" ? "Check" : Self.ofxTypeWords[description.uppercased()] ?? description
        require(
          transaction.description == words || transaction.description.hasPrefix(words + " ")
            || transaction.description.hasPrefix(words + ", check "),
          "record \(index): the input says type \(shown(description)), the transaction \(shown(transaction.description))"
        )
      } else {
        require(
          description == transaction.description,
          "record \(index): the input says description \(shown(description)), the transaction \(shown(transaction.description))"
        )
      }
    }
    if let amount = read(origin.amount) {
      let cents =
        format == .ofx
        ? Self.ofxMinorUnits(Array(amount.utf8)).map { [$0] } ?? [] : Self.bankMinorUnits(Array(amount.utf8))
      require(
        cents.contains(transaction.amount.minorUnits),
        "record \(index): the input says amount \(shown(amount)) (\(cents) cents), "
          + "the transaction \(transaction.amount.minorUnits)")
    }
  }

  /// The name of the OFX tag right before a value (only spaces and line breaks between them),
  /// or `nil` when no tag is right before it.
  private func tagBefore(_ position: TextPosition) -> String? {
    guard let bytes = layout.before(position) else { return nil }
    var end = bytes.endIndex - 1
    while end >= bytes.startIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end]) { end -= 1 }
    guard end >= bytes.startIndex, bytes[end] == UInt8(ascii: ">"),
      let open = bytes[..<end].lastIndex(of: UInt8(ascii: "<"))
    else { return nil }
    return RecordUnits.ofxTagName(bytes[(open + 1)...end])
  }

  /// OFX's transaction types in words (`TRNTYPE`), this check's own table.
  static let ofxTypeWords: [String: String] = [
    "CREDIT": "Credit", "DEBIT": "Debit", "INT": "Interest", "DIV": "Dividend", "FEE": "Fee",
    "SRVCHG": "Service charge", "DEP": "Deposit", "ATM": "ATM", "POS": "Point of sale", "XFER": "Transfer",
    "CHECK": "Check", "PAYMENT": "Payment", "CASH": "Cash withdrawal", "DIRECTDEP": "Direct deposit",
    "DIRECTDEBIT": "Direct debit", "REPEATPMT": "Repeating payment", "HOLD": "Hold", "OTHER": "Other",
  ]

  /// An OFX amount in cents, read digit by digit: an optional sign, digits, and after a period
  /// or a comma two digits of cents and any number of zeros; `nil` for anything else.
  static func ofxMinorUnits(_ text: [UInt8]) -> Int64? {
    var digits = text[...]
    if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
    let parts = digits.split(omittingEmptySubsequences: false) {
      $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",")
    }
    guard parts.count <= 2 else { return nil }
    let whole = parts[0]
    let fraction = parts.count == 2 ? parts[1] : []
    guard parts.count == 1 || !fraction.isEmpty, !(whole.isEmpty && fraction.isEmpty),
      fraction.dropFirst(2).allSatisfy({ $0 == UInt8(ascii: "0") })
    else { return nil }
    let cents =
      Array(fraction.prefix(2)) + Array(repeating: UInt8(ascii: "0"), count: 2 - min(2, fraction.count))
    return minorUnits((whole.isEmpty ? [UInt8(ascii: "0")] : Array(whole)) + [UInt8(ascii: ".")] + cents)
  }

  /// Whether an OFX file's header says its text is Windows-1252 (or Latin-1), read here again:
  /// an XML declaration's `encoding`, or, before the first `<` (or inside a leading comment
  /// that `<OFX` follows), a `CHARSET` line naming it and no `ENCODING` of UTF-8 or Unicode.
  static func ofxSaysWindows1252(_ bytes: [UInt8]) -> Bool {
    var start = bytes[...]
    if start.starts(with: [0xEF, 0xBB, 0xBF]) { start = start.dropFirst(3) }
    start = start.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let text = String(decoding: start.prefix(4096), as: UTF8.self).uppercased()
    let names = ["1252", "WINDOWS-1252", "CP1252", "ISO-8859-1", "8859-1", "ISO8859-1", "LATIN1", "LATIN-1"]
    if text.hasPrefix("<?XML") {
      let declaration = text.prefix { $0 != ">" }
      let parts = declaration.split(separator: "ENCODING=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, let quote = parts[1].first, quote == "\"" || quote == "'" else { return false }
      return names.contains(String(parts[1].dropFirst().prefix { $0 != quote }))
    }
    var header = text.prefix(while: { $0 != "<" })
    // Header lines inside a leading comment (as ofxstatement writes them), before `<OFX`.
    if text.hasPrefix("<!--") {
      let parts = text.dropFirst(4).split(separator: "-->", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, parts[1].drop(while: { $0.isWhitespace }).hasPrefix("<OFX") else {
        return false
      }
      header = parts[0]
    }
    var charset: Substring?
    var encoding: Substring?
    for line in header.split(whereSeparator: \.isNewline) {
      let words = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      guard words.count == 2 else { continue }
      let key = words[0].drop { $0 == " " || $0 == "\t" }
      let value = words[1].drop { $0 == " " }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
      if key == "CHARSET" { charset = Substring(String(value)) }
      if key == "ENCODING" { encoding = Substring(String(value)) }
    }
    guard let charset, names.contains(String(charset)) else { return false }
    return encoding != "UTF-8" && encoding != "UNICODE"
  }

  /// Windows-1252 bytes as text, from a table of this check's own (0x80 to 0x9F; the rest is
  /// Latin-1, the five undefined bytes their C1 controls).
  static func windows1252(_ bytes: ArraySlice<UInt8>) -> String {
    let high: [UInt32] = [
      0x20AC, 0x81, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021, 0x2C6, 0x2030, 0x160, 0x2039, 0x152, 0x8D,
      0x17D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x2DC, 0x2122, 0x161, 0x203A,
      0x153, 0x9D, 0x17E, 0x178,
    ]
    var scalars = String.UnicodeScalarView()
    for byte in bytes {
      let value = byte >= 0x80 && byte <= 0x9F ? high[Int(byte) - 0x80] : UInt32(byte)
      if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
    }
    return String(scalars)
  }

  /// A QIF date with Quicken's apostrophe (`3/15'24`, the year 2024) written with its whole
  /// year (`3/15/2024`); any other as it is.
  static func qifDate(_ text: String) -> String {
    let parts = text.split(separator: "'", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return text }
    let year = parts[1].filter { $0 != " " }
    guard (1...2).contains(year.count), year.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(year)
    else {
      return text
    }
    return parts[0] + "/" + String(2000 + number)
  }

  /// A text without the spaces, tabs and no-break spaces around it, character by character.
  static func trimmed(_ text: String) -> String {
    let isSpace = { (character: Character) in character == " " || character == "\t" || character == "\u{A0}" }
    var characters = text[...]
    while let first = characters.first, isSpace(first) { characters.removeFirst() }
    while let last = characters.last, isSpace(last) { characters.removeLast() }
    return String(characters)
  }

  /// Every way the bank layouts write a date: `YYYY-MM-DD`, `MM/DD/YYYY`, `DD/MM/YYYY` and
  /// `DD.MM.YYYY` (month and day with or without a leading zero), and `YYYYMMDD`.
  static func bankDates(_ date: CalendarDate) -> Set<String> {
    func padded(_ number: Int, _ width: Int) -> String {
      let digits = String(number)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    let year = padded(date.year, 4)
    let months = Set([String(date.month), padded(date.month, 2)])
    let days = Set([String(date.day), padded(date.day, 2)])
    var dates: Set<String> = [iso8601(date), year + padded(date.month, 2) + padded(date.day, 2)]
    for month in months {
      for day in days {
        dates.insert("\(month)/\(day)/\(year)")
        dates.insert("\(day)/\(month)/\(year)")
        dates.insert("\(day).\(month).\(year)")
      }
    }
    return dates
  }

  /// A bank's amount in cents, from its digits alone, in each way it may be read: the digits
  /// after its last point or comma are cents when there are one or two of them; three may be
  /// thousands or, when the third is a zero, cents and a zero; more are cents and zeros; the
  /// other digits are the whole part. Empty when it has no digit before them, or is too large.
  static func bankMinorUnits(_ text: [UInt8]) -> [Int64] {
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    let kept = text.filter { isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }
    let mark = kept.lastIndex(where: { !isDigit($0) })
    let after = mark.map { kept.count - $0 - 1 } ?? 0
    var readings: [(whole: ArraySlice<UInt8>, fraction: ArraySlice<UInt8>)] = []
    if let mark, after >= 1 {
      let fraction = kept[(mark + 1)...]
      if after == 3 { readings.append((kept[...], [])) }
      if fraction.dropFirst(2).allSatisfy({ $0 == UInt8(ascii: "0") }) {
        readings.append((kept[..<mark], fraction.prefix(2)))
      }
    } else {
      readings.append((kept[...], []))
    }
    return readings.compactMap { reading in
      let digits = reading.whole.filter(isDigit)
      guard !digits.isEmpty else { return nil }
      return minorUnits(digits + (reading.fraction.isEmpty ? [] : [UInt8(ascii: ".")] + reading.fraction))
    }
  }

  /// The value written at a position, without its quotes; `nil` when it holds an escape, or a
  /// line break (a carriage return alone too) where a value may hold one.
  private func value(
    at position: TextPosition, index: Int, field: String, mayHoldLineBreaks: Bool = false,
    delimiter: UInt8 = UInt8(ascii: ",")
  ) -> [UInt8]? {
    guard let rest = layout.restOfLine(from: position) else {
      fatalError("fuzz invariant broken: record \(index): its \(field) at \(position) is not in the input")
    }
    switch Self.value(startingAt: rest, format: format, delimiter: delimiter) {
    // A carriage return alone is a line break too (a bank's export may end its lines so): a
    // value that may hold line breaks and holds one is not read back, as one on two lines.
    case .text(let text) where mayHoldLineBreaks && text.contains(0x0D): return nil
    case .text(let text): return text
    case .escaped: return nil
    case .unclosedQuote:
      if mayHoldLineBreaks { return nil }
      fatalError("fuzz invariant broken: record \(index): its \(field) at \(position) has no closing quote")
    }
  }

  /// A date as the formats write it, `YYYY-MM-DD`, worked out here rather than by Entities.
  static func iso8601(_ date: CalendarDate) -> String {
    func padded(_ number: Int, _ width: Int) -> String {
      let digits = String(number)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(date.year, 4))-\(padded(date.month, 2))-\(padded(date.day, 2))"
  }

  /// What a value written at the start of some bytes is.
  enum Value: Equatable {
    /// The value's text, without quotes.
    case text([UInt8])
    /// A quoted value holding a backslash: a JSON escape, not read back.
    case escaped
    /// A quote that opens a value and is not closed on the same line.
    case unclosedQuote
  }

  /// Reads the value at the start of `rest` (the rest of a line): the text between quotes, or
  /// the text up to where the format ends a value without quotes.
  ///
  /// - Parameters:
  ///   - rest: The bytes from the value's first character to the end of its line.
  ///   - format: The input's format.
  ///   - delimiter: A CSV file's delimiter.
  /// - Returns: The value.
  static func value(
    startingAt rest: ArraySlice<UInt8>, format: RecordFormat, delimiter: UInt8 = UInt8(ascii: ",")
  ) -> Value {
    guard rest.first == UInt8(ascii: "\"") else {
      return .text(Array(rest.prefix { !endsUnquotedValue($0, format: format, delimiter: delimiter) }))
    }
    if format == .csv { return csvQuoted(rest.dropFirst()) }
    let text = rest.dropFirst().prefix { $0 != UInt8(ascii: "\"") }
    guard text.count < rest.count - 1 else { return .unclosedQuote }
    return text.contains(UInt8(ascii: "\\")) ? .escaped : .text(Array(text))
  }

  /// The CSV fields from a position to the end of its line, each without its quotes; `nil`
  /// when a quote opened there is not closed on the line.
  ///
  /// - Parameters:
  ///   - rest: The bytes from a field's first character to the end of its line.
  ///   - delimiter: The file's delimiter.
  /// - Returns: The fields' texts.
  static func fieldsToLineEnd(_ rest: ArraySlice<UInt8>, delimiter: UInt8) -> [[UInt8]]? {
    let quote = UInt8(ascii: "\"")
    var fields: [[UInt8]] = []
    var field: [UInt8] = []
    var quoted = false
    var atStart = true
    var index = rest.startIndex
    while index < rest.endIndex {
      let byte = rest[index]
      index += 1
      if quoted {
        if byte != quote {
          field.append(byte)
        } else if index < rest.endIndex, rest[index] == quote {
          field.append(quote)
          index += 1
        } else {
          quoted = false
        }
        continue
      }
      if byte == quote, atStart {
        quoted = true
      } else if byte == delimiter {
        fields.append(field)
        field = []
        atStart = true
        continue
      } else if byte != 0x0D {
        field.append(byte)
      }
      atStart = false
    }
    guard !quoted else { return nil }
    return fields + [field]
  }

  /// The content of a quoted CSV field, from the byte after its opening quote: up to the
  /// closing quote, a quote written twice being one quote (RFC 4180). A backslash is a plain
  /// byte in CSV.
  private static func csvQuoted(_ rest: ArraySlice<UInt8>) -> Value {
    let quote = UInt8(ascii: "\"")
    var text: [UInt8] = []
    var index = rest.startIndex
    while index < rest.endIndex {
      let byte = rest[index]
      index += 1
      guard byte == quote else {
        text.append(byte)
        continue
      }
      guard index < rest.endIndex, rest[index] == quote else { return .text(text) }
      text.append(quote)
      index += 1
    }
    return .unclosedQuote
  }

  /// Whether a byte ends a value written without quotes, as the format defines it.
  ///
  /// In JSON (and NDJSON) such a value is a number or a literal, and the grammar ends it at
  /// insignificant whitespace (space, tab, carriage return, line feed) or at the `,`, `}` or `]`
  /// that follows it. In CSV a field without quotes ends only at the delimiter or the line
  /// break: spaces are part of the field.
  ///
  /// - Parameters:
  ///   - byte: A byte after the value's first.
  ///   - format: The input's format.
  ///   - delimiter: A CSV file's delimiter: a comma, a semicolon or a tab.
  /// - Returns: `true` when the value ends before this byte.
  static func endsUnquotedValue(_ byte: UInt8, format: RecordFormat, delimiter: UInt8 = UInt8(ascii: ","))
    -> Bool
  {
    switch (format, byte) {
    case (_, UInt8(ascii: "\r")), (_, UInt8(ascii: "\n")): true
    case (.csv, _): byte == delimiter
    case (.ofx, _), (.qif, _): false
    case (_, UInt8(ascii: ",")): true
    case (.json, _), (.ndjson, _):
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "}")
        || byte == UInt8(ascii: "]")
    }
  }

  /// An unsigned amount with at most two decimals, in cents, read digit by digit; `nil` for
  /// any other text.
  static func minorUnits(_ text: [UInt8]) -> Int64? {
    let parts = text.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(isDigit) else { return nil }
    var fraction: ArraySlice<UInt8> = []
    if parts.count == 2 {
      fraction = parts[1]
      guard (1...2).contains(fraction.count), fraction.allSatisfy(isDigit) else { return nil }
    }
    var cents: Int64 = 0
    for byte in whole + fraction + Array(repeating: UInt8(ascii: "0"), count: 2 - fraction.count) {
      let (shifted, overflow) = cents.multipliedReportingOverflow(by: 10)
      let (sum, overflowAgain) = shifted.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
      guard !overflow, !overflowAgain else { return nil }
      cents = sum
    }
    return cents
  }
}
