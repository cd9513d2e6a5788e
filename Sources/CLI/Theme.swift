import ReportRendering

/// The choices of `--theme`: the colours of the text report, for a light or a dark terminal
/// background. Without `--theme`, ``resolved(_:colorFGBG:)`` tells the background from the
/// environment.
package enum Theme: String, CaseIterable, Sendable {
  /// Dark text on light bands: for a light background (the reference design).
  case light
  /// Light text on dark bands: for a dark background.
  case dark

  /// The text renderer's palette of this theme.
  package var palette: TextReportRenderer.Palette {
    switch self {
    case .light: .light
    case .dark: .dark
    }
  }

  /// The theme to use: the one asked for, else the one of the terminal's background when the
  /// environment says it, else light.
  ///
  /// - Parameters:
  ///   - choice: The theme of `--theme`, or `nil` when it was not given.
  ///   - colorFGBG: The value of the `COLORFGBG` environment variable, if set.
  /// - Returns: The theme.
  package static func resolved(_ choice: Theme?, colorFGBG: String?) -> Theme {
    choice ?? background(colorFGBG: colorFGBG) ?? .light
  }

  /// The theme of the terminal's background, as `COLORFGBG` tells it, or `nil` when it does not.
  ///
  /// Some terminals (rxvt and Konsole, among others) set `COLORFGBG` to the indexes of
  /// their text and background colours in the 16-colour palette: `15;0` is white on black,
  /// `0;default;15` black on white. The last field is the background: 0 to 6 and 8 are dark
  /// colours (black, the dark hues, dark grey), 7 and 9 to 15 light ones (light grey, the
  /// bright hues, white). A value of one field, a last field that is not such an index
  /// (`default`), or no value says nothing. The terminal itself is never asked: its answer to
  /// an escape sequence would come on its input, late or never, and the report must depend
  /// only on the arguments and the environment.
  ///
  /// - Parameter colorFGBG: The value of `COLORFGBG`, if set.
  /// - Returns: `.dark` or `.light`, or `nil` when the background is not known.
  package static func background(colorFGBG: String?) -> Theme? {
    guard let fields = colorFGBG?.split(separator: ";", omittingEmptySubsequences: false), fields.count >= 2,
      let last = fields.last, let index = Int(last)
    else { return nil }
    switch index {
    case 0...6, 8: return .dark
    case 7, 9...15: return .light
    default: return nil
    }
  }
}
