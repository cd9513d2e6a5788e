import BankFormats
import BankReading
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
/// reported at the record's start, or, when the record has a key that is likely the field's
/// name mistyped (``FieldNameGuess``), at that key. Every issue of a record knows where the
/// record starts (``RecordIssue/recordStart``), so a report counts records as well as issues.
struct RecordValidator {
  /// What checking one record gave.
  enum Outcome {
    /// The record is a valid transaction.
    case valid(Transaction, RecordOrigin)
    /// The record is invalid; there is at least one issue, in input order. When the record has
    /// more problems than it keeps (``RawRecord/keptProblemLimit``), the issues are its first
    /// ``RawRecord/keptProblemLimit`` and `unlisted` counts the others.
    case invalid([RecordIssue], unlisted: Int)
  }

  /// The name of the source, for issues: a file path.
  let source: String
  /// The same, as a valid record's origin keeps it.
  let sourceName: SourceName

  /// A validator of a source's records.
  ///
  /// - Parameter source: The name of the source, for issues: a file path.
  init(source: String) {
    self.source = source
    sourceName = SourceName(source)
  }

  /// Checks one record.
  ///
  /// - Parameters:
  ///   - record: The record as a decoder found it.
  ///   - rules: How to read its values: SPEC §7's (the native format's) unless its decoder
  ///     read a bank's export.
  /// - Returns: The transaction, or every issue in the record.
  func validate(_ record: RawRecord, rules: ValueRules = .native) -> Outcome {
    if let bank = rules.bank { return validate(record, bank: bank) }
    var issues: [RecordIssue] = []
    for problem in record.problems {
      issues.append(
        RecordIssue(
          source: source, position: problem.position, field: problem.field, problem: problem.problem,
          value: problem.value))
    }
    let group = check(.group, of: record, issues: &issues) { value throws(Complaint) in
      guard let group = TransactionGroup(rawValue: value.text) else {
        throw Complaint(.notAGroupCode)
      }
      return group
    }
    let date = check(.date, of: record, issues: &issues, parse: Self.date)
    let description = check(.description, of: record, issues: &issues) { value throws(Complaint) in value.text
    }
    let amount = check(.amount, of: record, issues: &issues, allowingNumber: true, parse: Self.amount)
    let debitCredit = check(.debit, of: record, issues: &issues) { value throws(Complaint) in
      guard let debitCredit = DebitCredit(rawValue: value.text) else {
        throw Complaint(.notADebitCreditCode)
      }
      return debitCredit
    }
    guard issues.isEmpty, let group, let date, let description, let amount, let debitCredit,
      let groupValue = record.group, let amountValue = record.amount
    else {
      let located = issues.map { issue in
        var issue = issue
        issue.recordStart = record.start
        return issue
      }
      return Self.invalid(Self.inInputOrder(located), unlisted: record.unlistedProblemCount)
    }
    let transaction = Transaction(
      group: group, date: date, description: description, amount: amount, debitCredit: debitCredit)
    let origin = RecordOrigin(
      sourceName: sourceName, start: record.start, group: groupValue.position, amount: amountValue.position,
      date: record[.date]?.position, description: record[.description]?.position)
    return .valid(transaction, origin)
  }

