/// What the start of an OFX file says before its first element: that it is OFX, and how its
/// text is encoded.
///
/// OFX 1.x (SGML) starts with header lines, `KEY:VALUE`: `OFXHEADER:100`, `DATA:OFXSGML`,
/// `VERSION:102`, `ENCODING:USASCII`, `CHARSET:1252`, … . Some writers leave out the first,
/// `OFXHEADER`, and others (csv2ofx's OFX writer) write only `DATA:OFXSGML` and
/// `ENCODING:UTF-8`; so a file is OFX when it starts with any of these header lines and its
/// header lines are followed by `<OFX>`. OFX 2.x (XML) starts with `<?xml …?>` and
/// `<?OFX …?>`, and some files with `<OFX>` itself, or with a namespace prefix (`<ofx:OFX>`).
/// ofxstatement writes the OFX 1.x header lines inside a comment before `<OFX>`
/// (`<!--`, `OFXHEADER:100`, …, `-->`): they are read there alike.
///
/// The text is Windows-1252 when the header says so: `CHARSET:1252` (or Latin-1, which
/// Windows-1252 reads alike) with an `ENCODING` other than UTF-8, or an XML declaration's
/// `encoding="windows-1252"` (or `iso-8859-1`).
struct OFXHeader: Equatable {
  /// The keys of OFX 1.x header lines.
  static let keys: Set<String> = [
    "OFXHEADER", "DATA", "VERSION", "SECURITY", "ENCODING", "CHARSET", "COMPRESSION", "OLDFILEUID",
    "NEWFILEUID",
  ]

  /// How many bytes of a file's start are read for its header: an OFX 1.x header is about
  /// 150 bytes, an XML declaration and the OFX processing instruction about 200.
  static let length = 4096

  /// The header line or XML declaration that says the text is Windows-1252 (`CHARSET:1252`),
  /// or `nil` when the text is UTF-8.
  var windows1252Declaration: String?

  /// How the file says it is OFX: the evidence a reading can show for its format (issue 48).
  enum Form: Equatable {
    /// OFX 1.x header lines (`OFXHEADER:100`, `DATA:OFXSGML`, …) before `<OFX>`, or inside a
    /// leading comment (`inComment`, as ofxstatement writes them), with their `VERSION`.
    case headerLines(version: String?, inComment: Bool)
    /// An XML declaration (OFX 2.x), with the `VERSION` of the `<?OFX …?>` instruction when the
    /// first bytes hold it.
    case xml(version: String?)
    /// The `OFX` element (or the `<?OFX …?>` instruction) with no header before it.
    case element
  }

  /// How the file says it is OFX.
  var form = Form.element

  /// Reads what a file's start says: its first bytes, after a byte order mark and the spaces
  /// and line breaks before its first character.
  ///
  /// It fails when the bytes do not start as OFX: with neither a header line followed by
  /// `<OFX>`, nor `OFXHEADER`, `<?xml`, `<?OFX` or `<OFX` (its name with or without a namespace
  /// prefix).
  ///
  /// - Parameter start: The first bytes (at most ``length`` are needed).
  init?(start: some Collection<UInt8>) {
    let text = String(decoding: start.prefix(Self.length), as: UTF8.self)
    let upper = text.uppercased()
    if upper.hasPrefix("<?XML") {
      windows1252Declaration = Self.xmlEncoding(upper)
      form = .xml(version: Self.instructionVersion(upper))
      return
    }
    if upper.hasPrefix("<?OFX") || upper.hasPrefix("<OFX") { return }
    if upper.hasPrefix("<!--") {
      // Header lines inside a leading comment, then the `OFX` element.
      guard let close = upper.firstRange(of: "-->"),
        upper[close.upperBound...].drop(while: { $0.isWhitespace }).hasPrefix("<OFX"),
        let header = Self.headerLines(upper[upper.index(upper.startIndex, offsetBy: 4)..<close.lowerBound])
      else { return nil }
      windows1252Declaration = header.declaration
      form = .headerLines(version: header.version, inComment: true)
      return
    }
    // The `OFX` element with a namespace prefix (`<ofx:OFX xmlns:ofx="…">`).
    if upper.hasPrefix("<"),
      OFXRecordDecoder.tagName(Array(start.prefix(1 + OFXRecordDecoder.nameLength)).dropFirst()) == "OFX"
    {
      return
    }
    let beforeTag = upper.prefix { $0 != "<" }
    let lines = beforeTag.split(whereSeparator: \.isNewline).map(Self.trimmed).filter {
      !$0.isEmpty
    }
    guard let first = lines.first, Self.isHeaderLine(first) else { return nil }
    // `OFXHEADER` says OFX on its own; other header lines only when `<OFX>` follows them all.
    if !first.hasPrefix("OFXHEADER") {
      guard lines.allSatisfy(Self.isHeaderLine), upper.dropFirst(beforeTag.count).hasPrefix("<OFX")
      else { return nil }
    }
    windows1252Declaration = Self.declaration(of: lines)
    form = .headerLines(version: Self.value(of: "VERSION", in: lines), inComment: false)
  }

