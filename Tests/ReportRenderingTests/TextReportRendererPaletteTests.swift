import Entities
import Foundation
import Presenters
import ReportRendering
import TestSupport
import Testing

/// The text renderer's palettes (light and dark) at both colour depths (24-bit and 256 colours).
@Suite struct TextReportRendererPaletteTests {
  typealias Palette = TextReportRenderer.Palette
  typealias Depth = TextReportRenderer.ColorDepth

  private static let styles: [(Palette, Depth)] = [
    (.light, .trueColor), (.light, .xterm256), (.dark, .trueColor), (.dark, .xterm256),
  ]

  /// One row of every coloured kind: header, odd and even bands (bold and not), grand total.
  private static let rows: [ReportRow] = [
    .header(title: "Authorized Transactions"),
    .subheader(title: "Apr 01, 2016", odd: true),
    .detail(description: "Starbucks", amount: "3.11", odd: true),
    .subfooter(odd: true),
    .subheader(title: "Apr 02, 2016", odd: false),
    .detail(description: "Firkin", amount: "15.34", odd: false),
    .subfooter(odd: false),
    .footer(total: "18.45", odd: true),
    .grandFooter(total: "18.45"),
  ]

  private func render(_ rows: [ReportRow], palette: Palette, depth: Depth, width: Int = 80) -> String {
    var renderer = TextReportRenderer(
      width: width, colors: true, palette: palette, colorDepth: depth, style: .english)
    return renderer.document(ReportTableDataSource(rows: rows))
  }

  /// The colours a line sets, as the parameters of its SGR sequences: `48;2;R;G;B`, `38;5;N`.
  private struct LineColors: Equatable {
    var background: [Int]
    var foreground: [Int]
  }

  /// The background and text colour of every line that sets both.
  private func colors(of text: String) -> [LineColors] {
    text.split(separator: "\n").compactMap { line in
      var background: [Int]?
      var foreground: [Int]?
      for sequence in line.split(separator: "\u{1B}[") {
        guard let end = sequence.firstIndex(of: "m") else { continue }
        let numbers = sequence[..<end].split(separator: ";").compactMap { Int($0) }
        if numbers.first == 48 { background = Array(numbers.dropFirst()) }
        if numbers.first == 38 { foreground = Array(numbers.dropFirst()) }
      }
      guard let background, let foreground else { return nil }
      return LineColors(background: background, foreground: foreground)
    }
  }

