import CLI
import ReportRendering
import Testing

@Suite struct ThemeTests {
  @Test(
    "COLORFGBG's last field is the background: 0 to 6 and 8 are dark, 7 and 9 to 15 light",
    arguments: [
      ("15;0", Theme.dark), ("7;1", .dark), ("0;6", .dark), ("15;8", .dark), ("15;default;0", .dark),
      ("0;15", .light), ("0;7", .light), ("0;9", .light), ("15;12", .light), ("0;default;15", .light),
    ] as [(String, Theme)])
  func knownBackground(colorFGBG: String, expected: Theme) {
    #expect(Theme.background(colorFGBG: colorFGBG) == expected)
  }

  @Test(
    "A COLORFGBG that does not name a background of 0 to 15 says nothing",
    arguments: [
      nil, "", "0", "15", "15;", "15;default", "default;default", "0;16", "0;-1", "0;x", "0;15 ", ";",
    ]
      as [String?])
  func unknownBackground(colorFGBG: String?) {
    #expect(Theme.background(colorFGBG: colorFGBG) == nil)
  }

  @Test("--theme wins over the background; without it the background decides, else light")
  func resolution() {
    #expect(Theme.resolved(.light, colorFGBG: "15;0") == .light)
    #expect(Theme.resolved(.dark, colorFGBG: "0;15") == .dark)
    #expect(Theme.resolved(.dark, colorFGBG: nil) == .dark)
    #expect(Theme.resolved(nil, colorFGBG: "15;0") == .dark)
    #expect(Theme.resolved(nil, colorFGBG: "0;15") == .light)
    #expect(Theme.resolved(nil, colorFGBG: "15;default") == .light)
    #expect(Theme.resolved(nil, colorFGBG: nil) == .light)
  }

  @Test("Each theme is the renderer's palette of the same name, and --theme's choices are light and dark")
  func palettes() {
    #expect(Theme.allCases.map(\.rawValue) == ["light", "dark"])
    for theme in Theme.allCases { #expect(theme.palette.rawValue == theme.rawValue) }
  }

  @Test(
    "COLORTERM truecolor or 24bit gives 24-bit colour; anything else 256 colours",
    arguments: [
      ("truecolor", TextReportRenderer.ColorDepth.trueColor), ("24bit", .trueColor),
      ("TrueColor", .trueColor),
      ("", .xterm256), ("1", .xterm256), ("yes", .xterm256), ("256", .xterm256), ("truecolour", .xterm256),
    ] as [(String, TextReportRenderer.ColorDepth)])
  func colorDepth(colorTerm: String, expected: TextReportRenderer.ColorDepth) {
    #expect(TextReportRenderer.ColorDepth(colorTerm: colorTerm) == expected)
  }

  @Test("Without COLORTERM, 256 colours")
  func noColorTerm() {
    #expect(TextReportRenderer.ColorDepth(colorTerm: nil) == .xterm256)
  }
}
