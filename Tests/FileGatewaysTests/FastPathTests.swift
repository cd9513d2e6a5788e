import BankFormats
import BankReading
import Entities
import Foundation
import TestSupport
import Testing
import UseCases

@testable import FileGateways

/// The decoders' fast paths (``JSONRecordScanner``, ``CSVRowScanner``) change the speed of
/// valid records and nothing else: with the fast path on and off, every input gives the same
/// records, the same transactions with the same origins and the same issues with the same
/// positions and texts (decision 0022). So do batches that lend descriptions as bytes
/// (decision 0043), once each description is made a `String` again from the bytes lent.
@Suite struct FastPathTests {
  /// Every record of `bytes`, read in chunks of `chunkSize` bytes, with the fast path on or off.
  private static func records(
    _ bytes: [UInt8], _ format: RecordFormat, chunkSize: Int, fastPath: Bool,
    recordLimit: Int = RecordFormat.maximumRecordLength, options: ReadingOptions = .standard
  ) -> [SourceRecord] {
    let input = ByteInput(
      provider: MemoryChunks(bytes: bytes), chunkSize: chunkSize, recordLimit: recordLimit)
    var stream = format.stream(reading: input, source: "input", options: options, usesFastPath: fastPath)
    var records: [SourceRecord] = []
    while let record = stream.next() { records.append(record) }
    return records
  }

  /// Every record of `bytes`, read in batches of `batchSize` that lend descriptions as bytes
  /// (decision 0043), each transaction given back its description from the bytes lent with
  /// it. A transaction lent bytes must have an empty description, and the bytes must be UTF-8.
  private static func recordsLendingDescriptions(
    _ bytes: [UInt8], _ format: RecordFormat, chunkSize: Int, batchSize: Int,
    recordLimit: Int = RecordFormat.maximumRecordLength, options: ReadingOptions = .standard,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> (records: [SourceRecord], lent: Int) {
    let input = ByteInput(
      provider: MemoryChunks(bytes: bytes), chunkSize: chunkSize, recordLimit: recordLimit)
    let stream = format.stream(reading: input, source: "input", options: options)
    var (records, lent) = ([SourceRecord](), 0)
    let batch = RecordBatch(capacity: batchSize)
    repeat {
      batch.empty()
      batch.lendsDescriptionBytes = true
      stream.fill(batch)
      batch.lendRest { record, descriptionBytes in
        guard let descriptionBytes else {
          records.append(copy record)
          return
        }
        guard let whole = record.withDescription(lentAs: descriptionBytes) else {
          Issue.record("bytes lent with \(record)", sourceLocation: sourceLocation)
          return
        }
        records.append(whole)
        lent += 1
      }
    } while batch.isFull
    return (records, lent)
  }

  /// Checks that both paths agree on `bytes` at several chunk sizes, with descriptions made
  /// `String`s or lent as bytes, and returns the records.
  @discardableResult
  private static func expectSamePaths(
    _ bytes: [UInt8], _ format: RecordFormat, _ comment: String, options: ReadingOptions = .standard,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [SourceRecord] {
    let reference = records(bytes, format, chunkSize: 1 << 20, fastPath: false, options: options)
    for chunkSize in [1, 7, 64, 300, 1 << 20] {
      let fast = records(bytes, format, chunkSize: chunkSize, fastPath: true, options: options)
      #expect(
        fast == reference, "\(comment), chunks of \(chunkSize): the fast path read differently",
        sourceLocation: sourceLocation)
      let lending = recordsLendingDescriptions(
        bytes, format, chunkSize: chunkSize, batchSize: 1 + chunkSize % 5, options: options,
        sourceLocation: sourceLocation)
      #expect(
        lending.records == reference,
        "\(comment), chunks of \(chunkSize): descriptions lent as bytes read differently",
        sourceLocation: sourceLocation)
    }
    return reference
  }

  private static func format(of path: String) -> RecordFormat? {
    switch (path as NSString).pathExtension {
    case "json": .json
    case "ndjson": .ndjson
    case "csv": .csv
    default: nil
    }
  }

