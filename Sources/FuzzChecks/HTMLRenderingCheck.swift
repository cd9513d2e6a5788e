import Presenters
import ReportRendering

/// The invariants of ``HTMLReportRenderer``, checked by reading the page back with a small
/// tokenizer of its own, written without the renderer's code.
///
/// The page is split into tags and text. Every tag must be one the page's structure uses
/// (an allowlist of elements and attributes), so a description can never open an element or
/// an attribute; every `&` in text must start one of the five character references the
/// renderer writes. Then the row elements are read in document order (each element whose
/// `class` starts with a row kind, as `tr class="detail odd"`), with their text and their band:
/// they must be the rows, kind for kind, band for band, with each text as the text output shows
/// it (`TerminalSafety.escaped`, the fuzzer's own model of the escapes).
struct HTMLRenderingCheck {
  /// One row element as read back from the page.
  private struct Element: Equatable {
    var kind: String
    var band: String?
    var texts: [String]

    /// Equal kind, band and texts, the texts byte for byte (`String`'s `==` would take
    /// canonically equivalent text as equal).
    static func == (lhs: Element, rhs: Element) -> Bool {
      lhs.kind == rhs.kind && lhs.band == rhs.band
        && lhs.texts.map { Array($0.utf8) } == rhs.texts.map { Array($0.utf8) }
    }
  }

  private static let elements: Set<String> = [
    "!DOCTYPE", "html", "head", "meta", "title", "style", "body", "main", "h1", "h2", "section", "table",
    "thead", "tbody", "tfoot", "tr", "th", "td", "p", "strong",
  ]
  private static let attributes: Set<String> = [
    "lang", "charset", "name", "content", "class", "id", "aria-labelledby", "aria-hidden", "scope", "colspan",
    "role",
  ]
  private static let rowKinds: Set<String> = [
    "header", "subheader", "detail", "subfooter", "footer", "grandfooter", "message",
  ]

  /// Checks the page of the rows.
  ///
  /// - Parameter rows: The report's rows.
  func run(_ rows: [ReportRow]) {
    var renderer = HTMLReportRenderer(style: .english)
    let page = Array(renderer.document(ReportTableDataSource(rows: rows)).utf8)
    let read = Self.rowElements(page)
    let expected = rows.map(Self.element)
    guard read != expected else { return }
    let first =
      zip(read, expected).enumerated().first { $1.0 != $1.1 }?.offset ?? min(read.count, expected.count)
    fatalError(
      "fuzz invariant broken: HTML: row element \(first) reads back as \(shown(read.dropFirst(first).first)), "
        + "expected \(shown(expected.dropFirst(first).first)) (\(read.count) read, \(expected.count) rows)")
  }

  /// A row as its element should read back: its kind, band and texts.
  private static func element(_ row: ReportRow) -> Element {
    let visible = { (text: String) in TerminalSafety.escaped(text) }
    let band = { (odd: Bool) in odd ? "odd" : "even" }
    return switch row {
    case .header(let title): Element(kind: "header", band: nil, texts: [visible(title)])
    case .subheader(let title, let odd): Element(kind: "subheader", band: band(odd), texts: [visible(title)])
    case .detail(let description, let amount, let odd):
      Element(kind: "detail", band: band(odd), texts: [visible(description.description), amount])
    case .subfooter: Element(kind: "subfooter", band: band(row.odd == true), texts: [""])
    case .footer(let total, let odd): Element(kind: "footer", band: band(odd), texts: ["Total", total])
    case .grandFooter(let total): Element(kind: "grandfooter", band: nil, texts: ["Grand Total", total])
    case .message(let message): Element(kind: "message", band: nil, texts: [visible(message)])
    }
  }

