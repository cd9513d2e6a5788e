import BankFormats
import UseCases

/// What a reader asks the user, because the file does not prove the answer: a decision it will
/// not make by a guess.
///
/// A question stops the reading of the file with a located error and a hint whose options are
/// a promise: each gives a report consistent with every column the file has.
package struct ReadingQuestion: Error, Hashable, Sendable {
  /// What is asked.
  package enum Kind: Error, Hashable, Sendable {
    /// Several columns may hold a role (by index), and nothing says which does.
    case columnsInDoubt(CSVColumnRole, columns: [Int])
    /// The header splits into the names of a date, a description and an amount at each of
    /// these delimiters (or a file without a header has each of them).
    case delimitersFit([CSVDelimiter])
    /// The options name one column for several roles.
    case oneColumnForRoles([CSVColumnRole])
    /// Every date read fits each of these layouts.
    case datesFitLayouts([DateLayout])
    /// No one layout fits every date read: the first date fits these layouts, and another date
    /// none of them (the dates are written in more than one layout).
    case datesInSeveralLayouts([DateLayout])
    /// Some amounts show a decimal comma and others a decimal point (an example of each).
    case decimalMarksDisagree(comma: String, point: String)
    /// A signed amount column whose signs nothing proves: how many amounts are positive and
    /// negative, and a column whose every value is a debit or credit code, which would say
    /// each sign.
    case signsUntold(positive: Int, negative: Int, codeColumn: String?)
    /// The text is not UTF-8, and its bytes read as other characters in each of these code
    /// pages (this byte first), and nothing in the file says which it is written in.
    case encodingsFit([TextEncoding], byte: UInt8)
    /// A column of fees (its name) beside the amounts, that nothing says is part of them or not
    /// (a running balance would).
    case feesUntold(column: String)
    /// A dated row worded only as a total or a balance (`Total`, `Balance`, `Saldo`: the
    /// question's value), whose amount is neither missing nor a sum of the rows above it: a
    /// payee may be called so, and nothing says which it is.
    case summaryRowUntold
    /// The first line holds a transaction, not names: where its date, description and amount
    /// seem to be (counted from 1), when they can be told apart from every other column.
    case headerIsARecord(date: Int, description: Int?, amount: Int?, balance: Int?)
  }

  /// What is asked.
  package var kind: Kind
  /// Where the file shows it: the value that raises it, or the header.
  package var position: TextPosition
  /// The value as the file writes it, if one raises it.
  package var value: String?

  /// Creates a question.
  ///
  /// - Parameters:
  ///   - kind: What is asked.
  ///   - position: Where the file shows it.
  ///   - value: The value as written, if one raises it.
  package init(_ kind: Kind, at position: TextPosition, value: String? = nil) {
    self.kind = kind
    self.position = position
    self.value = value
  }
}

extension ReadingQuestion.Kind {
  /// The field of a record the question is about, as an issue names it.
  package var field: RecordField? {
    switch self {
    case .datesFitLayouts, .datesInSeveralLayouts: .date
    case .decimalMarksDisagree, .signsUntold, .feesUntold: .amount
    case .summaryRowUntold: .description
    case .columnsInDoubt(let role, _): role.field
    case .oneColumnForRoles, .delimitersFit, .headerIsARecord, .encodingsFit: nil
    }
  }
}
