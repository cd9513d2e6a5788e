import BankReading
import UseCases

/// The decisions a statement reader (OFX, QIF) made about a file, for `--explain`
/// (``ReadingOptions/explains``): each with the evidence that proved it, from the file's words,
/// the format's definition or the options. Said after the last record, when every answer,
/// status and account has been read.
enum StatementReading {
  /// The notes of a reading: what the file is read as, then each decision.
  ///
  /// - Parameters:
  ///   - format: What the file is read as (`an OFX statement`).
  ///   - decisions: The decisions, in order.
  ///   - source: How notes name the source.
  /// - Returns: The notes, as records.
  static func notes(_ format: String, _ decisions: [ReadingDecision], source: String) -> [DecodedRecord] {
    ExportNote.reading(format, decisions).map { note in
      var note = note
      note.source = source
      return .note(AnySourceProblem(note))
    }
  }

  /// The decision of which accounts the file holds, and which are read.
  static func accounts(_ accounts: StatementAccounts, options: ReadingOptions) -> ReadingDecision {
    let labels = accounts.accounts.prefix(StatementAccounts.namedInNote).map {
      $0.label(unnamed: "an account without a number")
    }
    let more = accounts.accounts.count - labels.count
    let value =
      accounts.accounts.isEmpty
      ? "none named" : labels.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
    let evidence: Evidence =
      if let asked = options.account {
        Evidence(.option, "you said --account \(asked): only its records are read")
      } else {
        Evidence(
          .values,
          "the file names \(accounts.accounts.count) account\(accounts.accounts.count == 1 ? "" : "s"); all are read"
        )
      }
    return ReadingDecision("accounts", value, evidence)
  }

  /// The decision of which group the records take: the option's (Posted in one-source mode),
  /// and the pending group for a pending list's.
  static func groups(options: ReadingOptions, pendingList: Bool) -> ReadingDecision {
    let posted = options.group == .posted ? "Posted" : "Authorized"
    let pending = options.pendingGroup == .posted ? "Posted" : "Authorized"
    return ReadingDecision(
      "group", pendingList ? "booked \(posted), pending \(pending)" : "every record \(posted)",
      Evidence(
        .rule,
        pendingList
          ? "a statement's booked transactions are the posted ones, its pending list the pending ones (SPEC §8)"
          : "a statement's transactions are the source's group (Posted unless its option says)"))
  }

  /// The decision of how the text is read: `--encoding`, else the header's declaration of
  /// Windows-1252, else UTF-8.
  static func text(options: ReadingOptions, declaration: String?) -> ReadingDecision {
    if let encoding = options.encoding {
      return ReadingDecision(
        "text", encoding == .utf8 ? "UTF-8" : "Windows-1252", Evidence(.option, "you said --encoding"))
    }
    if let declaration {
      return ReadingDecision(
        "text", "UTF-8, or Windows-1252 where a value is not UTF-8",
        Evidence(.header, "the header says \(declaration)"))
    }
    return ReadingDecision("text", "UTF-8", Evidence(.rule, "the header declares no other encoding"))
  }
}
