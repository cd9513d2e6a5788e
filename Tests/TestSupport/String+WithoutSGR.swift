/// Text without its ANSI SGR sequences (`ESC [` … `m`), the colour escapes a coloured text
/// report writes: what is left is what a person reads.
///
/// - Parameter text: Rendered text.
/// - Returns: The text without them.
public func withoutSGR(_ text: some StringProtocol) -> String {
  var result = ""
  var inEscape = false
  for scalar in text.unicodeScalars {
    if scalar == "\u{1B}" {
      inEscape = true
    } else if inEscape {
      inEscape = scalar != "m"
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}
