import Entities
import TestSupport
import Testing
import TransactionStorage
import UseCases

/// The command line's reading (`CompactReading`: drafts, second readings, held pages, digests)
/// gives the transformer what the plain reading gives it (every transaction kept), for every
/// input: both are run on the same records, and their calls compared whole.
///
/// The fuzz target `FuzzReport` makes the same comparison on every input it tries; these are
/// its seeds, kept as tests: one-source and two-source, sorted and shuffled, valid and invalid,
/// with and without a period, a source unavailable or missing, notes, and an output that takes
/// a draft or not.
@Suite struct CompactMatchesPlainTests {
  /// One generated input: the records of one or two sources, and how the report is asked for.
  struct Input: CustomTestStringConvertible {
    var seed: UInt64
    var sources: [[SourceRecord]]
    /// Per source: nil when it opens, or how it fails to.
    var failures: [FakeTransactionSource.Opening?]
    var period: ReportPeriod?
    var partial: Bool

    var testDescription: String { "seed \(seed)" }
  }

  /// The inputs: `count` of them, each from a seed, some of many records (runs of held
  /// transactions are 4,096 long).
  static func inputs(count: Int) -> [Input] {
    (0..<UInt64(count)).map { seed in
      var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
      let twoSources = Bool.random(using: &random)
      let sourceCount = twoSources ? 2 : 1
      let large = seed % 10 == 9
      var sources: [[SourceRecord]] = []
      var failures: [FakeTransactionSource.Opening?] = []
      for index in 0..<sourceCount {
        let length =
          large ? Int.random(in: 4_000...9_000, using: &random) : Int.random(in: 0...40, using: &random)
        let group: TransactionGroup? = twoSources ? (index == 0 ? .authorized : .posted) : nil
        var records = (0..<length).map { number in
          record(number, group: group, random: &random)
        }
        // Sorted, or shuffled, or sorted but for a few.
        switch Int.random(in: 0..<3, using: &random) {
        case 0: records.sort { order($0) < order($1) }
        case 1: records.shuffle(using: &random)
        default:
          records.sort { order($0) < order($1) }
          if records.count > 3 { records.swapAt(1, records.count - 2) }
        }
        if Int.random(in: 0..<8, using: &random) == 0, !records.isEmpty {
          records.insert(.invalid(.fixture(line: 2)), at: Int.random(in: 0..<records.count, using: &random))
        }
        if Int.random(in: 0..<5, using: &random) == 0 {
          records.insert(.note(AnySourceProblem(StatedProblem("note \(index)"))), at: 0)
        }
        sources.append(records)
        let failure: FakeTransactionSource.Opening? =
          switch Int.random(in: 0..<12, using: &random) {
          case 0: .unavailable(reason: "down")
          case 1: .missing(reason: "not there")
          default: nil
          }
        failures.append(failure)
      }
      let period: ReportPeriod? =
        Bool.random(using: &random)
        ? nil
        : try? ReportPeriod(
          first: try? CalendarDate(year: 2016, month: 4, day: Int.random(in: 1...5, using: &random)),
          last: try? CalendarDate(year: 2016, month: 4, day: Int.random(in: 6...12, using: &random)))
      return Input(
        seed: seed, sources: sources, failures: failures, period: period, partial: Bool.random(using: &random)
      )
    }
  }

  /// A valid record of the group given (else of either), dated in April 2016, with an amount
  /// that may be a debit or a credit; now and then a very large one, so that totals overflow.
  private static func record(_ number: Int, group: TransactionGroup?, random: inout SplitMix64)
    -> SourceRecord
  {
    let cents: Int64 =
      Int.random(in: 0..<200, using: &random) == 0
      ? Int64.max / 2 : Int64.random(in: 0...50_000, using: &random)
    let transaction = Transaction(
      group: group ?? (Bool.random(using: &random) ? .authorized : .posted),
      date: days[Int.random(in: 0..<days.count, using: &random)],
      description: "Shop \(number % 7)", amount: Money(minorUnits: cents) ?? .zero,
      debitCredit: Bool.random(using: &random) ? .debit : .credit)
    return .transaction(transaction, nil)
  }