  /// The row elements of a page, in document order, each with the text of its cells (`th`,
  /// `td`, `h2`, `p`) or, for an element without cells, its own text.
  private static func rowElements(_ page: [UInt8]) -> [Element] {
    var found: [Element] = []
    // The open row element and the depth it was opened at; the open cell's text.
    var open: (element: Element, depth: Int)?
    var cell: String?
    var depth = 0
    var index = 0
    while index < page.count {
      if page[index] == UInt8(ascii: "<") {
        guard let close = page[index...].firstIndex(of: UInt8(ascii: ">")) else {
          fatalError("fuzz invariant broken: HTML: a tag is never closed, at byte \(index)")
        }
        let tag = tagParts(Array(page[(index + 1)..<close]), at: index)
        index = close + 1
        if tag.name == "style" && !tag.closing {
          // The style sheet is the renderer's own text: skip to its end.
          guard let end = find(Array("</style>".utf8), in: page, from: index) else {
            fatalError("fuzz invariant broken: HTML: the style element is not closed")
          }
          index = end
          continue
        }
        let isVoid = tag.name == "meta" || tag.name == "!DOCTYPE"
        if tag.closing {
          if ["th", "td", "h2", "p"].contains(tag.name), let text = cell, var current = open {
            current.element.texts.append(text)
            open = current
            cell = nil
          }
          depth -= 1
          if let current = open, current.depth == depth {
            if current.element.texts.isEmpty { open?.element.texts = [""] }
            found.append(open?.element ?? current.element)
            open = nil
          }
        } else if !isVoid {
          depth += 1
          let classes = tag.attributes["class"]?.split(separator: " ").map(String.init) ?? []
          if open == nil, let kind = classes.first, rowKinds.contains(kind) {
            open = (Element(kind: kind, band: classes.dropFirst().first, texts: []), depth - 1)
            // A header, a message and a grand footer's parts are cells of their own.
            if kind == "header" || kind == "message" { cell = "" }
          } else if open != nil, ["th", "td", "h2", "p"].contains(tag.name) {
            cell = ""
          }
        }
        continue
      }
      let end = page[index...].firstIndex(of: UInt8(ascii: "<")) ?? page.count
      let text = decoded(Array(page[index..<end]), at: index)
      if cell != nil { cell? += text }
      index = end
    }
    return found
  }

  /// A tag's name, whether it closes, and its attributes; a failure when it is not one the
  /// page's structure uses.
  private static func tagParts(_ bytes: [UInt8], at offset: Int) -> (
    name: String, closing: Bool, attributes: [String: String]
  ) {
    var text = String(decoding: bytes, as: UTF8.self)[...]
    let closing = text.hasPrefix("/")
    if closing { text = text.dropFirst() }
    let name = String(text.prefix { $0 != " " })
    require(elements.contains(name), "HTML: an element <\(name)> at byte \(offset), not one of the page's")
    var attributes: [String: String] = [:]
    var rest = text.dropFirst(name.count)
    while let equals = rest.firstIndex(of: "=") {
      let attribute = rest[..<equals].trimmingPrefix(" ")
      require(attributes[String(attribute)] == nil, "HTML: attribute \(attribute) twice at byte \(offset)")
      require(
        Self.attributes.contains(String(attribute)) || name == "!DOCTYPE" || name == "html",
        "HTML: an attribute \(shown(String(attribute))) at byte \(offset), not one of the page's")
      let afterEquals = rest[rest.index(after: equals)...]
      require(afterEquals.hasPrefix("\""), "HTML: an unquoted attribute at byte \(offset)")
      let value = afterEquals.dropFirst().prefix { $0 != "\"" }
      attributes[String(attribute)] = String(value)
      rest = afterEquals.dropFirst(value.count + 2)
    }
    return (name, closing, attributes)
  }

  /// Text with its character references read: only the five the renderer writes may appear.
  /// Read byte by byte: a combining mark after `&lt;` would make `;` part of another
  /// `Character`.
  private static func decoded(_ bytes: [UInt8], at offset: Int) -> String {
    guard bytes.contains(UInt8(ascii: "&")) || bytes.contains(UInt8(ascii: ">")) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    require(
      !bytes.contains(UInt8(ascii: ">")),
      "HTML: a raw > in text at byte \(offset): \(shown(String(decoding: bytes, as: UTF8.self)))")
    let references: [([UInt8], UInt8)] = [
      (Array("&amp;".utf8), UInt8(ascii: "&")), (Array("&lt;".utf8), UInt8(ascii: "<")),
      (Array("&gt;".utf8), UInt8(ascii: ">")), (Array("&quot;".utf8), UInt8(ascii: "\"")),
      (Array("&#39;".utf8), UInt8(ascii: "'")),
    ]
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "&") else {
        result.append(bytes[index])
        index += 1
        continue
      }
      guard let (reference, character) = references.first(where: { bytes[index...].starts(with: $0.0) })
      else {
        fatalError(
          "fuzz invariant broken: HTML: a raw & in text at byte \(offset): \(shown(String(decoding: bytes, as: UTF8.self)))"
        )
      }
      result.append(character)
      index += reference.count
    }
    return String(decoding: result, as: UTF8.self)
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    var index = start
    while index + needle.count <= haystack.count {
      if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }
}
