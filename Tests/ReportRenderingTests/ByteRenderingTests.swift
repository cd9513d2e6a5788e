import Entities
import Presenters
import ReportRendering
import Testing

/// `render(_:appendingTo:)` writes a row's bytes without making a `String`; what it writes is
/// exactly the UTF-8 of `render(_:)`, for every renderer, row kind and setting.
@Suite struct ByteRenderingTests {
  /// Rows of every kind, with descriptions that take each of the text renderer's paths: plain,
  /// wide, to be escaped, to be cut, and empty.
  static let rows: [ReportRow] = [
    .header(title: "Authorized Transactions"),
    .subheader(title: "Apr 01, 2016", odd: true),
    .detail(description: "Starbucks", amount: "3.11", odd: true),
    .detail(description: "Café Lune, Montréal", amount: "-15.34", odd: true),
    .detail(description: "東京ラーメン #0968", amount: "722.27", odd: false),
    .detail(description: "Bell\u{7}\u{1B}[31m\\ \"quoted\" \u{AD}", amount: "1.00", odd: false),
    .detail(
      description: DescriptionText(String(repeating: "Very long description ", count: 20)),
      amount: "1,234.56",
      odd: true),
    .detail(description: "", amount: "0.00", odd: false),
    .detail(description: "LCBO #6468 [Vancouver] *sale* a_b `x` | <b> & ~", amount: "-424.46", odd: true),
    .detail(description: "www.example.com and https://x.y and me@host.example", amount: "1.00", odd: true),
    .detail(description: "Tom's \"Diner\" <&>", amount: "2.00", odd: false),
    // Longer than a word of places (64 bytes), with characters to escape after it and at its
    // edge: the Markdown and HTML renderers find those another way.
    .detail(
      description: DescriptionText(String(repeating: "a_b&c'", count: 14)), amount: "2.10", odd: true),
    .detail(
      description: DescriptionText(
        String(repeating: "x", count: 63) + "*<" + String(repeating: "y", count: 7)),
      amount: "2.15", odd: false),
    .detail(description: DescriptionText(String(repeating: "z", count: 63) + "&"), amount: "2.20", odd: true),
    // A `.` that starts no link is written as it is; one after `www` is escaped.
    .detail(description: "Taco Truck, Inc. 3.5 km", amount: "2.25", odd: false),
    .detail(description: "Shop at WWW.shop.example", amount: "2.50", odd: false),
    .detail(description: "- starts like a list", amount: "3.00", odd: false),
    .detail(description: "e\u{301}, 👍🏽, 🇨🇦 and ｶﾞ", amount: "4.00", odd: false),
    // Measured in one pass (Cyrillic, an emoji with ASCII after it), or not (a combining mark, a
    // flag): the Markdown renderer counts the first kind's characters by its scalars.
    .detail(description: "Москва Кафе, Pizza 🍕 Palace", amount: "4.50", odd: true),
    .detail(description: "a\u{483}a, e\u{301} x", amount: "4.75", odd: true),
    .subfooter(odd: true),
    .subheader(title: "Apr 02, 2016", odd: false),
    .detail(description: "After a date", amount: "5.00", odd: false),
    .subfooter(odd: false),
    // A date block's title that needs escapes and a measure (a client's own wording).
    .subheader(title: "<Apr> & 'x' #3 *東京* www.x.y\u{7}", odd: true),
    .detail(description: "After an odd title", amount: "5.50", odd: true),
    .header(title: "Posted Transactions"),
    .detail(description: "Without a date block", amount: "6.00", odd: false),
    .footer(total: "1,969.67", odd: false),
    .message("Posted Transactions are not currently available."),
    .grandFooter(total: "1,969.67"),
  ]

  /// One of each renderer, in each of its settings that change a row.
  static func renderers() -> [(String, any ByteRenderer)] {
    [
      ("text 80", TextReportRenderer(width: 80, colors: false, style: .english)),
      ("text 40", TextReportRenderer(width: 40, colors: false, style: .english)),
      ("text colours", TextReportRenderer(width: 100, colors: true, style: .english)),
      (
        "text dark 256",
        TextReportRenderer(width: 60, colors: true, palette: .dark, colorDepth: .xterm256, style: .english)
      ),
      ("json", JSONReportRenderer()),
      ("markdown", MarkdownReportRenderer(style: .english)),
      ("html", HTMLReportRenderer(style: .english)),
    ]
  }

  @Test("Every renderer writes the bytes of the text it returns, row after row")
  func bytesAreTheText() {
    for (name, renderer) in Self.renderers() {
      var byText = renderer
      var byBytes = renderer
      _ = byText.start()
      _ = byBytes.start()
      for row in Self.rows {
        var bytes: [UInt8] = [0x41]  // appended after what is there
        byBytes.render(row, appendingTo: &bytes)
        let text = byText.render(row)
        #expect(bytes == [0x41] + Array(text.utf8), "\(name): \(row)")
      }
      #expect(byText.finish() == byBytes.finish(), "\(name)")
    }
  }