  /// April 1 to 12, 2016.
  private static let days = (1...12).compactMap { try? CalendarDate(year: 2016, month: 4, day: $0) }

  private static func order(_ record: SourceRecord) -> String {
    guard let transaction = record.transaction else { return "" }
    return
      "\(transaction.group.code)\(transaction.date.year)\(transaction.date.month + 10)\(transaction.date.day + 10)"
  }

  /// Runs the input as one-source or two-source report, the plain way or by the engine, with
  /// an output that takes a draft or not, and returns what the output kept.
  private static func run(_ input: Input, engine: Bool, drafts: Bool) async -> [UseCaseOutputSpy.Call] {
    let sources = zip(input.sources, input.failures).enumerated().map { index, pair in
      FakeTransactionSource(name: "source\(index).json", openings: [pair.1 ?? .records(pair.0)])
    }
    let spy = UseCaseOutputSpy(acceptsDraft: drafts)
    if sources.count == 2 {
      let useCase = TwoSourceReportUseCase(
        authorized: sources[0], posted: sources[1], output: spy, partial: input.partial, period: input.period)
      await (engine ? useCase.reading(with: CompactReading(takingBackDrafts: spy.takeBack)) : useCase)
        .eventGenerateReport()
    } else {
      let useCase = OneSourceReportUseCase(
        source: sources[0], output: spy, partial: input.partial, period: input.period)
      await (engine ? useCase.reading(with: CompactReading(takingBackDrafts: spy.takeBack)) : useCase)
        .eventGenerateReport()
    }
    return spy.keptCalls
  }

  @Test("The engine presents what the plain way presents, call for call", arguments: inputs(count: 60))
  func engineMatchesThePlainWay(input: Input) async {
    let reference = await Self.run(input, engine: false, drafts: false)
    #expect(reference.last != nil)
    for drafts in [false, true] {
      let engine = await Self.run(input, engine: true, drafts: drafts)
      #expect(
        engine == reference,
        "drafts \(drafts): the first difference is at call \(Self.firstDifference(engine, reference))")
    }
  }

  @Test("The plain way makes the report of the transformer, from the transactions the sources hold")
  func thePlainWayIsTheTransformer() async throws {
    let records = try [
      Transaction.fixture(group: .posted, date: "2016-04-03", description: "C", amount: "3.00"),
      Transaction.fixture(
        group: .authorized, date: "2016-04-02", description: "B", amount: "2.00", debit: .credit),
      Transaction.fixture(group: .authorized, date: "2016-04-01", description: "A", amount: "1.00"),
      Transaction.fixture(group: .authorized, date: "2016-04-02", description: "B2", amount: "5.00"),
    ]
    let spy = UseCaseOutputSpy()
    await OneSourceReportUseCase(source: FakeTransactionSource(transactions: records), output: spy)
      .eventGenerateReport()
    let transformed = UseCaseOutputSpy()
    try await ReportTransformer().present(
      [ReportTransformer.Source(groups: TransactionGroup.allCases, transactions: records)], to: transformed)

    #expect(spy.calls == transformed.calls)
    #expect(
      transformed.calls == [
        .reportStart, .header(.group(.authorized)), .subheader(try .fixture("2016-04-01")),
        .detail("A", try .fixture("1.00")), .subfooter(try .fixture("2016-04-01")),
        .subheader(try .fixture("2016-04-02")), .detail("B", try .fixture("-2.00")),
        .detail("B2", try .fixture("5.00")), .subfooter(try .fixture("2016-04-02")),
        .footer(try .fixture("4.00")), .header(.group(.posted)), .subheader(try .fixture("2016-04-03")),
        .detail("C", try .fixture("3.00")), .subfooter(try .fixture("2016-04-03")),
        .footer(try .fixture("3.00")),
        .grandFooter(try .fixture("7.00")), .reportEnd,
      ])
  }

  private static func firstDifference(_ left: [UseCaseOutputSpy.Call], _ right: [UseCaseOutputSpy.Call])
    -> String
  {
    guard let index = zip(left, right).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
    else {
      return "\(min(left.count, right.count)) (one is longer: \(left.count) against \(right.count))"
    }
    return "\(index): \(left[index]) against \(right[index])"
  }
}
