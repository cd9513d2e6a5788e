import Entities
import Presenters
import TestSupport
import Testing
import UseCases

/// The wording seam: the presenter takes its words from a `ReportWording`, so a client words a
/// report its own way from the same values.
@Suite struct ReportWordingTests {
  /// A second wording, in German, for the problems a date or a source can have; the rest is
  /// English.
  struct GermanWording: ReportWording {
    let english = EnglishReportWording()

    func title(of scope: ReportScope) -> String {
      switch scope {
      case .group(.authorized): "Vorgemerkte Umsätze"
      case .group(.posted): "Gebuchte Umsätze"
      case .allTransactions: "Alle"
      }
    }
    func unavailableMessage(for scope: ReportScope) -> String {
      "\(title(of: scope)) sind derzeit nicht verfügbar."
    }
    func noTransactionsMessage(for group: TransactionGroup) -> String { "Keine \(title(of: .group(group)))" }
    func date(_ date: CalendarDate) -> String { "\(date.day).\(date.month).\(date.year)" }
    func problem(_ problem: RecordProblem) -> String {
      switch Self.fake(problem) {
      case .dayOutOfRange?: "kein gültiges Datum"
      default: english.problem(problem)
      }
    }
    func hint(for problem: RecordProblem) -> String? {
      switch Self.fake(problem) {
      case .dayOutOfRange(let month, let days)?: "\(month) hat \(days) Tage"
      default: english.hint(for: problem)
      }
    }
    /// The problem, when it is one of the fake gateway's: a wording tells a gateway's problems
    /// apart by their types.
    static func fake(_ problem: RecordProblem) -> FakeDateProblem? {
      guard case .source(let found) = problem else { return nil }
      return found.base as? FakeDateProblem
    }
    func issueLine(_ issue: RecordIssue) -> String {
      let place = issue.position.map { "Zeile \($0.line), Spalte \($0.column)" } ?? "?"
      let found = issue.value.map { " („\(ReportText.visible($0))“)" } ?? ""
      let hint = hint(for: issue.problem).map { " – \($0)" } ?? ""
      return "\(ReportText.visible(issue.source)), \(place): \(problem(issue.problem))\(found)\(hint)"
    }
    func reason(_ reason: UnavailableReason) -> String {
      switch reason.problem.base as? FakeFileProblem {
      case .cannotOpen(let path)?: "\(path) lässt sich nicht öffnen"
      default: english.reason(reason)
      }
    }
    func warning(_ scope: ReportScope, reason: UnavailableReason) -> String {
      "\(title(of: scope)): \(self.reason(reason))"
    }
    func rejectionSummary(recordCount: Int, issueCount: Int, unlistedCount: Int) -> String {
      "\(recordCount) ungültige Datensätze; kein Bericht."
    }
    func period(_ period: ReportPeriod) -> String { english.period(period) }
    func recordsOutsidePeriod(count: Int, period: ReportPeriod) -> String {
      english.recordsOutsidePeriod(count: count, period: period)
    }
    func note(_ note: AnySourceProblem) -> String { english.note(note) }
    var languageTag: String { english.languageTag }
    var reportTitle: String { english.reportTitle }
    var totalLabel: String { english.totalLabel }
    var grandTotalLabel: String { english.grandTotalLabel }
    var grandTotalOfAvailableSourcesLabel: String { english.grandTotalOfAvailableSourcesLabel }
    var incompleteReportLabel: String { english.incompleteReportLabel }
    var columnHeads: (date: String, description: String, amount: String) { english.columnHeads }
  }

  private let issue = RecordIssue(
    source: "posted.csv", position: TextPosition(line: 2, column: 3), field: .date,
    problem: .source(AnySourceProblem(FakeDateProblem.dayOutOfRange(month: "2016-02", days: 29))),
    value: "2016-02-30")

  @Test("One issue, two wordings: the same value gives the English line and the client's own")
  func oneIssueTwoWordings() {
    let english = PresenterOutputSpy()
    let german = PresenterOutputSpy()
    TransactionReportPresenter(output: english, style: .english).presentInvalidInput(
      issues: [issue], totalCount: 1, recordCount: 1)
    TransactionReportPresenter(output: german, style: ReportStyle(wording: GermanWording(), amounts: .plain))
      .presentInvalidInput(
        issues: [issue], totalCount: 1, recordCount: 1)

    guard case .inputRejected(let inEnglish) = english.calls.first,
      case .inputRejected(let inGerman) = german.calls.first
    else {
      Issue.record("no rejection: \(english.calls), \(german.calls)")
      return
    }
    #expect(
      inEnglish.lines == [
        #"posted.csv:2:3: error: date: not a real calendar date (got "2016-02-30"); hint: 2016-02 has 29 days"#
      ])
    #expect(
      inGerman.lines == [
        "posted.csv, Zeile 2, Spalte 3: kein gültiges Datum („2016-02-30“) – 2016-02 hat 29 Tage"
      ])
    #expect(inGerman.summary == "1 ungültige Datensätze; kein Bericht.")
    #expect(inGerman.issues == inEnglish.issues, "the values a view highlights are the same")
  }

  @Test("Titles, dates, messages and warnings come from the wording too")
  func rowsAndWarnings() throws {
    let view = PresenterOutputSpy()
    let presenter = TransactionReportPresenter(
      output: view, style: ReportStyle(wording: GermanWording(), amounts: .plain))
    presenter.presentReportStart()
    presenter.presentHeader(.group(.authorized))
    presenter.presentSourceUnavailable(
      .group(.authorized), reason: UnavailableReason(FakeFileProblem.cannotOpen(path: "a.json")))
    presenter.presentHeader(.group(.posted))
    presenter.presentSubheader(date: try .fixture("2016-05-01"))

    #expect(
      view.rows == [
        .header(title: "Vorgemerkte Umsätze"), .message("Vorgemerkte Umsätze sind derzeit nicht verfügbar."),
        .header(title: "Gebuchte Umsätze"), .subheader(title: "1.5.2016", odd: true),
      ])
    #expect(view.warnings.map(\.text) == ["Vorgemerkte Umsätze: a.json lässt sich nicht öffnen"])
    #expect(
      view.warnings.map(\.reason) == [UnavailableReason(FakeFileProblem.cannotOpen(path: "a.json"))])
  }
}

/// A date problem as a gateway of the tests' own defines it, with its English words.
enum FakeDateProblem: SourceProblem {
  case dayOutOfRange(month: String, days: Int)

  var words: SourceWords { "not a real calendar date" }
  var hint: SourceWords? {
    switch self {
    case .dayOutOfRange(let month, let days): "\(shown: month) has \(days) days"
    }
  }
}

/// A file problem as a gateway of the tests' own defines it.
enum FakeFileProblem: SourceProblem {
  case cannotOpen(path: String)

  var words: SourceWords {
    switch self {
    case .cannotOpen(let path): "cannot read '\(shown: path)': No such file or directory"
    }
  }
}