  @Test(
    "Every renderer writes the bytes of its text for a description with a character to escape or reference at every place of a word and of its last bytes"
  )
  func everyPlace() {
    // Each renderer's own characters (JSON's quote and backslash, HTML's five, Markdown's
    // syntax), bytes that only look like them eight at a time (`#`, `$`, `%`, `=`), and
    // characters beyond ASCII, in texts of 1 to 19 characters.
    let specials = [
      "\"", "\\", "&", "<", ">", "'", "#", "$", "%", "=", "*", "|", "\u{E9}", "\u{85}", "\u{2028}",
    ]
    var mismatches: [String] = []
    for (name, renderer) in Self.renderers() {
      var byText = renderer
      var byBytes = renderer
      _ = byText.start()
      _ = byBytes.start()
      for length in 1...19 {
        for place in 0..<length {
          for special in specials {
            let text =
              String(repeating: "a", count: place) + special
              + String(repeating: "b", count: length - place - 1)
            let row = ReportRow.detail(
              description: DescriptionText(text), amount: "1.00", odd: place % 2 == 0)
            var bytes: [UInt8] = []
            byBytes.render(row, appendingTo: &bytes)
            if bytes != Array(byText.render(row).utf8) { mismatches.append("\(name): \(text)") }
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) rows written otherwise: \(mismatches.prefix(5))")
  }

  @Test(
    "Every renderer writes a detail row whose description is lent as bytes as it writes the row, whatever the description, the amount's style and the rows around it"
  )
  func detailsLentAsBytes() {
    // Amounts as a presenter writes them in a currency: a symbol, a code, a no-break space,
    // parentheses, no minor digits or three.
    let currencies = ["-1.234,56\u{A0}€", "$1,234.56", "(CHF 1'234.56)", "¥1,235", "1,234.567 KWD"]
    var inCurrencies = Self.rows
    for index in inCurrencies.indices {
      guard case .detail(let description, _, let odd) = inCurrencies[index] else { continue }
      inCurrencies[index] = .detail(
        description: description, amount: currencies[index % currencies.count], odd: odd)
    }
    // The rows of a report, plain and in currencies; the same from the first detail row on (a
    // detail row first); and a detail row before a header (which a text report sets apart from
    // the rows before it).
    let firstDetail = Self.rows.firstIndex { if case .detail = $0 { true } else { false } } ?? 0
    let sequences = [
      Self.rows, inCurrencies, Array(Self.rows[firstDetail...]),
      [Self.rows[firstDetail], .header(title: "Posted Transactions")],
    ]
    for (name, renderer) in Self.renderers() {
      for rows in sequences {
        let name = "\(name), \(rows.count) rows"
        #expect(Self.lentAsBytes(rows, by: renderer) == Self.asRows(rows, by: renderer), "\(name)")
      }
    }
  }

  @Test(
    "Bytes lent that are not UTF-8 are read no further than their end, and a control or a quote after a broken character is still escaped, by every renderer"
  )
  func bytesThatAreNotUTF8() {
    // Characters cut short at the end (the bytes of U+200E, €, 😀, é without their last), after
    // plain text and alone; and first bytes followed by a control or a quote, which a reader
    // that trusted the first byte would take into a character (a debug build checks every
    // index read).
    let cut: [[UInt8]] = [[0xE2, 0x80], [0xE2], [0xF0, 0x9F, 0x98], [0xC3], [0xD8], [0xC2]]
    let broken: [[UInt8]] = [
      [0xE2, 0x0C, 0x1B] + Array("[31mRED".utf8), Array("abc".utf8) + [0xE2, 0x22], [0xD8, 0x0A, 0x78],
      [0xC2, 0x07], [0xF0, 0x9F, 0x1B, 0x5B],
    ]
    let plainRenderers = Self.renderers().filter { !$0.0.contains("colours") && !$0.0.contains("256") }
    for (name, renderer) in plainRenderers {
      for bytes in cut.flatMap({ [$0, Array("Starbucks #1".utf8) + $0] }) + broken {
        var renderer = renderer
        var written: [UInt8] = []
        let description = DescriptionText(sharing: bytes, range: 0..<bytes.count)
        renderer.render(.detail(description: description, amount: "1.00", odd: true), appendingTo: &written)
        #expect(!written.isEmpty, "\(name): \(bytes)")
        // Nothing that could control a terminal, and no line break but the row's own.
        let controls = written.filter { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }
        #expect(controls.isEmpty, "\(name): \(bytes) gave \(controls)")
        if name == "json" {
          // One object: its 6 line breaks and 14 quotes are the renderer's (as for a plain
          // description), none the description's.
          #expect(written.count { $0 == 0x0A } == 6, "\(name): \(bytes)")
          let quotes = written.indices.filter { written[$0] == 0x22 && written[$0 - 1] != 0x5C }
          #expect(quotes.count == 14, "\(name): \(bytes) has \(quotes.count) quotes")
        }
      }
    }
  }

  /// The bytes of rows rendered one after the other.
  private static func asRows(_ rows: [ReportRow], by renderer: some ByteRenderer) -> [UInt8] {
    var renderer = renderer
    var bytes = Array(renderer.start().utf8)
    for row in rows { renderer.render(row, appendingTo: &bytes) }
    return bytes + Array(renderer.finish().utf8)
  }

  /// The bytes of rows rendered one after the other, each detail row's description bytes of a
  /// shared block.
  private static func lentAsBytes(_ rows: [ReportRow], by renderer: some ByteRenderer) -> [UInt8] {
    var renderer = renderer
    var bytes = Array(renderer.start().utf8)
    for row in rows {
      guard case .detail(let description, let amount, let odd) = row else {
        renderer.render(row, appendingTo: &bytes)
        continue
      }
      let block = [0x7C] + Array(description.description.utf8) + [0x7C]
      let shared = DescriptionText(sharing: block, range: 1..<(block.count - 1))
      renderer.render(.detail(description: shared, amount: amount, odd: odd), appendingTo: &bytes)
    }
    return bytes + Array(renderer.finish().utf8)
  }
}
