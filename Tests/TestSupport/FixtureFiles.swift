import Entities
import Foundation
import Presenters
import Testing

/// The files in the package's `Fixtures` folder, read into values.
///
/// The folder is found from this file's own path, so tests work from any working directory.
/// The readers use Foundation's JSON decoder and build entities with their own validating
/// initializers; they never depend on the Gateways module, whose file reading they would
/// otherwise be testing with itself.
public enum FixtureFiles {
  /// The `Fixtures` folder at the root of the package.
  public static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // TestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package root
    .appendingPathComponent("Fixtures", isDirectory: true)

  /// The reference rows of the demo data: `demo_expected_rows.json`.
  public static let demoExpectedRows = "demo_expected_rows.json"
  /// The 28 demo authorized records: `demo_authorized.json`.
  public static let demoAuthorized = "demo_authorized.json"
  /// The 30 demo posted records: `demo_posted.json`.
  public static let demoPosted = "demo_posted.json"
  /// All 58 demo records in one file: `demo_all.json`.
  public static let demoAll = "demo_all.json"

  /// The location of a fixture file.
  ///
  /// - Parameter name: The file's path inside `Fixtures`, such as `cases/empty.json`.
  /// - Returns: Its URL.
  public static func url(_ name: String) -> URL {
    directory.appendingPathComponent(name)
  }

  /// The path of a fixture file.
  ///
  /// - Parameter name: The file's path inside `Fixtures`, such as `banks/household.qif`.
  /// - Returns: Its path.
  public static func path(_ name: String) -> String {
    url(name).path
  }

  /// Reads a file of report rows in the `--format json` shape into ``ReportRow`` values.
  ///
  /// - Parameter name: The file's path inside `Fixtures`, such as `demo_expected_rows.json`.
  /// - Returns: The rows, in order.
  /// - Throws: ``FixtureError`` (or the decoder's error) when the file is missing or malformed.
  public static func rows(_ name: String) throws -> [ReportRow] {
    let objects = try JSONDecoder().decode([RowObject].self, from: Data(contentsOf: url(name)))
    return try objects.enumerated().map { index, object in
      do {
        return try object.row()
      } catch {
        throw FixtureError("\(name), row \(index + 1): \(error)")
      }
    }
  }

  /// Reads a file of transaction records (a JSON array of objects whose fields are strings;
  /// an amount may also be a JSON number) into ``Transaction`` values.
  ///
  /// - Parameter name: The file's path inside `Fixtures`, such as `demo_all.json`.
  /// - Returns: The transactions, in file order.
  /// - Throws: ``FixtureError`` (or the decoder's error) when the file is missing or any record
  ///   is invalid.
  public static func transactions(_ name: String) throws -> [Transaction] {
    let objects = try JSONDecoder().decode([RecordObject].self, from: Data(contentsOf: url(name)))
    return try objects.enumerated().map { index, object in
      do {
        return try object.transaction()
      } catch {
        throw FixtureError("\(name), record \(index + 1): \(error)")
      }
    }
  }

  /// A source that yields a fixture file's transactions, without origins, on every opening.
  ///
  /// - Parameters:
  ///   - name: The file's path inside `Fixtures`.
  ///   - sourceLocation: Where test failures are reported; the caller's location by default.
  /// - Returns: A source named after the file.
  /// - Throws: The error of ``transactions(_:)``.
  public static func source(
    _ name: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> FakeTransactionSource {
    FakeTransactionSource(name: name, transactions: try transactions(name), sourceLocation: sourceLocation)
  }
}

private struct RowObject: Decodable {
  var type: String
  var title: String?
  var description: String?
  var amount: String?
  var total: String?
  var message: String?
  var odd: Bool?

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case type, title, description, amount, total, message, odd
  }

  /// Any key of a row's object, to find those this reader does not know.
  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Reads a row's object, refusing a key it does not know: a value a row gains must be read
  /// here too, or a golden file that holds it could not tell a right value from a wrong one.
  init(from decoder: any Decoder) throws {
    let all = try decoder.container(keyedBy: AnyKey.self)
    if let unknown = all.allKeys.first(where: { CodingKeys(rawValue: $0.stringValue) == nil }) {
      throw FixtureError(
        "a row has \"\(unknown.stringValue)\", which FixtureFiles.RowObject (TestSupport) does not read: teach it"
      )
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    type = try container.decode(String.self, forKey: .type)
    title = try container.decodeIfPresent(String.self, forKey: .title)
    description = try container.decodeIfPresent(String.self, forKey: .description)
    amount = try container.decodeIfPresent(String.self, forKey: .amount)
    total = try container.decodeIfPresent(String.self, forKey: .total)
    message = try container.decodeIfPresent(String.self, forKey: .message)
    odd = try container.decodeIfPresent(Bool.self, forKey: .odd)
  }

  func row() throws -> ReportRow {
    func required<Value>(_ value: Value?, _ key: String) throws -> Value {
      guard let value else { throw FixtureError("a \(type) row needs \"\(key)\"") }
      return value
    }
    switch type {
    case "header": return .header(title: try required(title, "title"))
    case "subheader": return .subheader(title: try required(title, "title"), odd: try required(odd, "odd"))
    case "detail":
      return .detail(
        description: DescriptionText(try required(description, "description")),
        amount: try required(amount, "amount"),
        odd: try required(odd, "odd")
      )
    case "subfooter": return .subfooter(odd: try required(odd, "odd"))
    case "footer": return .footer(total: try required(total, "total"), odd: try required(odd, "odd"))
    case "grandfooter": return .grandFooter(total: try required(total, "total"))
    case "message": return .message(try required(message, "message"))
    default: throw FixtureError("unknown row type \"\(type)\"")
    }
  }
}

private struct RecordObject: Decodable {
  var group: String
  var date: String
  var description: String
  var amount: AmountText
  var debit: String

  func transaction() throws -> Transaction {
    guard let transactionGroup = TransactionGroup(rawValue: group) else {
      throw FixtureError("group \"\(group)\" is not A or P")
    }
    guard let debitCredit = DebitCredit(rawValue: debit) else {
      throw FixtureError("debit \"\(debit)\" is not D or C")
    }
    return try Transaction.fixture(
      group: transactionGroup, date: date, description: description, amount: amount.text, debit: debitCredit)
  }
}

/// An amount as a fixture writes it: a string, or a JSON number read as its decimal text.
private struct AmountText: Decodable {
  var text: String

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    do {
      text = try container.decode(String.self)
    } catch DecodingError.typeMismatch {
      text = "\(try container.decode(Decimal.self))"
    }
  }
}