  @Test("The renderer made without a palette is the light one in 24-bit colour, as it always was")
  func defaultIsLightTrueColor() {
    var plain = TextReportRenderer(width: 80, colors: true, style: .english)
    #expect(
      plain.document(ReportTableDataSource(rows: Self.rows))
        == render(Self.rows, palette: .light, depth: .trueColor))
    let lines = render(Self.rows, palette: .light, depth: .trueColor).split(separator: "\n")
    #expect(lines[0].hasPrefix("\u{1B}[1m\u{1B}[48;2;58;74;94m\u{1B}[38;2;255;255;255mAuthorized"))
    #expect(lines[1].hasPrefix("\u{1B}[1m\u{1B}[48;2;247;248;252m\u{1B}[38;2;28;28;30m  Apr 01"))
    #expect(lines[5].hasPrefix("\u{1B}[48;2;221;221;221m\u{1B}[38;2;28;28;30m    Firkin"))
    #expect(
      lines.last?.hasPrefix("\u{1B}[1m\u{1B}[48;2;31;95;175m\u{1B}[38;2;255;255;255mGrand Total") == true)
  }

  @Test(
    "Each palette and depth writes its own colours: header, odd band, even band, footer, grand total",
    arguments: [
      (
        Palette.light, Depth.xterm256,
        [
          [5, 239, 5, 231], [5, 231, 5, 234], [5, 231, 5, 234], [5, 253, 5, 234], [5, 253, 5, 234],
          [5, 231, 5, 234], [5, 25, 5, 231],
        ]
      ),
      (
        .dark, .trueColor,
        [
          [2, 59, 90, 128, 2, 255, 255, 255], [2, 27, 30, 36, 2, 232, 234, 240],
          [2, 27, 30, 36, 2, 232, 234, 240],
          [2, 48, 53, 63, 2, 232, 234, 240], [2, 48, 53, 63, 2, 232, 234, 240],
          [2, 27, 30, 36, 2, 232, 234, 240],
          [2, 30, 86, 160, 2, 255, 255, 255],
        ]
      ),
      (
        .dark, .xterm256,
        [
          [5, 60, 5, 231], [5, 234, 5, 255], [5, 234, 5, 255], [5, 237, 5, 255], [5, 237, 5, 255],
          [5, 234, 5, 255], [5, 25, 5, 231],
        ]
      ),
    ] as [(Palette, Depth, [[Int]])])
  func paletteColors(palette: Palette, depth: Depth, expected: [[Int]]) {
    let text = render(Self.rows, palette: palette, depth: depth)
    let found = colors(of: text)
    // Header; odd subheader and detail; even subheader and detail; the footer (odd); grand total.
    // The subfooters are blank lines with the same colours as their band.
    let shown = [found[0], found[1], found[2], found[4], found[5], found[7], found[8]]
    #expect(shown.map { $0.background + $0.foreground } == expected)
    #expect(!text.contains(depth == .xterm256 ? ";2;" : ";5;"), "one depth only")
  }

  /// The colour of an entry of xterm's 256-colour palette, 16 to 255, as xterm defines it.
  private func xterm(_ index: Int) -> [Int] {
    if index >= 232 { return Array(repeating: 8 + 10 * (index - 232), count: 3) }
    let levels = [0, 95, 135, 175, 215, 255]
    let cube = index - 16
    return [levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6]]
  }

  /// How different two colours look, squared ("redmean").
  private func distance(_ lhs: [Int], _ rhs: [Int]) -> Int {
    let meanRed = (lhs[0] + rhs[0]) / 2
    let (red, green, blue) = (lhs[0] - rhs[0], lhs[1] - rhs[1], lhs[2] - rhs[2])
    return (((512 + meanRed) * red * red) >> 8) + 4 * green * green + (((767 - meanRed) * blue * blue) >> 8)
  }

  @Test(
    "In 256 colours, each colour is the nearest of xterm's fixed entries 16 to 255 to the 24-bit one",
    arguments: Palette.allCases)
  func nearestEntries(palette: Palette) {
    let exact = colors(of: render(Self.rows, palette: palette, depth: .trueColor))
    let indexed = colors(of: render(Self.rows, palette: palette, depth: .xterm256))
    #expect(exact.count == indexed.count && exact.count == Self.rows.count)
    for (rgb, entry) in zip(exact, indexed) {
      for (color, index) in [
        (rgb.background.dropFirst(), entry.background), (rgb.foreground.dropFirst(), entry.foreground),
      ] {
        let best = (16...255).min { distance(Array(color), xterm($0)) < distance(Array(color), xterm($1)) }
        #expect(index == [5, best ?? -1], "\(color) is written as \(index)")
      }
    }
  }

  /// A colour's relative luminance, as WCAG defines it.
  private func luminance(_ color: [Int]) -> Double {
    let linear = color.map { value -> Double in
      let channel = Double(value) / 255
      return channel <= 0.039_28 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
  }

  /// WCAG's contrast ratio of two colours, from 1 to 21.
  private func contrast(_ lhs: [Int], _ rhs: [Int]) -> Double {
    let (a, b) = (luminance(lhs), luminance(rhs))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  private func rgb(_ parameters: [Int]) -> [Int] {
    parameters.first == 5 ? xterm(parameters[1]) : Array(parameters.dropFirst())
  }

  @Test(
    "Every text reads on its background (contrast 4.5:1 at least, 7:1 for the dark palette in 24-bit), and the two bands differ",
    arguments: styles)
  func contrast(palette: Palette, depth: Depth) {
    let found = colors(of: render(Self.rows, palette: palette, depth: depth))
    let least = palette == .dark && depth == .trueColor ? 7.0 : 4.5
    for line in found {
      let ratio = contrast(rgb(line.foreground), rgb(line.background))
      #expect(ratio >= least, "\(line) has a contrast of \(ratio)")
    }
    let (odd, even) = (rgb(found[1].background), rgb(found[4].background))
    #expect(contrast(odd, even) >= 1.25, "the bands \(odd) and \(even) are too alike")
  }

  @Test("The dark palette has dark bands with light text; the light palette light bands with dark text")
  func darkIsDark() {
    for (palette, depth) in Self.styles {
      let found = colors(of: render(Self.rows, palette: palette, depth: depth))
      for line in found[1...7] {
        let (background, text) = (luminance(rgb(line.background)), luminance(rgb(line.foreground)))
        switch palette {
        case .dark: #expect(background < 0.05 && text > 0.6, "\(depth): \(line)")
        case .light: #expect(background > 0.6 && text < 0.05, "\(depth): \(line)")
        }
      }
      for line in [found[0], found[8]] {
        #expect(luminance(rgb(line.foreground)) == 1, "white text on the bars: \(palette) \(depth): \(line)")
      }
    }
  }

  @Test("Every palette pads each coloured line to the full width and resets it", arguments: styles)
  func padding(palette: Palette, depth: Depth) {
    for width in [40, 80, 120] {
      let text = render(Self.rows, palette: palette, depth: depth, width: width)
      let lines = text.split(separator: "\n")
      #expect(lines.count == Self.rows.count)
      for line in lines {
        #expect(line.hasSuffix("\u{1B}[0m"))
        #expect(DisplayWidth.columns(of: Self.withoutEscapes(line)) == width, "\(line)")
      }
    }
  }

  @Test("Without colour, the palette and depth change nothing", arguments: styles)
  func noColors(palette: Palette, depth: Depth) {
    var plain = TextReportRenderer(width: 80, colors: false, style: .english)
    var other = TextReportRenderer(
      width: 80, colors: false, palette: palette, colorDepth: depth, style: .english)
    let text = other.document(ReportTableDataSource(rows: Self.rows))
    #expect(text == plain.document(ReportTableDataSource(rows: Self.rows)))
    #expect(!text.contains("\u{1B}"))
  }

  /// A line without its SGR sequences.
  private static func withoutEscapes(_ line: Substring) -> String { withoutSGR(line) }
}