  /// Checks one record of a bank's export, by its layout's rules: its date in the layout, its
  /// amount as banks write it (``WrittenAmount``), its sign from a code column, from the column
  /// that holds it, or from the amount itself, its group from a group column (`A` or `P`, any
  /// case) or the layout. Spaces around a value are not part of it.
  private func validate(_ record: RawRecord, bank: ValueRules.Bank) -> Outcome {
    var issues = record.problems.map { problem in
      RecordIssue(
        source: source, position: problem.position, field: problem.field, problem: problem.problem,
        value: problem.value)
    }
    // A date column that says the transaction is pending (`Pending`, `Varaus`) holds no date:
    // the record is Authorized, on the day the options give.
    let pendingInDate =
      record[.date].map { BankWords.section(titled: $0.text.trimmingSpaces) == .authorized } ?? false
    let group: TransactionGroup? =
      pendingInDate
      ? .authorized
      : record.group == nil
        ? bank.group
        : check(.group, of: record, issues: &issues) { value throws(Complaint) in
          switch BankWords.status(of: value.text.trimmingSpaces) {
          case .group(.authorized)?: .authorized
          case .group(.posted)?: .posted
          case .didNotHappen?, nil: throw Complaint(.notAStatus)
          }
        }
    let date = check(.date, of: record, issues: &issues) { value throws(Complaint) in
      if pendingInDate {
        guard let pendingDate = bank.pendingDate else { throw Complaint(.pendingWithoutDate) }
        return pendingDate
      }
      do throws(CalendarDateError) {
        return try CalendarDate(value.text.trimmingSpaces, layout: bank.dateLayout)
      } catch {
        switch error {
        case .notISO8601, .notInLayout: throw Complaint(.badDate(.notInLayout(bank.dateLayout)))
        case .yearOutOfRange: throw Complaint(.badDate(.yearOutOfRange))
        case .monthOutOfRange: throw Complaint(.badDate(.monthOutOfRange))
        case .dayOutOfRange:
          throw Complaint(
            .badDate(
              Self.dayOutOfRange(value.text.trimmingSpaces, layout: bank.dateLayout)
            ))
        }
      }
    }
    let description = check(.description, of: record, issues: &issues) { value throws(Complaint) in
      String(value.text.trimmingSpaces)
    }
    var sign = bank.sign
    if case .codeOrSigned(let debitsPositive) = sign {
      // A flag column gives the sign where it has a code; the amount's sign elsewhere.
      sign =
        record.debit.map { !$0.text.trimmingSpaces.isEmpty } ?? false
        ? .codeColumn : .signed(debitsPositive: debitsPositive)
    }
    // A row with neither a debit nor a credit amount has the decoder's problem saying so; its
    // amount and code are not missing on top of it.
    let amountGiven = record.amount != nil || bank.sign != .debitAndCreditColumns
    let amount =
      !amountGiven
      ? nil
      : check(.amount, of: record, issues: &issues) { value throws(Complaint) in
        let written = try Self.writtenAmount(value.text, bank: bank)
        // With a code column, the code gives the sign: a sign on the amount would contradict it.
        if sign == .codeColumn && written.isNegative {
          throw Complaint(.badWrittenAmount(.signed, bank.decimalMark))
        }
        return written
      }
    var debitCredit: DebitCredit?
    switch sign {
    case .codeColumn, .debitAndCreditColumns, .codeAndSign:
      guard amountGiven else { break }
      debitCredit = check(.debit, of: record, issues: &issues) { value throws(Complaint) in
        switch BankWords.isDebit(code: value.text.trimmingSpaces) {
        case true?: .debit
        case false?: .credit
        case nil: throw Complaint(.notADebitCreditCode)
        }
      }
    case .signed(let debitsPositive), .codeOrSigned(let debitsPositive):
      debitCredit = amount.map { $0.isNegative != debitsPositive ? DebitCredit.debit : .credit }
    }
    guard issues.isEmpty, let group, let date, let description, let amount, let debitCredit,
      let amountValue = record.amount
    else {
      // A bank's record has its fields in its own way: a missing one gets the export's hint.
      let located = issues.map { issue in
        var issue = issue
        if issue.readingProblem == .missing {
          issue.problem = .source(AnySourceProblem(ReadingProblem.missingInExport))
        }
        issue.recordStart = record.start
        return issue
      }
      return Self.invalid(Self.inInputOrder(located), unlisted: record.unlistedProblemCount)
    }
    let transaction = Transaction(
      group: group, date: date, description: description, amount: amount.magnitude, debitCredit: debitCredit)
    let origin = RecordOrigin(
      sourceName: sourceName, start: record.start, group: record.group?.position ?? record.start,
      amount: amountValue.position, date: record[.date]?.position, description: record[.description]?.position
    )
    return .valid(transaction, origin)
  }

  /// An amount of a bank's export, read by its rules: as OFX writes amounts, or with the
  /// file's decimal mark.
  ///
  /// A problem names the other decimal mark's option (``ReadingProblem/badWrittenAmount(_:_:)``)
  /// only when that mark reads the amount; otherwise no option helps
  /// (``ReadingProblem/unreadableAmount(_:_:)``), so that a hint never leads to a second one
  /// pointing back (`--decimal-comma`, then `--decimal-point`).
  private static func writtenAmount(_ text: String, bank: ValueRules.Bank) throws(Complaint) -> WrittenAmount
  {
    if bank.ofxAmounts {
      do throws(AmountSyntaxError) {
        return try WrittenAmount(parsingOFX: text.trimmingSpaces)
      } catch {
        throw Complaint(.unreadableAmount(error, nil))
      }
    }
    do throws(AmountSyntaxError) {
      return try WrittenAmount(parsing: text, decimalMark: bank.decimalMark)
    } catch {
      let other: DecimalMark = bank.decimalMark == .point ? .comma : .point
      guard error == .tooManyFractionDigits || error == .misgrouped,
        (try? WrittenAmount(parsing: text, decimalMark: other)) == nil
      else { throw Complaint(.badWrittenAmount(error, bank.decimalMark)) }
      throw Complaint(.unreadableAmount(error, bank.decimalMark))
    }
  }

