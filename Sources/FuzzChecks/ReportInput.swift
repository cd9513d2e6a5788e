import BankReading
import Entities
import FileGateways

/// How the report fuzzer reads its bytes: a control byte, then the data of one or two sources.
///
/// The control byte `c` chooses everything that is not data: bit 0 the mode (0 one-source,
/// 1 two-source), `(c >> 1) % 5` the format (json, ndjson, csv, ofx, qif, in ``RecordFormat``'s
/// order),
/// `40 + c % 41` the width of the text report, and bit 7 whether the view takes a draft (the
/// report reads each source once, and holds what is out of order, decision 0030). In one-source mode the rest of the bytes is
/// the one source. In two-source mode the next two bytes are the length of the authorized
/// source's bytes (little-endian, cut to what is there), and the bytes after them are the
/// authorized source's, then the posted source's. So a seed is `printf '\x01'`, then the
/// length, then two files one after the other; an empty input is a one-source JSON report of
/// nothing. As the composition root does, each source of a two-source report gives the records
/// of a bank's export without a group column its own group.
struct ReportInput {
  /// One source holding both groups, or one source for each group.
  enum Mode {
    case oneSource
    case twoSource
  }

  let mode: Mode
  let format: RecordFormat
  /// The width the text renderer is given, 40 to 80 columns.
  let width: Int
  /// Whether the view takes a draft.
  let takesDraft: Bool
  /// The sources, with the group each must hold in two-source mode (`nil`: both groups).
  let sources: [(group: TransactionGroup?, source: BytesTransactionSource)]

  /// Splits an input into its choices and its sources.
  ///
  /// - Parameter bytes: The fuzzer's input.
  init(_ bytes: [UInt8]) {
    let control = bytes.first ?? 0
    mode = control & 1 == 0 ? .oneSource : .twoSource
    format = RecordFormat.allCases[Int(control >> 1) % 5]
    width = 40 + Int(control) % 41
    takesDraft = control & 0x80 != 0
    let ext = format.rawValue
    switch mode {
    case .oneSource:
      let data = Array(bytes.dropFirst())
      sources = [(nil, BytesTransactionSource(name: "fuzz-all.\(ext)", bytes: data, format: format))]
    case .twoSource:
      let length = bytes.count > 1 ? Int(bytes[1]) | (bytes.count > 2 ? Int(bytes[2]) << 8 : 0) : 0
      let data = bytes.dropFirst(3)
      let split = data.startIndex + min(length, data.count)
      sources = [
        (
          .authorized,
          BytesTransactionSource(
            name: "fuzz-authorized.\(ext)", bytes: Array(data[..<split]), format: format,
            options: ReadingOptions(group: .authorized, pendingGroup: .authorized))
        ),
        (
          .posted,
          BytesTransactionSource(
            name: "fuzz-posted.\(ext)", bytes: Array(data[split...]), format: format,
            options: ReadingOptions(group: .posted, pendingGroup: .posted))
        ),
      ]
    }
  }
}
