extension TextReportRenderer {
  /// The colours of a text report: for a terminal with a light background or a dark one.
  ///
  /// Both palettes band the date blocks in two backgrounds, odd blocks close to the terminal's
  /// own background and even blocks set off from it, and set the group headers and the grand
  /// total apart in blue-grey and blue bars with white text. Every text has a contrast of at
  /// least 4.5:1 with its background (what WCAG asks of normal text), in 24-bit colour and in
  /// 256 colours alike.
  public enum Palette: String, CaseIterable, Sendable {
    /// Near-black text on a near-white and a light grey band: for a light background. This is
    /// the palette of the reference design.
    case light
    /// Near-white text on a near-black and a dark slate band: for a dark background, where the
    /// light bands would glare.
    case dark
  }

  /// How colours are written to the terminal.
  public enum ColorDepth: Sendable {
    /// Any colour, as a 24-bit red, green and blue (`ESC [48;2;R;G;B m`): for terminals that
    /// say they support it, usually with `COLORTERM=truecolor`.
    case trueColor
    /// The nearest of the 240 fixed colours of xterm's 256-colour palette (`ESC [48;5;N m`),
    /// which nearly every terminal supports. The first 16 colours are left out: terminals
    /// change them with their themes.
    case xterm256
  }
}

/// The colours of one ``TextReportRenderer/Palette``.
struct PaletteColors {
  /// The background of odd bands.
  let oddBand: RGB
  /// The background of even bands.
  let evenBand: RGB
  /// The text of both bands.
  let ink: RGB
  /// The bar of a group's header.
  let headerBackground: RGB
  /// The text of a header.
  let headerInk: RGB
  /// The bar of the grand total.
  let grandTotalBackground: RGB
  /// The text of the grand total.
  let grandTotalInk: RGB

  /// The reference design's colours: the text report has always looked like this.
  static let light = PaletteColors(
    oddBand: RGB(0xF7, 0xF8, 0xFC), evenBand: RGB(0xDD, 0xDD, 0xDD), ink: RGB(0x1C, 0x1C, 0x1E),
    headerBackground: RGB(0x3A, 0x4A, 0x5E), headerInk: RGB(0xFF, 0xFF, 0xFF),
    grandTotalBackground: RGB(0x1F, 0x5F, 0xAF), grandTotalInk: RGB(0xFF, 0xFF, 0xFF))

  /// The light design turned around: bands a little above a dark terminal's background, text
  /// near white (contrast 13.9 on odd bands, 10.2 on even ones), and the bars a shade lighter
  /// and bluer than the light design's, so they stand out from the background, with white text
  /// at a contrast of at least 7.
  static let dark = PaletteColors(
    oddBand: RGB(0x1B, 0x1E, 0x24), evenBand: RGB(0x30, 0x35, 0x3F), ink: RGB(0xE8, 0xEA, 0xF0),
    headerBackground: RGB(0x3B, 0x5A, 0x80), headerInk: RGB(0xFF, 0xFF, 0xFF),
    grandTotalBackground: RGB(0x1E, 0x56, 0xA0), grandTotalInk: RGB(0xFF, 0xFF, 0xFF))

  /// The colours of a palette.
  ///
  /// - Parameter palette: The palette.
  /// - Returns: Its colours.
  static func of(_ palette: TextReportRenderer.Palette) -> PaletteColors {
    switch palette {
    case .light: light
    case .dark: dark
    }
  }
}

/// The escape sequences that start each kind of coloured line, made once per palette and
/// colour depth: every row needs one.
struct LineStarts: @unchecked Sendable {
  // Unchecked: the band bytes are written once, when the value is made, and only read after.
  /// A group's header.
  let header: String
  /// The grand total.
  let grandTotal: String
  /// Even, odd, bold even, bold odd.
  let bands: [String]

  /// The sequences of a palette at a colour depth.
  ///
  /// - Parameters:
  ///   - colors: The palette's colours.
  ///   - depth: How the colours are written.
  init(_ colors: PaletteColors, depth: TextReportRenderer.ColorDepth) {
    let bold = "\u{1B}[1m"
    let even = colors.evenBand.background(depth) + colors.ink.foreground(depth)
    let odd = colors.oddBand.background(depth) + colors.ink.foreground(depth)
    header = bold + colors.headerBackground.background(depth) + colors.headerInk.foreground(depth)
    grandTotal = bold + colors.grandTotalBackground.background(depth) + colors.grandTotalInk.foreground(depth)
    bands = [even, odd, bold + even, bold + odd]
    detailBands = Self.immortalBytes(even + odd)
    evenBandLength = even.utf8.count
  }

  /// The starts of a detail line's even and odd bands, one after the other, as bytes that
  /// every coloured detail row copies without counting a reference (a `String` or an array
  /// would count one, and release it, a row). Made once for each of the four palettes and
  /// depths (`of(_:depth:)`), and never freed.
  private let detailBands: UnsafeBufferPointer<UInt8>
  private let evenBandLength: Int