  /// The Windows-1252 declaration and the version of header lines inside a comment; `nil`
  /// when the comment holds anything but header lines (then it says nothing of OFX).
  private static func headerLines(_ comment: Substring) -> (declaration: String?, version: String?)? {
    let lines = comment.split(whereSeparator: \.isNewline).map(Self.trimmed).filter { !$0.isEmpty }
    guard !lines.isEmpty, lines.allSatisfy(Self.isHeaderLine) else { return nil }
    return (declaration(of: lines), value(of: "VERSION", in: lines))
  }

  /// The value of a header line, by its key (in capitals), or `nil` when no line gives it.
  private static func value(of key: String, in lines: [Substring]) -> String? {
    lines.last { $0.hasPrefix(key + ":") }.map { String($0.dropFirst(key.count + 1).drop { $0 == " " }) }
  }

  /// The `VERSION` of an `<?OFX …?>` instruction in the text (in capitals), if it holds one.
  private static func instructionVersion(_ upper: String) -> String? {
    guard let instruction = upper.firstRange(of: "<?OFX") else { return nil }
    var rest = upper[instruction.upperBound...].prefix { $0 != ">" }
    guard let version = rest.firstRange(of: "VERSION=") else { return nil }
    rest = rest[version.upperBound...]
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    return String(rest.dropFirst().prefix { $0 != quote })
  }

  /// The header lines' words that say the text is Windows-1252: `CHARSET:1252` (or another
  /// name of it) with an `ENCODING` other than UTF-8; `nil` otherwise.
  private static func declaration(of lines: [Substring]) -> String? {
    var values: [Substring: Substring] = [:]
    for line in lines where Self.isHeaderLine(line) {
      let colon = line.firstIndex(of: ":") ?? line.endIndex
      values[line[..<colon]] = line[line.index(after: colon)...].drop { $0 == " " }
    }
    let encoding = values["ENCODING"].map(String.init) ?? ""
    guard let charset = values["CHARSET"], Self.windows1252Names.contains(String(charset)),
      encoding != "UTF-8", encoding != "UNICODE"
    else { return nil }
    return "CHARSET:\(charset)"
  }

  /// Whether a line (without its line break, in capitals or not) is an OFX 1.x header line:
  /// one of ``keys``, a colon, its value.
  static func isHeaderLine(_ line: some StringProtocol) -> Bool {
    guard let colon = line.firstIndex(of: ":") else { return false }
    return keys.contains(line[..<colon].uppercased())
  }

  /// The names of Windows-1252 and of Latin-1, which it reads alike, in capitals.
  private static let windows1252Names: Set<String> = [
    "1252", "WINDOWS-1252", "CP1252", "ISO-8859-1", "8859-1", "ISO8859-1", "LATIN1", "LATIN-1",
  ]

  /// The encoding an XML declaration names, in capitals, when it is Windows-1252 or Latin-1.
  private static func xmlEncoding(_ upper: String) -> String? {
    var rest = upper.prefix { $0 != ">" }
    while !rest.isEmpty, !rest.hasPrefix("ENCODING=") { rest = rest.dropFirst() }
    rest = rest.dropFirst("ENCODING=".count)
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    let name = rest.dropFirst().prefix { $0 != quote }
    return windows1252Names.contains(String(name)) ? "encoding=\"\(name.lowercased())\"" : nil
  }

  private static func trimmed(_ line: Substring) -> Substring {
    var line = line
    while line.first == " " || line.first == "\t" { line.removeFirst() }
    while line.last == " " || line.last == "\t" { line.removeLast() }
    return line
  }
}