  @Test func everyFixtureReadsTheSameOnBothPaths() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Fixtures").standardized
    let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
    var checked = 0
    for file in files.sorted() {
      guard let format = Self.format(of: file) else { continue }
      let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(file)))
      Self.expectSamePaths(bytes, format, file)
      checked += 1
    }
    #expect(checked >= 40, "found only \(checked) fixture files under \(root.path)")
  }

  /// The options of a bank's fixture, from the arguments in its `.args` file that name them;
  /// `nil` for one that names its columns (the command line's parser is not this module's).
  private static func options(ofArguments text: String) -> ReadingOptions? {
    var options = ReadingOptions()
    var words = text.split(whereSeparator: \.isWhitespace).map(String.init)[...]
    while let word = words.popFirst() {
      switch word {
      case "--debits-negative": options.debitsNegative = true
      case "--debits-positive": options.debitsPositive = true
      case "--date-format": options.dateLayout = words.popFirst().flatMap { DateLayout(name: $0) }
      case "--pending-date":
        options.pendingDate = words.popFirst().flatMap { try? CalendarDate(iso8601: $0) }
      default: return nil
      }
    }
    return options
  }

  @Test func everyBankExportReadsTheSameOnBothPathsWithItsOptions() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Fixtures").standardized
    var checked = 0
    var transactions = 0
    for folder in ["banks", "banks-corpus"] {
      let files =
        FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)?
        .compactMap { $0 as? String } ?? []
      for file in files.sorted() where file.hasSuffix(".csv") {
        let path = root.appendingPathComponent(folder).appendingPathComponent(file)
        let arguments = try? String(
          contentsOf: path.deletingPathExtension().appendingPathExtension("args"), encoding: .utf8)
        guard let options = Self.options(ofArguments: arguments ?? "") else { continue }
        let bytes = try [UInt8](Data(contentsOf: path))
        let read = Self.expectSamePaths(bytes, .csv, "\(folder)/\(file)", options: options)
        transactions += read.filter { if case .transaction = $0 { true } else { false } }.count
        checked += 1
      }
    }
    #expect(checked >= 40, "found only \(checked) bank exports under \(root.path)")
    #expect(transactions >= 200)
  }

  /// Bank exports written to reach every rule the fast path of a bank's export gives up at,
  /// beside rows it reads: statuses, sections, labels, summary rows, spaces, quotes, other
  /// scripts, a comma that may cut an amount, month names, line breaks of each kind.
  @Test(arguments: 0..<6)
  func generatedBankExportsReadTheSameOnBothPaths(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed))
    let descriptions = [
      "REWE Markt #1186", "Café Lune, Montréal", "東京ラーメン #0968", "Mark's Work Wearhouse", "A&W",
      "\"The \"\"Rex\"\" Bar\"", "Saldo", "Total", "Opening balance", " padded ", "", "Summe",
      "Anfangssaldo 01.01.2024", "#Saldo", "Gesamt", "Balance Fitness Club", "Tab\tInside", "\"multi\nline\"",
      "Tim Hortons", "Ünïcödé Straße",
    ]
    let statuses = ["Gebucht", "Vorgemerkt", "gebucht", "Storniert", "", "Pending", "Unknown", " Gebucht"]
    let amounts = [
      "-853,20", "424,46", "12", "-0,00", "1.234,56", "(5,00)", "12,5", "EUR 3,00", "-", "12,345", "+7,00",
      "999999999999999999,99", "abc",
    ]
    let dates = [
      "01.02.2024", "13.01.2024", "31.02.2024", "1.2.2024", "2024-01-02", "", "Vorgemerkt", " 03.01.2024",
    ]
    for layout in 0..<3 {
      let delimiter = [";", ",", "\t"][layout]
      var text = layout == 0 ? "Umsatzanzeige\nKonto;DE0012\n" : ""
      text +=
        ["Buchungstag", "Status", "Verwendungszweck", "Betrag (EUR)"].joined(separator: delimiter) + "\n"
      for row in 0..<120 {
        if row % 37 == 5 {
          text += "Vorgemerkte Umsätze\n"
          continue
        }
        let fields = [
          dates.randomElement(using: &random)!, statuses.randomElement(using: &random)!,
          descriptions.randomElement(using: &random)!,
          delimiter == ","
            ? amounts.randomElement(using: &random)!.replacingOccurrences(of: ",", with: ".")
            : amounts.randomElement(using: &random)!,
        ]
        // Mostly plain rows, so that the fast path reads many of them.
        let plain = ["0\(1 + row % 9).01.2024", "Gebucht", "Laden #\(row)", "-\(row),\(10 + row % 80)"]
        let chosen = row % 3 == 0 ? fields : plain
        let written = chosen.map { delimiter == "," ? $0.replacingOccurrences(of: ",", with: ".") : $0 }
        text += written.joined(separator: delimiter) + (row % 11 == 0 ? "\r\n" : "\n")
      }
      for summaryRows in [ReadingOptions.SummaryRows?.none, .skip, .count] {
        let options = ReadingOptions(
          dateLayout: DateLayout(name: "DD.MM.YYYY"), debitsNegative: true, summaryRows: summaryRows)
        Self.expectSamePaths(Array(text.utf8), .csv, "seed \(seed), layout \(layout)", options: options)
      }
      // Both paths are taken: the rows the fast path reads, and the others.
      let (placed, other) = Self.rowsByPath(
        Array(text.utf8),
        options: ReadingOptions(
          dateLayout: DateLayout(name: "DD.MM.YYYY"), debitsNegative: true, summaryRows: .count))
      #expect(placed >= 30, "layout \(layout): \(placed) rows on the fast path")
      #expect(other >= 10, "layout \(layout): \(other) rows read fully")
    }
  }

  @Test(
    "A bank row's date, amount and status are read where they lie only where the full reading's fields end"
  )
  func bankValuesInPlaceEndWhereTheFullReadingEndsThem() {
    // Each text has plain rows, read in place, and a row whose value in place would run over
    // a delimiter: a comma that is both the delimiter and the decimal mark, a date whose
    // separator is the delimiter, a status read before, in quotes, that holds the delimiter.
    let texts: [(String, ReadingOptions)] = [
      (
        """
        Date,Description,Amount
        01.02.2024,Laden 1,"-10,00"
        02.02.2024,Laden 2,"-5,50"
        03.02.2024,Laden 3,-7,25
        04.02.2024,Laden 4,"-1,00"

        """,
        ReadingOptions(dateLayout: DateLayout(name: "DD.MM.YYYY"), debitsNegative: true)
      ),
      (
        """
        Buchungstag;Verwendungszweck;Betrag (EUR)
        "01;02;2024";Laden 1;-10,00
        "02;02;2024";Laden 2;-5,50
        03;02;2024;Laden 3;-7,25
        "04;02;2024";Laden 4;-1,00

        """,
        ReadingOptions(dateLayout: DateLayout(name: "DD;MM;YYYY"), debitsNegative: true)
      ),
      (
        """
        Buchungstag;Status;Verwendungszweck;Betrag (EUR)
        01.02.2024;Gebucht;Laden 1;-10,00
        02.02.2024;Gebucht;Laden 2;-5,50
        03.02.2024;Gebucht;Laden;Laden 3;-7,25
        04.02.2024;Vorgemerkt;Laden 4;-1,00

        """,
        ReadingOptions(dateLayout: DateLayout(name: "DD.MM.YYYY"), debitsNegative: true)
      ),
    ]
    for (text, options) in texts {
      #expect(options.dateLayout != nil, "no date layout for \(text.debugDescription)")
      let read = Self.expectSamePaths(Array(text.utf8), .csv, text.debugDescription, options: options)
      let transactions = read.filter { if case .transaction = $0 { true } else { false } }.count
      #expect(transactions >= 2, "\(transactions) transactions in \(text.debugDescription)")
    }
    // A status in quotes that holds the delimiter (a tab) says a group; a row past the part of
    // the file the reading looks at writes it without quotes, as two fields. Read in place as
    // the status read before, it would be one, and the row would have the header's shape.
    var long = "Buchungstag\tStatus\tVerwendungszweck\tBetrag (EUR)\n"
    long += "01.02.2024\t\"Gebucht\tBuchung\"\tLaden\t-1,00\n"
    while long.utf8.count <= CSVSample.size { long += "02.02.2024\tGebucht\tLaden\t-5,50\n" }
    long += "03.02.2024\tGebucht\tBuchung\tLaden\t-7,25\n04.02.2024\tGebucht\tLaden\t-1,00\n"
    let options = ReadingOptions(dateLayout: DateLayout(name: "DD.MM.YYYY"), debitsNegative: true)
    let reference = Self.records(
      Array(long.utf8), .csv, chunkSize: 1 << 20, fastPath: false, options: options)
    let fast = Self.records(Array(long.utf8), .csv, chunkSize: 1 << 20, fastPath: true, options: options)
    #expect(fast == reference, "a status that holds the delimiter, read past the reading's sample")
    let transactions = reference.filter { if case .transaction = $0 { true } else { false } }.count
    #expect(transactions == reference.count - 1, "every row but the one of five fields: \(transactions)")
    // The decoder itself leaves that row to the full reading, which finds its five fields.
    let (placed, other) = Self.rowsByPath(Array(long.utf8), options: options)
    #expect(other == 1 && placed == transactions, "\(placed) rows on the fast path, \(other) read fully")
  }

  @Test(
    "A status read before is told in place at every length, shorter, as long as and longer than two words, middle or last, and not when the field goes on",
    arguments: [false, true])
  func statusesInPlaceAtEveryLength(statusLast: Bool) {
    // From one byte to seventeen, eight among them (the first of the statuses' two words), each
    // also written with a letter more or its last letter changed, which is no status.
    let statuses = [
      "A", "Hold", "Pending", "Complete", "Processed", "Vorgemerkt", "Authorization", "Contabilizzato",
      "Comptabilisée", "Gebucht", "da contabilizzare", "in behandeling",
    ]
    let header =
      statusLast
      ? "Buchungstag;Verwendungszweck;Betrag (EUR);Status"
      : "Buchungstag;Status;Verwendungszweck;Betrag (EUR)"
    var text = header + "\n"
    for row in 0..<(statuses.count * 6) {
      // A letter more, or the last one changed: no status.
      let status = statuses[row % statuses.count]
      let written =
        switch row % 7 {
        case 6: status + "x"
        case 5: String(status.dropLast()) + "x"
        default: status
        }
      let (date, description, amount) = ("0\(1 + row % 9).02.2024", "Laden \(row)", "-\(row),50")
      text +=
        (statusLast ? [date, description, amount, written] : [date, written, description, amount])
        .joined(separator: ";") + "\n"
    }
    let options = ReadingOptions(dateLayout: DateLayout(name: "DD.MM.YYYY"), debitsNegative: true)
    let read = Self.expectSamePaths(Array(text.utf8), .csv, "statuses, last: \(statusLast)", options: options)
    let groups = read.compactMap { record -> TransactionGroup? in
      guard case .transaction(let transaction, _) = record else { return nil }
      return transaction.group
    }
    #expect(groups.count >= statuses.count * 4, "\(groups.count) transactions")
    #expect(groups.contains(.authorized) && groups.contains(.posted))
    // After the first row of each status, its rows are read on the fast path.
    let (placed, _) = Self.rowsByPath(Array(text.utf8), options: options)
    #expect(placed >= statuses.count * 4, "\(placed) rows on the fast path")
  }

  @Test(
    "Quotes written twice in a description are one wherever they stand, runs of them too, on both paths",
    arguments: [false, true])
  func doubledQuotesAnywhere(bank: Bool) {
    // As written inside the quotes, and as read.
    let descriptions = [
      ("\"\"Quoted\"\" first", "\"Quoted\" first"), ("last \"\"word\"\"", "last \"word\""),
      ("\"\"\"\"", "\"\""), ("a\"\"\"\"b", "a\"\"b"),
      (
        "more than eight bytes \"\"here\"\" and \"\"there\"\" too",
        "more than eight bytes \"here\" and \"there\" too"
      ),
      ("Mark\"\"s Café \"\"Lune\"\"", "Mark\"s Café \"Lune\""), ("\"\"x", "\"x"),
    ]
    var text = bank ? "Buchungstag;Verwendungszweck;Betrag (EUR)\n" : "group,date,description,amount,debit\n"
    for (index, (written, _)) in descriptions.enumerated() {
      text +=
        bank
        ? "0\(index + 1).02.2024;\"\(written)\";-\(index + 1),50\n"
        : "A,2024-02-0\(index + 1),\"\(written)\",1.50,D\n"
    }
    let options =
      bank ? ReadingOptions(dateLayout: DateLayout(name: "DD.MM.YYYY"), debitsNegative: true) : .standard
    let read = Self.expectSamePaths(Array(text.utf8), .csv, "doubled quotes, bank: \(bank)", options: options)
    let shown = read.compactMap { record -> String? in
      guard case .transaction(let transaction, _) = record else { return nil }
      return transaction.description
    }
    #expect(shown == descriptions.map(\.1))
  }

  @Test("A summary row is proved by the sum of the rows above it that the fast path read")
  func summaryProvedByRowsReadOnTheFastPath() {
    let text = """
      Buchungstag;Status;Verwendungszweck;Betrag (EUR)
      01.02.2024;Gebucht;Laden 1;-10,00
      02.02.2024;Gebucht;Laden 2;-5,50
      03.02.2024;Gebucht;Summe;-15,50
      04.02.2024;Vorgemerkt;Laden 3;-1,00

      """
    let options = ReadingOptions(dateLayout: DateLayout(name: "DD.MM.YYYY"), debitsNegative: true)
    let read = Self.expectSamePaths(Array(text.utf8), .csv, "a summary row", options: options)
    let transactions = read.compactMap { record -> Transaction? in
      guard case .transaction(let transaction, _) = record else { return nil }
      return transaction
    }
    #expect(transactions.map(\.description) == ["Laden 1", "Laden 2", "Laden 3"])
    #expect(transactions.map(\.group) == [.posted, .posted, .authorized])
    #expect(!read.contains { if case .invalid = $0 { true } else { false } })
  }

  @Test func plainRecordsTakeTheFastPathAndOthersDoNot() {
    let plain = Array(
      #"{"group":"A","date":"2016-04-01","description":"Café","amount":"3.50","debit":"D"}"#.utf8)
    let escapedDescription = Array(
      #"{"group":"A","date":"2016-04-01","description":"\"Caf\u00e9\"","amount":"3.50","debit":"D"}"#.utf8)
    let escapedGroup = Array(
      #"{"group":"\u0041","date":"2016-04-01","description":"Café","amount":"3.50","debit":"D"}"#.utf8)
    var fast = NDJSONRecordDecoder(input: ByteInput(bytes: plain + [0x0A] + escapedDescription))
    guard case .placed(let record, let origin) = Self.read(&fast),
      case .placed(let escaped, let escapedOrigin) = Self.read(&fast)
    else {
      Issue.record("a plain record did not take the fast path")
      return
    }
    #expect(record.description == "Café")
    #expect(origin.amount == TextPosition(line: 1, column: 64))
    #expect(origin.source == "test")
    #expect(escaped.description == #""Café""#)
    #expect(escapedOrigin.amount == TextPosition(line: 2, column: 73))
    var full = NDJSONRecordDecoder(input: ByteInput(bytes: escapedGroup))
    guard case .other(.record(let raw)) = Self.read(&full) else {
      Issue.record("a record with an escape outside its description was not read fully")
      return
    }
    #expect(raw.group?.text == "A")

    let csv = Array(
      "group,date,description,amount,debit\nP,2016-04-02,\"Joe's \"\"Pizza\"\", Inc.\",12.00,C\n".utf8)
    var rows = CSVRecordDecoder(input: ByteInput(bytes: csv))
    guard case .placed(let row, let rowOrigin) = Self.read(&rows) else {
      Issue.record("a plain CSV row did not take the fast path")
      return
    }
    #expect(row.description == #"Joe's "Pizza", Inc."#)
    #expect(rowOrigin.amount == TextPosition(line: 2, column: 38))

    var array = JSONRecordDecoder(input: ByteInput(bytes: Array("[\n  ".utf8) + plain + Array("\n]".utf8)))
    guard case .placed(let element, let elementOrigin) = Self.read(&array) else {
      Issue.record("a plain record of a JSON array did not take the fast path")
      return
    }
    #expect(element.description == "Café")
    #expect(elementOrigin.start == TextPosition(line: 2, column: 3))
    #expect(elementOrigin.amount == TextPosition(line: 2, column: 66))
    guard case .other(nil) = Self.read(&array) else {
      Issue.record("the array did not end after its one record")
      return
    }
  }

  @Test("A CSV date, amount or letter read where it lies ends where the full reading ends it, in any column")
  func shortCSVFieldsEndWhereTheFullReadingEndsThem() {
    // Each order puts another of the short fields last, where only a line break may end it.
    let orders = [
      ["group", "date", "description", "amount", "debit"],
      ["description", "debit", "amount", "group", "date"],
      ["date", "group", "debit", "description", "amount"],
      ["amount", "date", "debit", "description", "group"],
    ]
    // The plain value first, then values close to its short form.
    let values: [String: [String]] = [
      "group": ["A", "P", "\"A\"", "X", "AP", "\"", ""],
      "date": ["2016-04-01", "2016-04-011", "\"2016-04-01\"", "2016-4-01", "2016-04-0"],
      "amount": [
        "12.34", "12.345", "1.5", "\"12.34\"", "123456789012345.67", "1234567890123456.78", "12.3", ".34",
      ],
      "debit": ["D", "C", "\"C\"", "x", "DC"],
      "description": ["LCBO"],
    ]
    let ends = ["\n", "\r\n", "\r", ",extra\n", "\"\n", ""]
    var (texts, transactions) = (0, 0)
    for order in orders {
      let plainRow = order.map { values[$0]?.first ?? "" }.joined(separator: ",")
      var plain = CSVRecordDecoder(
        input: ByteInput(bytes: Array((order.joined(separator: ",") + "\n" + plainRow + "\n").utf8)))
      guard case .placed = Self.read(&plain) else {
        Issue.record("a plain row did not take the fast path, columns \(order)")
        continue
      }
      for column in order where column != "description" {
        for value in values[column] ?? [] {
          for end in ends {
            let row = order.map { $0 == column ? value : values[$0]?.first ?? "" }.joined(separator: ",")
            let text = order.joined(separator: ",") + "\n" + row + end + plainRow + "\n"
            let records = Self.expectSamePaths(Array(text.utf8), .csv, text.debugDescription)
            transactions += records.filter { if case .transaction = $0 { true } else { false } }.count
            texts += 1
          }
        }
      }
    }
    // Most texts must hold valid rows (the plain row after a row that breaks the line's quotes
    // is not one), or the fast path would go untested.
    #expect(transactions > texts * 3 / 4, "\(transactions) transactions in \(texts) texts")
  }

  /// How many rows of a CSV text the fast path builds in their slot, and how many it leaves to
  /// the full reading (records, notes and problems it returns instead).
  private static func rowsByPath(_ bytes: [UInt8], options: ReadingOptions) -> (placed: Int, other: Int) {
    var decoder = CSVRecordDecoder(input: ByteInput(bytes: bytes), options: options)
    var (placed, other) = (0, 0)
    while true {
      switch read(&decoder) {
      case .placed: placed += 1
      case .other(nil): return (placed, other)
      case .other: other += 1
      }
    }
  }

  /// What a decoder read: a record it built in its slot, or what it returned instead.
  private enum Read {
    case placed(Transaction, RecordOrigin)
    case other(DecodedRecord?)
  }

  /// Reads the next record of a decoder with a slot of its own, named `test`.
  private static func read(_ decoder: inout some RecordDecoder) -> Read {
    withUnsafeTemporaryAllocation(of: SourceRecord.self, capacity: 1) { buffer in
      guard let pointer = buffer.baseAddress else { return .other(nil) }
      let slot = RecordSlot(pointer: pointer, source: "test")
      let decoded = decoder.nextRecord(placingValidIn: slot)
      slot.expectHolding(exactlyWhen: decoded)
      guard case .placed = decoded else { return .other(decoded) }
      guard case .transaction(let transaction, let origin?) = slot.pointer.move() else {
        Issue.record("a placed record that is not a transaction with its origin")
        return .other(nil)
      }
      return .placed(transaction, origin)
    }
  }

  @Test(arguments: [RecordFormat.json, .ndjson, .csv])
  func generatedInputsReadTheSameOnBothPaths(format: RecordFormat) {
    var random = SplitMix64(seed: 0x5EED)
    var (transactions, lent) = (0, 0)
    for round in 0..<1_000 {
      var bytes = GeneratedInput.bytes(format: format, records: 1 + round % 6, random: &random)
      if round % 2 == 0 { GeneratedInput.corrupt(&bytes, random: &random) }
      let records = Self.expectSamePaths(
        bytes, format, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
      transactions += records.filter { if case .transaction = $0 { true } else { false } }.count
      lent += Self.recordsLendingDescriptions(bytes, format, chunkSize: 1 << 20, batchSize: 4).lent
    }
    // The generator must make valid records too, or the fast path would go untested; and the
    // fast path must lend their descriptions as bytes.
    #expect(transactions > 500)
    #expect(lent > 400, "only \(lent) descriptions lent as bytes")
  }

  @Test(
    "Records laid out alike, read by the shape of the one before, and those that differ, read the same on both paths"
  )
  func recordsWrittenAlikeReadTheSameOnBothPaths() {
    var random = SplitMix64(seed: 0xA11CE)
    var (transactions, readByShape) = (0, [0, 0])
    for round in 0..<1_200 {
      let format = round % 2 == 0 ? RecordFormat.json : .ndjson
      var bytes = GeneratedInput.bytes(format: format, records: 4 + round % 13, random: &random, alike: true)
      if round % 3 == 0 { GeneratedInput.corrupt(&bytes, random: &random) }
      let records = Self.expectSamePaths(
        bytes, format, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
      transactions += records.filter { if case .transaction = $0 { true } else { false } }.count
      readByShape[format == .json ? 0 : 1] += Self.recordsReadByShape(bytes, format)
    }
    #expect(transactions > 1_000, "only \(transactions) valid records")
    // Both kinds of file must have records read by the shape of the one before, or the shaped
    // path would go untested.
    #expect(readByShape[0] > 100 && readByShape[1] > 200, "read by shape, JSON and NDJSON: \(readByShape)")
  }

  /// How many records of `bytes` the fast path reads by the shape of the one before, read in one
  /// chunk.
  private static func recordsReadByShape(_ bytes: [UInt8], _ format: RecordFormat) -> Int {
    func readAll(_ decoder: inout some RecordDecoder) {
      // At most a record a byte: the decoder ends with `nil`.
      for _ in 0...bytes.count {
        guard case .other(nil) = read(&decoder) else { continue }
        return
      }
    }
    if format == .json {
      var decoder = JSONRecordDecoder(input: ByteInput(bytes: bytes))
      readAll(&decoder)
      return decoder.shape.recordsRead
    }
    var decoder = NDJSONRecordDecoder(input: ByteInput(bytes: bytes))
    readAll(&decoder)
    return decoder.shape.recordsRead
  }

  @Test("A valid record on one line leaves its shape, and the next record is read by it")
  func aRecordLeavesItsShape() {
    let record = #"{"group": "A", "date": "2016-04-01", "description": "Café", "amount": 3.5, "debit": "D"}"#
    let other = #"{"date":"2016-04-02","group":"P","debit":"C","amount":"12.00","description":"Tea"}"#
    let split =
      "{\"group\": \"A\",\n\"date\": \"2016-04-03\", \"description\": \"X\", \"amount\": 1, \"debit\": \"D\"}"
    let lines = [record, record, record, other, other, split, record, record].joined(separator: ",\n")
    // Spaces after the array: a shape is compared a word at a time, and the last record needs
    // a word's room after its `}` to be read by it.
    var decoder = JSONRecordDecoder(input: ByteInput(bytes: Array("[\(lines)]        ".utf8)))
    var (shapes, readByShape, days) = ([Bool](), [Int](), [Int]())
    for _ in 0..<8 {
      guard case .placed(let transaction, _) = Self.read(&decoder) else {
        Issue.record("a valid record was not read on the fast path")
        return
      }
      shapes.append(decoder.shape.isKnown)
      readByShape.append(decoder.shape.recordsRead)
      days.append(transaction.date.day)
    }
    // The record with a line feed inside leaves no shape: its line is counted the general way.
    #expect(shapes == [true, true, true, true, true, false, true, true])
    // Read by the shape of the one before: the second and third, the second of the other
    // layout, the last.
    #expect(readByShape == [0, 1, 2, 2, 3, 3, 3, 4])
    #expect(days == [1, 1, 1, 2, 2, 3, 1, 1])
  }

  @Test(arguments: [RecordFormat.json, .ndjson, .csv])
  func underALimitOnARecordBothPathsAndEveryChunkingReadTheSame(format: RecordFormat) {
    var random = SplitMix64(seed: 0x11_417)
    var (cut, whole) = (0, 0)
    for round in 0..<600 {
      var bytes = GeneratedInput.bytes(format: format, records: 1 + round % 6, random: &random)
      if round % 2 == 0 { GeneratedInput.corrupt(&bytes, random: &random) }
      // Generated records take 70 to 160 bytes (CSV rows 25 to 60): some fit, some do not.
      let limit = format == .csv ? 15 + round % 50 : 60 + round % 100
      let unlimited = Self.records(bytes, format, chunkSize: 1 << 20, fastPath: false)
      let reference = Self.records(bytes, format, chunkSize: 1 << 20, fastPath: false, recordLimit: limit)
      let comment = "round \(round), limit \(limit): \(String(decoding: bytes, as: UTF8.self))"
      for chunkSize in [1, 7, 64, 300, 1 << 20] {
        let fast = Self.records(bytes, format, chunkSize: chunkSize, fastPath: true, recordLimit: limit)
        #expect(fast == reference, "\(comment), chunks of \(chunkSize): read differently")
        // A record placed, then taken back at the limit, must take its lent bytes back too.
        let lending = Self.recordsLendingDescriptions(
          bytes, format, chunkSize: chunkSize, batchSize: 3, recordLimit: limit)
        #expect(lending.records == reference, "\(comment), chunks of \(chunkSize), lent: read differently")
      }
      guard case .invalid(let issue)? = reference.last,
        issue.readingProblem == .syntax(.recordTooLong(limit: limit))
      else {
        #expect(reference == unlimited, "\(comment): no record was cut, yet the records differ")
        whole += 1
        continue
      }
      cut += 1
      #expect(Array(reference.dropLast()) == Array(unlimited.prefix(reference.count - 1)), "\(comment)")
    }
    #expect(cut > 100 && whole > 100, "\(cut) inputs cut, \(whole) whole: the limits test too little")
  }

  /// A description with every JSON escape (a surrogate pair and `\u0000` among them), or with
  /// doubled CSV quotes, repeated past the 1,024 bytes `withUnsafeTemporaryAllocation` keeps on
  /// the stack and to hundreds of KiB (two such records in one 1 MiB chunk): the fast path
  /// decodes it into memory lent for the call, made a `String` or lent as bytes, and must write
  /// every byte of it.
  @Test(arguments: [RecordFormat.json, .ndjson, .csv], [1, 40, 6_000])
  func longEscapedDescriptionsDecodeWholeOnBothPaths(format: RecordFormat, repeats: Int) {
    let (piece, decoded) =
      format == .csv
      ? (#"a""b é""東🌮,"" "#, "a\"b é\"東🌮,\" ")
      : (
        #"\"\\\/\b\f\n\r\t\u0000\u00e9\u20AC\uFFFF\ud83c\udf2e\uDBFF\uDFFF é東🌮 "#,
        "\"\\/\u{8}\u{C}\n\r\t\u{0}é€\u{FFFF}🌮\u{10FFFF} é東🌮 "
      )
    let (escaped, expected) = (
      String(repeating: piece, count: repeats), String(repeating: decoded, count: repeats)
    )
    let text: String
    switch format {
    case .csv:
      text =
        "group,date,description,amount,debit\nA,2016-04-02,\"\(escaped)\",1.00,D\nA,2016-04-01,\"x\(escaped)\",2.00,D\n"
    default:
      let records = [("2016-04-02", escaped, "1.00"), ("2016-04-01", "x" + escaped, "2.00")].map {
        #"{"group":"A","date":"\#($0.0)","description":"\#($0.1)","amount":"\#($0.2)","debit":"D"}"#
      }
      text =
        format == .json
        ? "[" + records.joined(separator: ",\n") + "]\n" : records.joined(separator: "\n") + "\n"
    }
    let bytes = Array(text.utf8)
    let comment = "\(format), \(repeats) times \(bytes.count) bytes"
    // Both paths of every chunking agree (the full parser is the reference)…
    let reference = Self.expectSamePaths(bytes, format, comment)
    // …and the reference holds the text, so the fast path's output is checked byte for byte.
    let descriptions = reference.compactMap { record -> String? in
      guard case .transaction(let transaction, _) = record else { return nil }
      return transaction.description
    }
    #expect(
      descriptions == [expected, "x" + expected],
      "\(comment): \(reference.first.map { "\($0)".prefix(300) } ?? "")")
    // The fast path read them both: made `String`s, and lent as bytes.
    let input = ByteInput(provider: MemoryChunks(bytes: bytes), chunkSize: 1 << 20)
    var stream = format.stream(reading: input, source: "input", usesFastPath: true)
    var fastDescriptions: [String] = []
    while let record = stream.next() {
      if case .transaction(let transaction, _) = record { fastDescriptions.append(transaction.description) }
    }
    #expect(fastDescriptions == [expected, "x" + expected], "\(comment): the fast path made other strings")
    let lending = Self.recordsLendingDescriptions(bytes, format, chunkSize: 1 << 20, batchSize: 4)
    #expect(lending.lent == 2, "\(comment): \(lending.lent) descriptions lent as bytes, not 2")
  }

  /// Each record's result is passed through the decoder's layers; a large one cost a sorted
  /// CSV file a tenth of its time (see `DecodedRecord.malformed`).
  @Test("A decoder's result is a word and its case: its raw record and malformed input are boxed")
  func decodedRecordIsSmall() {
    #expect(MemoryLayout<DecodedRecord>.size <= MemoryLayout<Int>.size + 1)
  }
}

/// Bytes in memory, given out in chunks of whatever size the input asks for.
private struct MemoryChunks: ByteProvider {
  let bytes: [UInt8]
  var offset = 0

  mutating func readChunk(into buffer: UnsafeMutableRawBufferPointer) -> ByteReadResult {
    guard offset < bytes.count else { return .endOfFile }
    let count = min(buffer.count, bytes.count - offset)
    bytes[offset..<offset + count].withUnsafeBytes { buffer.copyMemory(from: $0) }
    offset += count
    return .bytes(count)
  }
}

/// Inputs near the edge of plain: mostly valid records, with whitespace, escapes, other
/// scripts, numbers, extra and repeated keys, and bad values mixed in.
private enum GeneratedInput {
  static let descriptions: [[UInt8]] = [
    Array("Starbucks".utf8), Array("Café Lune, Montréal".utf8), Array("東京ラーメン".utf8),
    Array("Taco 🌮 Truck".utf8), Array(#"The "Rex""#.utf8), Array("".utf8), Array("e\u{301}".utf8),
    [0x41, 0xFF, 0x42], [0x41, 0x7F], [0x41, 0x09, 0x42], Array("back\\slash".utf8),
  ]
  static let amounts = ["12.34", "0", "7", "3.5", "012", "1e3", "-5", "1.234", "99999999999999999999", ""]
  static let dates = ["2016-04-01", "2016-02-29", "2015-02-29", "2016-4-1", "2016-13-01"]

  /// Replaces one byte, anywhere, with one that often matters to the syntax.
  static func corrupt(_ bytes: inout [UInt8], random: inout SplitMix64) {
    guard !bytes.isEmpty else { return }
    let replacements: [UInt8] = Array(#"!",:{}[]\ x0."#.utf8) + [0x0A, 0x0D, 0x09, 0xFF, 0xC3]
    bytes[Int(random.next() % UInt64(bytes.count))] =
      replacements[Int(random.next() % UInt64(replacements.count))]
  }

  /// Generated records; when `alike`, most JSON records of the input are laid out alike (the
  /// order of their members and the whitespace around each token), as a program writes them, and
  /// about one in six another way.
  static func bytes(format: RecordFormat, records: Int, random: inout SplitMix64, alike: Bool = false)
    -> [UInt8]
  {
    switch format {
    case .ofx, .qif:
      return []  // no fast path: the statements of banks are read by their full decoders only
    case .json:
      // Most programs write a record on one line; a line feed in a layout leaves no shape.
      let layout = alike ? Layout(&random, lines: random.next() % 4 == 0) : nil
      var text: [UInt8] = Array("[".utf8) + whitespace(&random, lines: true)
      for index in 0..<records {
        if index > 0 { text += Array(",".utf8) + whitespace(&random, lines: true) }
        text += jsonRecord(&random, lines: true, layout: random.next() % 6 == 0 ? nil : layout)
      }
      return text + whitespace(&random, lines: true) + Array("]\n".utf8)
    case .ndjson:
      let layout = alike ? Layout(&random, lines: false) : nil
      var text: [UInt8] = []
      for _ in 0..<records {
        text += jsonRecord(&random, lines: false, layout: random.next() % 6 == 0 ? nil : layout)
        text += random.next() % 4 == 0 ? Array("\r\n".utf8) : [0x0A]
      }
      return text
    case .csv:
      var text: [UInt8] = Array("group,date,description,amount,debit".utf8)
      if random.next() % 5 == 0 { text += Array(",note".utf8) }
      let columns = text.filter { $0 == UInt8(ascii: ",") }.count + 1
      text += [0x0A]
      for _ in 0..<records { text += csvRow(&random, columns: columns) }
      return text
    }
  }

  private static func pick<T>(_ values: [T], _ random: inout SplitMix64, plainly plain: T) -> T {
    random.next() % 3 == 0 ? values[Int(random.next() % UInt64(values.count))] : plain
  }

  private static func whitespace(_ random: inout SplitMix64, lines: Bool) -> [UInt8] {
    let choices: [[UInt8]] =
      lines ? [[], [0x20], [0x0A], [0x0D, 0x0A], [0x09, 0x20]] : [[], [0x20], [0x09]]
    return pick(choices, &random, plainly: [])
  }

  private static func jsonString(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
    var escaped: [UInt8] = []
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): escaped += [UInt8(ascii: "\\"), byte]
      case 0x09: escaped += random.next() % 2 == 0 ? Array("\\t".utf8) : [0x09]
      default: escaped.append(byte)
      }
    }
    if random.next() % 8 == 0 { escaped += Array("\\u00e9".utf8) }
    return [UInt8(ascii: "\"")] + escaped + [UInt8(ascii: "\"")]
  }

  /// How a program lays out each record it writes: the order of the five members, and the
  /// whitespace around each token.
  struct Layout {
    let order: [Int]
    let spaces: [[UInt8]]

    init(_ random: inout SplitMix64, lines: Bool) {
      order = Array(0..<5).shuffled(using: &random)
      spaces = (0..<30).map { _ in GeneratedInput.whitespace(&random, lines: lines) }
    }
  }

  private static func jsonRecord(_ random: inout SplitMix64, lines: Bool, layout: Layout? = nil) -> [UInt8] {
    let amount = pick(amounts, &random, plainly: "12.34")
    let amountValue = random.next() % 3 == 0 ? Array(amount.utf8) : jsonString(Array(amount.utf8), &random)
    var members: [(String, [UInt8])] = [
      ("group", jsonString(Array(pick(["A", "P", "X", "a"], &random, plainly: "A").utf8), &random)),
      ("date", jsonString(Array(pick(dates, &random, plainly: "2016-04-01").utf8), &random)),
      ("description", jsonString(pick(descriptions, &random, plainly: Array("Starbucks".utf8)), &random)),
      ("amount", amountValue.isEmpty ? Array("null".utf8) : amountValue),
      ("debit", jsonString(Array(pick(["D", "C", "d"], &random, plainly: "D").utf8), &random)),
    ]
    if let layout {
      members = layout.order.map { members[$0] }
    } else {
      members.shuffle(using: &random)
    }
    if random.next() % 6 == 0 { members.append(("id", Array("7".utf8))) }
    if random.next() % 8 == 0 { members.append(("amount", Array("1.00".utf8))) }
    if random.next() % 8 == 0 { members.remove(at: Int(random.next() % UInt64(members.count))) }
    var spaces = layout?.spaces.makeIterator()
    func space() -> [UInt8] { spaces?.next() ?? whitespace(&random, lines: lines) }
    var text: [UInt8] = [UInt8(ascii: "{")] + space()
    for (index, member) in members.enumerated() {
      if index > 0 { text += Array(",".utf8) + space() }
      text += Array("\"\(member.0)\"".utf8) + space() + Array(":".utf8)
      text += space() + member.1 + space()
    }
    return text + [UInt8(ascii: "}")]
  }

  private static func csvField(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
    let needsQuotes = bytes.contains { [UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0x0D].contains($0) }
    guard needsQuotes || random.next() % 4 == 0 else { return bytes }
    var quoted: [UInt8] = [UInt8(ascii: "\"")]
    for byte in bytes {
      quoted.append(byte)
      if byte == UInt8(ascii: "\"") { quoted.append(byte) }
    }
    return quoted + [UInt8(ascii: "\"")]
  }

  private static func csvRow(_ random: inout SplitMix64, columns: Int) -> [UInt8] {
    var fields: [[UInt8]] = [
      Array(pick(["A", "P", "X", " A"], &random, plainly: "A").utf8),
      Array(pick(dates, &random, plainly: "2016-04-01").utf8),
      pick(
        descriptions + [Array("two\nlines".utf8), Array("a, b".utf8)], &random, plainly: Array("LCBO".utf8)),
      Array(pick(amounts, &random, plainly: "12.34").utf8),
      Array(pick(["D", "C", "d"], &random, plainly: "D").utf8),
    ]
    if columns > 5 { fields.append(pick([Array("x".utf8), Array("é".utf8), [0xFF]], &random, plainly: [])) }
    if random.next() % 10 == 0 { fields.removeLast() }
    var text: [UInt8] = []
    for (index, field) in fields.enumerated() {
      if index > 0 { text.append(UInt8(ascii: ",")) }
      text += csvField(field, &random)
    }
    if random.next() % 12 == 0 { text += Array("\"x".utf8) }
    return text + pick([[0x0D, 0x0A], [0x0D], [0x0A, 0x0A]], &random, plainly: [0x0A])
  }
}
