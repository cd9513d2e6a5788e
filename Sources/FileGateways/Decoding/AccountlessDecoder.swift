import BankReading
import UseCases

/// The decoder of an input in a format that names no account (JSON, NDJSON), read with
/// `--account`: the one problem that the option names no account of the file, then the end.
///
/// An option that cannot apply is refused, not ignored: a report of every record under an
/// option that asked for one account's would be the wrong report with exit status 0.
struct AccountlessDecoder: RecordDecoder {
  var input: ByteInput
  /// The value of `--account`.
  let asked: String
  private var answered = false

  init(input: ByteInput, asked: String) {
    self.input = input
    self.asked = asked
  }

  mutating func nextRecord(placingValidIn slot: RecordSlot) -> DecodedRecord? {
    guard !answered else { return nil }
    answered = true
    return .malformed(
      MalformedInput(position: input.position, problem: .noAccountMatches(asked, accounts: [], count: 0)),
      resumes: false)
  }
}
