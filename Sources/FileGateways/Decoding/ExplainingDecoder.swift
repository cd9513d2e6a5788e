import BankReading
import UseCases

/// A decoder of a native format (JSON, NDJSON) that says first how it reads its input, for
/// `--explain` (`ReadingOptions/explains`): by SPEC §7's rules, with nothing to decide; then
/// its records, as the decoder gives them.
struct ExplainingDecoder<Decoder: RecordDecoder>: RecordDecoder {
  private var decoder: Decoder
  private var notes: [ExportNote]
  private let source: String

  var input: ByteInput {
    get { decoder.input }
    set { decoder.input = newValue }
  }

  var rules: ValueRules { decoder.rules }

  /// Creates the decoder.
  ///
  /// - Parameters:
  ///   - decoder: The native format's decoder.
  ///   - format: The format's name, as the note says it (`JSON`).
  ///   - source: How notes name the source.
  init(_ decoder: Decoder, format: String, source: String) {
    self.decoder = decoder
    self.source = source
    notes = ExportNote.reading(
      "\(format), the native format",
      [
        ReadingDecision(
          "fields", "group, date, description, amount and debit",
          Evidence(.format, "SPEC §7's five fields, each checked by the same rules: nothing to decide"))
      ])
  }

  mutating func nextRecord(placingValidIn slot: RecordSlot) -> DecodedRecord? {
    guard notes.isEmpty else {
      var note = notes.removeFirst()
      note.source = source
      return .note(AnySourceProblem(note))
    }
    return decoder.nextRecord(placingValidIn: slot)
  }
}
