import BankFormats
import BankReading
import UseCases

/// What reading a bank's CSV export says beside its records, which changes no row and no total:
/// the text was read in a code page, rows that are clearly not transactions were skipped, rows
/// with more fields than the header were read, the file holds several accounts. A value with its English words; the stream yields it as
/// `SourceRecord.note(_:)`, and the report shows it as a note (`txreport: note: …`).
package struct ExportNote: SourceProblem {
  /// How messages name the source, such as its path.
  package var source: String
  /// What the note says.
  package var kind: Kind

  /// What a note says.
  package enum Kind: Hashable, Sendable {
    /// The text is not UTF-8, and was read in this single-byte code page (Windows-1252, which
    /// Latin-1's printable characters are part of, or Windows-1250, …).
    case readAs(TextEncoding)
    /// Rows had more fields than the header (so many), and their extra fields were joined into
    /// the last column, as written: they can only come from it.
    case fieldsJoined(column: String, count: Int)
    /// Rows that are clearly not transactions were skipped, so many of each kind.
    case rowsSkipped(SkippedRows)
    /// The file holds the rows of several accounts (their names in the account column, the
    /// first few of them, and how many there are), added into one report.
    case severalAccounts(column: String, names: [String], count: Int)
    /// The file holds the rows of `count` accounts, and only those of `account` are shown, the
    /// one `--account` asks for.
    case oneAccountShown(account: String, count: Int)
    /// How the file is read (`--explain`): as what; the notes of its decisions follow.
    case reading(format: String)
    /// A decision the reading made (`--explain`), with its evidence.
    case decision(ReadingDecision)
  }

  /// The notes of a reading (`--explain`): what the file is read as, then each decision.
  ///
  /// - Parameters:
  ///   - format: What the file is read as.
  ///   - decisions: The decisions, in the order they were made.
  /// - Returns: The notes.
  static func reading(_ format: String, _ decisions: [ReadingDecision]) -> [ExportNote] {
    [ExportNote(source: "", kind: .reading(format: format))]
      + decisions.map { ExportNote(source: "", kind: .decision($0)) }
  }

  /// Creates a note.
  ///
  /// - Parameters:
  ///   - source: How messages name the source.
  ///   - kind: What the note says.
  package init(source: String, kind: Kind) {
    self.source = source
    self.kind = kind
  }

  /// What the note says, in English, with the source's name.
  package var words: SourceWords {
    switch kind {
    case .readAs(let encoding):
      return "'\(shown: source)': the text is not UTF-8: it was read as \(words: encoding.name)"
        + (encoding == .windows1252 ? " (Latin-1)" : "")
    case .fieldsJoined(let column, let count):
      return
        "'\(shown: source)': \(count) \(words: count == 1 ? "row has" : "rows have") more fields than the header:"
        + " the fields past the last column, \(quoted: column), were read as part of it, as written"
    case .rowsSkipped(let rows):
      let count = rows.total
      return
        "'\(shown: source)': \(count) \(words: count == 1 ? "row that is not a transaction was" : "rows that are not transactions were") "
        + "skipped (\(words: rows.parts))"
    case .severalAccounts(let column, let names, let count):
      let listed = names.map { "'\($0)'" }.joined(separator: ", ") + (count > names.count ? ", …" : "")
      return
        "'\(shown: source)': the rows are of \(count) accounts (column \(quoted: column): \(shown: listed)), "
        + "added into one report"
    case .oneAccountShown(let account, let count):
      return "'\(shown: source)' holds \(count) accounts; only \(shown: account) is shown, as --account asks"
    case .reading(let format):
      return "'\(shown: source)' is read as \(words: format); each decision and its evidence follow"
    case .decision(let decision):
      let kind = Self.kind(decision.evidence.kind)
      return "'\(shown: source)': \(words: decision.topic): \(shown: decision.value) "
        + "(\(words: kind): \(shown: decision.evidence.words))"
    }
  }

  /// Where a decision's evidence comes from, as the note says it.
  private static func kind(_ kind: Evidence.Kind) -> String {
    switch kind {
    case .option: "your option"
    case .header: "the header"
    case .values: "the rows"
    case .balance: "the running balance"
    case .format: "the format"
    case .rule: "the rule"
    }
  }

  /// How to read the file otherwise, if anything helps.
  package var hint: SourceWords? {
    switch kind {
    case .readAs: "if its accents read wrong, save it as UTF-8"
    case .rowsSkipped, .fieldsJoined: nil
    case .severalAccounts(let column, _, _):
      "to report one account, add --account with its name as the column \(quoted: column) writes it"
    case .oneAccountShown, .reading, .decision: nil
    }
  }
}

/// How many rows of each kind a bank's CSV export had that are clearly not transactions.
package struct SkippedRows: Hashable, Sendable {
  /// Lines before the header: a title, the account, a balance.
  package var beforeHeader = 0
  /// Rows with nothing in any field.
  package var empty = 0
  /// The header written again.
  package var repeatedHeaders = 0
  /// A section's title, `Pending Transactions`, which gives the rows under it their group.
  package var sectionTitles = 0
  /// A balance or a total (`Anfangssaldo`, `Total Posted`, `B/F`).
  package var balancesAndTotals = 0
  /// Lines of text without a date or an amount after the table (legends, a disclaimer).
  package var textLines = 0
  /// Transactions whose status says they did not happen (`REVERTED`, `DECLINED`).
  package var notHappened = 0

  /// Creates an empty count.
  package init() {}

  /// How many rows were skipped in all.
  package var total: Int {
    beforeHeader + empty + repeatedHeaders + sectionTitles + balancesAndTotals + textLines + notHappened
  }

  /// The kinds, with their counts, in English: `4 lines before the header, 1 balance`.
  var parts: String {
    let kinds: [(Int, String, String)] = [
      (beforeHeader, "line before the header", "lines before the header"),
      (empty, "empty row", "empty rows"),
      (repeatedHeaders, "header repeated", "headers repeated"),
      (sectionTitles, "section title", "section titles"),
      (balancesAndTotals, "balance or total", "balances and totals"),
      (textLines, "line of text", "lines of text"),
      (
        notHappened, "transaction that did not happen (reverted, declined)",
        "transactions that did not happen (reverted, declined)"
      ),
    ]
    return kinds.filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }.joined(separator: ", ")
  }
}
