import FileGateways

/// How the statement formats write their text, as the fuzzers read it, written here again
/// rather than taken from the decoders: where a QIF line ends. (An OFX header's character set
/// is read by ``RawFieldsCheck/ofxSaysWindows1252(_:)``.)
enum StatementText {
  /// Whether lines of this format end at a carriage return alone too (QIF, which the classic Mac
  /// OS wrote so), not only at a line feed.
  static func breaksLinesAtCarriageReturns(_ format: RecordFormat) -> Bool {
    format == .qif
  }
}
