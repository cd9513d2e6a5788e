import Entities
import TestSupport
import Testing
import UseCases

/// Exercise 4 of the workshop (`Architecture/workshop/04-test-double.md`): checks the doubles
/// of `Exercise4Doubles.swift` against the real use case. Off unless `WORKSHOP=4`.
@Suite(.enabled(if: Workshop.isOn(4), "the workshop's exercise 4: run with WORKSHOP=4"))
struct Workshop4TestDoubleTests {
  static func records() throws -> [SourceRecord] {
    try [
      .transaction(
        .fixture(group: .authorized, date: "2016-04-01", description: "Coffee", amount: "3.11"), nil),
      .transaction(
        .fixture(group: .authorized, date: "2016-04-01", description: "Books", amount: "15.34"), nil),
      .transaction(
        .fixture(group: .authorized, date: "2016-04-02", description: "Train", amount: "28.00"), nil),
    ]
  }

  @Test func sourcePlaysItsRecordsAtEveryOpening() async throws {
    let source = ScriptedSource(records: try Self.records())
    for opening in 1...2 {
      guard case .available(var stream) = await source.open() else {
        Issue.record(
          "opening \(opening) of ScriptedSource was not .available. Step 1: write ScriptedSource.open() (Exercise4Doubles.swift)"
        )
        return
      }
      var read: [SourceRecord] = []
      while let record = stream.next(), read.count <= 3 { read.append(record) }
      #expect(
        read == (try Self.records()),
        "opening \(opening) of ScriptedSource should yield its three records, in order, then nil: each opening starts again from the first"
      )
    }
  }

  @Test func outputRecordsEveryCall() throws {
    let output = RecordingOutput()
    output.presentReportStart()
    output.presentHeader(.group(.posted))
    output.presentSubheader(date: try .fixture("2016-05-01"))
    output.presentDetail(description: "Rent", amount: try .fixture("400.00"))
    output.presentSubfooter(.seen(date: try .fixture("2016-05-01"), amounts: [try .fixture("400.00")]))
    output.presentFooter(total: try .fixture("400.00"))
    output.presentGrandFooter(total: try .fixture("400.00"))
    output.presentReportEnd()
    #expect(
      output.calls == [
        .reportStart, .header(.group(.posted)), .subheader(try .fixture("2016-05-01")),
        .detail("Rent", try .fixture("400.00")),
        .subfooter(.seen(date: try .fixture("2016-05-01"), amounts: [try .fixture("400.00")])),
        .footer(try .fixture("400.00")),
        .grandFooter(try .fixture("400.00")), .reportEnd,
      ],
      "RecordingOutput should record every present… call, in order, with its arguments. Step 2: fill in its methods (Exercise4Doubles.swift)"
    )
  }

  @Test func doublesDriveTheRealUseCase() async throws {
    let output = RecordingOutput()
    let useCase = TwoSourceReportUseCase(
      authorized: ScriptedSource(name: "a", records: try Self.records()),
      posted: ScriptedSource(name: "p", records: []),
      output: output)
    await useCase.eventGenerateReport()
    let expected: [RecordingOutput.Call] = try [
      .reportStart,
      .header(.group(.authorized)),
      .subheader(.fixture("2016-04-01")),
      .detail("Coffee", .fixture("3.11")),
      .detail("Books", .fixture("15.34")),
      .subfooter(.seen(date: .fixture("2016-04-01"), amounts: [.fixture("3.11"), .fixture("15.34")])),
      .subheader(.fixture("2016-04-02")),
      .detail("Train", .fixture("28.00")),
      .subfooter(.seen(date: .fixture("2016-04-02"), amounts: [.fixture("28.00")])),
      .footer(.fixture("46.45")),
      .header(.group(.posted)),
      .noTransactions(.posted),
      .grandFooter(.fixture("46.45")),
      .reportEnd,
    ]
    #expect(
      output.calls == expected,
      "with your doubles, TwoSourceReportUseCase should make exactly these calls; the first that differs tells which double to look at (a missing .detail: the stream; a missing call: RecordingOutput)"
    )
  }
}
