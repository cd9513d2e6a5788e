import FileGateways

/// How the statement formats write their text, as the fuzzers read it, written here again
/// rather than taken from the decoders: where a QIF line ends, and how an input's text is
/// decoded. (An OFX header's character set
/// is read by ``RawFieldsCheck/ofxSaysWindows1252(_:)``.)
enum StatementText {
  /// Whether lines of this format end at a carriage return alone too (QIF, which the classic Mac
  /// OS wrote so), not only at a line feed.
  static func breaksLinesAtCarriageReturns(_ format: RecordFormat) -> Bool {
    format == .qif
  }

  /// The bytes a decoder reads, worked out again: a bank's CSV export as ``CSVText`` converts
  /// it; a QIF file converted from Windows-1252 when it is not UTF-8 and writes no character as
  /// UTF-8 writes one (the README's rule, as for a bank's CSV export); the others as they are.
  static func decoded(_ bytes: [UInt8], format: RecordFormat) -> [UInt8] {
    switch format {
    case .csv: CSVText.decoded(bytes)
    case .qif: CSVText.fromWindows1252(bytes)
    case .json, .ndjson, .ofx: bytes
    }
  }
}
