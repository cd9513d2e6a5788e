/// What a decision about a bank's file rests on: the user's word, or the file's own.
///
/// Every decision a reader makes about a bank's file (which column is which, the date layout,
/// the decimal mark, the sign of an amount, which rows are balances, which group a row is in)
/// carries its evidence, so that a person, a test and a bug report can see why the file was read
/// as it was (`txreport --explain`). A decision that the file cannot prove is not made: the
/// reader asks instead (``ReadingQuestion``).
package struct Evidence: Hashable, Sendable, CustomStringConvertible {
  /// Where the evidence comes from.
  package enum Kind: Hashable, Sendable {
    /// An option the user gave: the user's word is the proof.
    case option
    /// The names of the header's columns.
    case header
    /// The values the rows hold: a date that fits one layout alone, an amount with a decimal
    /// comma, a status column's words.
    case values
    /// A running balance column that agrees with every amount read in file order.
    case balance
    /// The definition of the file's format (OFX writes its dates as `YYYYMMDD`).
    case format
    /// A rule of the reader that needs no evidence, as nothing else could be meant: a file
    /// without a status column holds the transactions of the group its source stands for.
    case rule
  }

  /// Where the evidence comes from.
  package var kind: Kind
  /// The evidence, in English: `"Buchungstag" is a name for the date`.
  package var words: String

  /// Creates evidence.
  ///
  /// - Parameters:
  ///   - kind: Where it comes from.
  ///   - words: What it is, in English.
  package init(_ kind: Kind, _ words: String) {
    self.kind = kind
    self.words = words
  }

  /// The words.
  package var description: String { words }

  /// The user's option, as given: `--date-format DD.MM.YYYY`.
  static func option(_ words: String) -> Evidence { Evidence(.option, "you said " + words) }
}

/// A decision about a bank's file, with the evidence that proved it.
package struct Decided<Value: Sendable>: Sendable {
  /// What was decided.
  package var value: Value
  /// What proved it.
  package var evidence: Evidence

  /// Creates a decision.
  ///
  /// - Parameters:
  ///   - value: What was decided.
  ///   - evidence: What proved it.
  package init(_ value: Value, _ evidence: Evidence) {
    self.value = value
    self.evidence = evidence
  }
}

extension Decided: Equatable where Value: Equatable {}
extension Decided: Hashable where Value: Hashable {}
