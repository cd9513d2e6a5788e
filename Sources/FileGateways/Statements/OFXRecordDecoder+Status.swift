import UseCases

/// Reading an OFX `STATUS` aggregate: the bank's answer to the request.
extension OFXRecordDecoder {
  /// Reads the rest of a `STATUS` aggregate after its opening tag, to its closing tag: its
  /// `CODE`, `SEVERITY` and `MESSAGE`, whatever order they come in, and past any other tag
  /// inside it (an extension such as `<INTU.XXX>`, with its closing tag), so that no tag can
  /// hide the code.
  ///
  /// A status that is not closed (an SGML answer that leaves out `</STATUS>`) ends at a tag a
  /// status never holds (``OFXStatus/endingTags``) or at a closing tag of an element it did not
  /// open (`</SONRS>`), which is left for the reading after it; or at the end of the input.
  ///
  /// - Parameter start: Where its `<STATUS>` tag starts.
  /// - Returns: The status.
  mutating func readStatus(from start: TextPosition) -> OFXStatus {
    var status = OFXStatus(position: start)
    var opened: [String] = []
    while true {
      while let byte = input.peek(), byte != UInt8(ascii: "<") { input.advance() }
      guard input.peek() != nil else { break }
      if skipMarkup() { continue }
      let name = peekTagName()
      if name == "/STATUS" {
        _ = readTag()
        break
      }
      let isOwn = OFXStatus.ownTags.contains(name)
      if !isOwn {
        if OFXStatus.endingTags.contains(name) { break }
        if name.hasPrefix("/") {
          guard let index = opened.lastIndex(of: String(name.dropFirst())) else { break }
          opened.removeSubrange(index...)
        } else {
          opened.append(name)
        }
      }
      _ = readTag()
      switch name {
      case "CODE": status.code = readValue().text
      case "SEVERITY": status.severity = readValue().text.uppercased()
      case "MESSAGE": status.message = readValue().text
      default: continue
      }
    }
    if status.code?.isEmpty == true { status.code = nil }
    if status.severity?.isEmpty == true { status.severity = nil }
    return status
  }
}
