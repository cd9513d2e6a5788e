import BankFormats
import BankReading
import Entities

/// How the validator reads a record's values: by SPEC §7 (the native format), or by the
/// layout of a bank's export.
struct ValueRules {
  /// The rules of a bank's export, or `nil` for the native ones.
  var bank: Bank?

  /// SPEC §7's rules: the native format.
  static let native = ValueRules(bank: nil)

  /// The rules of a bank's statement (OFX, QIF): signed amounts, the decimal mark the options
  /// give (else a point), and the options' group for every record.
  static func statement(dateLayout: DateLayout, options: ReadingOptions) -> ValueRules {
    ValueRules(
      bank: Bank(
        dateLayout: dateLayout, decimalMark: options.decimalMark ?? .point,
        sign: .signed(debitsPositive: options.debitsPositive), group: options.group))
  }

  /// Where a bank export's debit or credit comes from (`CSVReading/Signs`): a code column,
  /// the debit or credit column that holds the amount (the decoder gives its code, and a sign
  /// on it is ignored), the amount's sign, or a code where a column without a name has one.
  typealias Sign = CSVReading.Signs

  /// The rules of a bank's export.
  struct Bank {
    /// How its dates are written.
    var dateLayout: DateLayout
    /// How its amounts are written.
    var decimalMark: DecimalMark
    /// Where the sign comes from.
    var sign: Sign
    /// The group of a record that does not say its own (in a group column, or by the section
    /// of the file it is in).
    var group: TransactionGroup
    /// The date of a pending record whose date column says it is pending instead of a date,
    /// when the options give one.
    var pendingDate: CalendarDate?
    /// Whether amounts are written as OFX writes them (`WrittenAmount(parsingOFX:)`: a period
    /// or a comma for the radix point, no thousands separators), and not by ``decimalMark``.
    var ofxAmounts = false

    init(
      dateLayout: DateLayout, decimalMark: DecimalMark, sign: Sign, group: TransactionGroup,
      pendingDate: CalendarDate? = nil
    ) {
      self.dateLayout = dateLayout
      self.decimalMark = decimalMark
      self.sign = sign
      self.group = group
      self.pendingDate = pendingDate
    }
  }
}

extension ValueRules {
  /// The rules of a bank's CSV export, as its reading decided them.
  init(reading: CSVReading, options: ReadingOptions) {
    self.init(
      bank: Bank(
        dateLayout: reading.dateLayout.value, decimalMark: reading.decimalMark.value,
        sign: reading.signs.value,
        group: reading.groups.value ?? options.group, pendingDate: options.pendingDate))
  }
}
