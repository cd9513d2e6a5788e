import Entities
import UseCases

/// The rules of a transaction record (SPEC §7), the same for every format.
///
/// The validator turns a ``RawRecord`` into a transaction, with the positions of its group and
/// amount for later messages, or into the issues that make it invalid. It checks each field on
/// its own; rules that need more than one record (a group that does not belong in its source, a
/// total that overflows) belong to the use cases.
///
/// Every problem in a record is reported, each as its own issue, in the order of their positions
/// in the input: fixing a file should not take one run per bad field. A missing field is
/// reported at the record's start.
struct RecordValidator {
  /// What checking one record gave.
  enum Outcome {
    /// The record is a valid transaction.
    case valid(Transaction, RecordOrigin)
    /// The record is invalid; there is at least one issue, in input order.
    case invalid([RecordIssue])
  }

  static let dateHint = "write the date as YYYY-MM-DD"
  static let amountHint =
    "write an unsigned amount with at most two decimals, such as 3.11; the debit field gives the sign"

  /// The name of the source, for issues: a file path.
  let source: String

  /// Checks one record.
  ///
  /// - Parameter record: The record as a decoder found it.
  /// - Returns: The transaction, or every issue in the record.
  func validate(_ record: RawRecord) -> Outcome {
    var issues: [RecordIssue] = []
    for problem in record.problems {
      issues.append(
        RecordIssue(
          source: source, position: problem.position, field: problem.field, problem: problem.problem,
          value: problem.value))
    }
    let group = check(.group, of: record, issues: &issues) { value throws(Complaint) in
      guard let group = TransactionGroup(rawValue: value.text) else {
        throw Complaint("not a group code", hint: "write A for authorized or P for posted")
      }
      return group
    }
    let date = check(.date, of: record, issues: &issues, parse: Self.date)
    let description = check(.description, of: record, issues: &issues) { value throws(Complaint) in value.text
    }
    let amount = check(.amount, of: record, issues: &issues, allowingNumber: true, parse: Self.amount)
    let debitCredit = check(.debit, of: record, issues: &issues) { value throws(Complaint) in
      guard let debitCredit = DebitCredit(rawValue: value.text) else {
        throw Complaint(
          "not a debit or credit code", hint: "write D for a debit (a charge) or C for a credit (a payment)")
      }
      return debitCredit
    }
    guard issues.isEmpty, let group, let date, let description, let amount, let debitCredit,
      let groupValue = record.group, let amountValue = record.amount
    else {
      return .invalid(Self.inInputOrder(issues))
    }
    let transaction = Transaction(
      group: group, date: date, description: description, amount: amount, debitCredit: debitCredit)
    let origin = RecordOrigin(
      source: source, start: record.start, group: groupValue.position, amount: amountValue.position)
    return .valid(transaction, origin)
  }

  /// Why a value breaks its field's rule.
  struct Complaint: Error {
    var problem: String
    var hint: String?

    init(_ problem: String, hint: String? = nil) {
      self.problem = problem
      self.hint = hint
    }
  }

  /// Checks that a field is present, of the right kind and well encoded, then parses it.
  ///
  /// - Returns: The parsed value, or `nil` after adding the issue to `issues`.
  private func check<Value>(
    _ field: RecordField,
    of record: RawRecord,
    issues: inout [RecordIssue],
    allowingNumber: Bool = false,
    parse: (RawValue) throws(Complaint) -> Value
  ) -> Value? {
    guard let value = record[field] else {
      issues.append(
        RecordIssue(
          source: source, position: record.start, field: field, problem: "missing",
          hint: "every record needs group, date, description, amount and debit"))
      return nil
    }
    guard value.kind == .string || (allowingNumber && value.kind == .number) else {
      issues.append(
        RecordIssue(
          source: source, position: value.position, field: field,
          problem: allowingNumber ? "expected a string or a number" : "expected a string", value: value.text))
      return nil
    }
    if let problem = value.encodingProblem {
      issues.append(
        RecordIssue(
          source: source, position: problem.position, field: field, problem: problem.problem,
          value: value.text))
      return nil
    }
    do {
      return try parse(value)
    } catch {
      issues.append(
        RecordIssue(
          source: source, position: value.position, field: field, problem: error.problem, value: value.text,
          hint: error.hint))
      return nil
    }
  }

  private static func date(_ value: RawValue) throws(Complaint) -> CalendarDate {
    do {
      return try CalendarDate(iso8601: value.text)
    } catch {
      switch error {
      case .notISO8601: throw Complaint("not a date in the form YYYY-MM-DD", hint: dateHint)
      case .yearOutOfRange: throw Complaint("not a real calendar date", hint: "years run from 0001 to 9999")
      case .monthOutOfRange: throw Complaint("not a real calendar date", hint: "months run from 01 to 12")
      case .dayOutOfRange: throw Complaint("not a real calendar date", hint: dayHint(value.text))
      }
    }
  }

  /// Says how many days the month of a `YYYY-MM-DD` text has, such as `2016-02 has 29 days`.
  private static func dayHint(_ text: String) -> String {
    let parts = text.split(separator: "-")
    guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]) else { return dateHint }
    return "\(parts[0])-\(parts[1]) has \(CalendarDate.daysIn(month: month, year: year)) days"
  }

  private static func amount(_ value: RawValue) throws(Complaint) -> Money {
    do {
      return try Money(parsingUnsignedDecimal: value.text)
    } catch {
      let problem =
        switch error {
        case .empty: "empty"
        case .signed: "has a sign"
        case .exponent: "uses exponent notation"
        case .tooManyFractionDigits: "has more than two decimals"
        case .tooLarge: "too large (the largest amount is 92233720368547758.07)"
        case .notADecimal: "not a decimal amount"
        }
      throw Complaint(problem, hint: amountHint)
    }
  }

  /// Sorts issues by position, keeping the order of issues at the same position.
  private static func inInputOrder(_ issues: [RecordIssue]) -> [RecordIssue] {
    issues.enumerated().sorted { lhs, rhs in
      switch (lhs.element.position, rhs.element.position) {
      case (let left?, let right?) where left != right: left < right
      default: lhs.offset < rhs.offset
      }
    }.map(\.element)
  }
}
