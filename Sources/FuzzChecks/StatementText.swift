import FileGateways
import UseCases

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
  /// it; a QIF file converted from the code page its note names (else Windows-1252) when it is
  /// not UTF-8 and writes no character as UTF-8 writes one (the README's rule, as for a bank's
  /// CSV export); the others as they are.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - format: Its format.
  ///   - records: What the decoder gave, whose note says the code page it read a text that is
  ///     not UTF-8 in.
  /// - Returns: The bytes the decoder reads.
  static func decoded(_ bytes: [UInt8], format: RecordFormat, records: [SourceRecord] = []) -> [UInt8] {
    switch format {
    case .csv: CSVText.decoded(bytes, records: records)
    case .qif: CSVText.fromCodePage(bytes, records: records)
    case .json, .ndjson, .ofx: bytes
    }
  }
}