  /// Why a value breaks its field's rule.
  struct Complaint: Error {
    var problem: ReadingProblem

    init(_ problem: ReadingProblem) {
      self.problem = problem
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
      if let typo = FieldNameGuess.likelyName(for: field, among: record.extraKeys) {
        issues.append(
          RecordIssue(
            source: source, position: typo.position, field: field,
            problem: .likelyTypo(typo.text, of: field, instead: .missing)))
      } else {
        issues.append(
          RecordIssue(
            source: source, position: record.start, field: field, problem: .missing))
      }
      return nil
    }
    guard value.kind == .string || (allowingNumber && value.kind == .number) else {
      issues.append(
        RecordIssue(
          source: source, position: value.position, field: field,
          problem: value.kind == .number ? .numberNotAllowed : .wrongType(numberAllowed: allowingNumber),
          value: value.text))
      return nil
    }
    if let problem = value.encodingProblem {
      issues.append(
        RecordIssue(
          source: source, position: problem.position, field: field, problem: .badText(problem.problem),
          value: value.text))
      return nil
    }
    do {
      return try parse(value)
    } catch {
      let shown = field == .date ? record.writtenDate ?? value.text : value.text
      issues.append(
        RecordIssue(
          source: source, position: value.position, field: field, problem: error.problem, value: shown))
      return nil
    }
  }

  private static func date(_ value: RawValue) throws(Complaint) -> CalendarDate {
    do {
      return try CalendarDate(iso8601: value.text)
    } catch {
      switch error {
      case .notISO8601, .notInLayout: throw Complaint(.badDate(.notISO8601))
      case .yearOutOfRange: throw Complaint(.badDate(.yearOutOfRange))
      case .monthOutOfRange: throw Complaint(.badDate(.monthOutOfRange))
      case .dayOutOfRange: throw Complaint(.badDate(dayOutOfRange(value.text)))
      }
    }
  }

  /// A day the month does not have, in a date of some layout: the month as `YYYY-MM` and its
  /// number of days, such as `2024-02` and 29.
  private static func dayOutOfRange(_ text: Substring, layout: DateLayout) -> DateProblem {
    guard let numbers = layout.numbers(in: text), (1...9999).contains(numbers.year) else {
      return .dayOutOfRange(month: nil, days: nil)
    }
    let year = String(numbers.year)
    let yearText = String(repeating: "0", count: max(0, 4 - year.count)) + year
    let monthText = numbers.month < 10 ? "0\(numbers.month)" : "\(numbers.month)"
    return .dayOutOfRange(
      month: "\(yearText)-\(monthText)", days: CalendarDate.daysIn(month: numbers.month, year: numbers.year))
  }

  /// A day the month does not have, with the month as written and its number of days when the
  /// text says, such as `2016-02` and 29.
  private static func dayOutOfRange(_ text: String) -> DateProblem {
    let parts = text.split(separator: "-")
    guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]) else {
      return .dayOutOfRange(month: nil, days: nil)
    }
    return .dayOutOfRange(
      month: "\(parts[0])-\(parts[1])", days: CalendarDate.daysIn(month: month, year: year))
  }

  private static func amount(_ value: RawValue) throws(Complaint) -> Money {
    do {
      return try Money(parsingUnsignedDecimal: value.text)
    } catch {
      throw Complaint(.badAmount(error))
    }
  }

  /// The outcome of an invalid record whose decoder kept only its first problems and counted
  /// `unlisted` more: its first issues, and the count of the others.
  ///
  /// Every problem not kept comes after the kept ones in the input, so the first
  /// ``RawRecord/keptProblemLimit`` of the issues in input order are the record's first, whatever
  /// the problems not kept were; the rest are counted with them.
  private static func invalid(_ issues: [RecordIssue], unlisted: Int) -> Outcome {
    guard unlisted > 0, issues.count > RawRecord.keptProblemLimit else {
      return .invalid(issues, unlisted: unlisted)
    }
    return .invalid(
      Array(issues.prefix(RawRecord.keptProblemLimit)),
      unlisted: unlisted + issues.count - RawRecord.keptProblemLimit)
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