  /// The bytes that start a detail line's band: `bands[0]` or `bands[1]`.
  ///
  /// - Parameter odd: Whether the band is odd.
  /// - Returns: The bytes.
  @inline(__always)
  func detailBand(odd: Bool) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: odd ? detailBands[evenBandLength...] : detailBands[..<evenBandLength])
  }

  /// A copy of a text's bytes that lives as long as the program.
  private static func immortalBytes(_ text: String) -> UnsafeBufferPointer<UInt8> {
    let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
    _ = bytes.initialize(from: text.utf8)
    return UnsafeBufferPointer(bytes)
  }

  private static let lightTrueColor = LineStarts(.light, depth: .trueColor)
  private static let lightXterm256 = LineStarts(.light, depth: .xterm256)
  private static let darkTrueColor = LineStarts(.dark, depth: .trueColor)
  private static let darkXterm256 = LineStarts(.dark, depth: .xterm256)

  /// The sequences of a palette at a colour depth, made the first time they are asked for.
  ///
  /// - Parameters:
  ///   - palette: The palette.
  ///   - depth: How the colours are written.
  /// - Returns: The sequences.
  static func of(_ palette: TextReportRenderer.Palette, depth: TextReportRenderer.ColorDepth) -> LineStarts {
    switch (palette, depth) {
    case (.light, .trueColor): lightTrueColor
    case (.light, .xterm256): lightXterm256
    case (.dark, .trueColor): darkTrueColor
    case (.dark, .xterm256): darkXterm256
    }
  }
}

/// A 24-bit colour, written as ANSI escape sequences.
struct RGB: Equatable {
  let red: UInt8
  let green: UInt8
  let blue: UInt8

  init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// The sequence that makes this colour the background.
  ///
  /// - Parameter depth: How the colour is written.
  /// - Returns: `ESC [48;2;R;G;B m`, or `ESC [48;5;N m` with the nearest palette entry.
  func background(_ depth: TextReportRenderer.ColorDepth) -> String {
    switch depth {
    case .trueColor: "\u{1B}[48;2;\(red);\(green);\(blue)m"
    case .xterm256: "\u{1B}[48;5;\(xterm256Index)m"
    }
  }

  /// The sequence that makes this colour the text's.
  ///
  /// - Parameter depth: How the colour is written.
  /// - Returns: `ESC [38;2;R;G;B m`, or `ESC [38;5;N m` with the nearest palette entry.
  func foreground(_ depth: TextReportRenderer.ColorDepth) -> String {
    switch depth {
    case .trueColor: "\u{1B}[38;2;\(red);\(green);\(blue)m"
    case .xterm256: "\u{1B}[38;5;\(xterm256Index)m"
    }
  }

  /// The entry of xterm's 256-colour palette that looks nearest this colour, from 16 to 255.
  ///
  /// Entries 16 to 231 are a 6×6×6 cube whose levels are 0, 95, 135, 175, 215 and 255; 232 to
  /// 255 are greys from 8 to 238 in steps of 10. Entries 0 to 15 are left out: a terminal's
  /// theme redefines them. Nearness is the "redmean" distance, a cheap approximation of how
  /// different two colours look that weighs red, green and blue by the average red; a tie
  /// goes to the lower entry.
  var xterm256Index: Int {
    var best = (index: 16, distance: Int.max)
    for index in 16...255 {
      let distance = Self.redmeanDistance(self, Self.xterm256(index))
      if distance < best.distance { best = (index, distance) }
    }
    return best.index
  }

  /// The colour of an entry of xterm's 256-colour palette, from 16 to 255.
  ///
  /// - Parameter index: The entry.
  /// - Returns: Its colour.
  static func xterm256(_ index: Int) -> RGB {
    if index >= 232 {
      let grey = UInt8(8 + 10 * (index - 232))
      return RGB(grey, grey, grey)
    }
    let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
    let cube = index - 16
    return RGB(levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
  }

  /// How different two colours look, squared: the red, green and blue differences weighted by
  /// the colours' mean red (the "redmean" approximation).
  ///
  /// - Parameters:
  ///   - lhs: One colour.
  ///   - rhs: The other.
  /// - Returns: The distance, squared: 0 for the same colour.
  static func redmeanDistance(_ lhs: RGB, _ rhs: RGB) -> Int {
    let meanRed = (Int(lhs.red) + Int(rhs.red)) / 2
    let red = Int(lhs.red) - Int(rhs.red)
    let green = Int(lhs.green) - Int(rhs.green)
    let blue = Int(lhs.blue) - Int(rhs.blue)
    return (((512 + meanRed) * red * red) >> 8) + 4 * green * green + (((767 - meanRed) * blue * blue) >> 8)
  }
}
