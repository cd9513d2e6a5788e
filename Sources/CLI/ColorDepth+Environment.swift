import ReportRendering

extension TextReportRenderer.ColorDepth {
  /// The colour depth a terminal says it supports in the `COLORTERM` environment variable.
  ///
  /// Terminals that draw 24-bit colour say so with `COLORTERM=truecolor` (or `24bit`); any
  /// other value, or none, gets the 256-colour palette, which nearly every terminal supports
  /// and which a terminal without 24-bit colour would otherwise approximate on its own, or
  /// garble. Upper or lower case does not matter.
  ///
  /// - Parameter colorTerm: The value of `COLORTERM`, if set.
  package init(colorTerm: String?) {
    switch colorTerm?.lowercased() {
    case "truecolor", "24bit": self = .trueColor
    default: self = .xterm256
    }
  }
}
