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
      switch problem {
      case .badDate(.dayOutOfRange): "kein gültiges Datum"
      default: english.problem(problem)
      }
    }
    func hint(for problem: RecordProblem) -> String? {
      switch problem {
      case .badDate(.dayOutOfRange(let month?, let days?)): "\(month) hat \(days) Tage"
      default: english.hint(for: problem)
      }
    }
    func issueLine(_ issue: RecordIssue) -> String {
      let place = issue.position.map { "Zeile \($0.line), Spalte \($0.column)" } ?? "?"
      let found = issue.value.map { " („\(ReportText.visible($0))“)" } ?? ""
      let hint = hint(for: issue.problem).map { " – \($0)" } ?? ""
      return "\(ReportText.visible(issue.source)), \(place): \(problem(issue.problem))\(found)\(hint)"
    }
    func reason(_ reason: UnavailableReason) -> String {
      switch reason {
      case .cannotOpen(let path, _): "\(path) lässt sich nicht öffnen"
      default: english.reason(reason)
      }
    }
    func warning(_ scope: ReportScope, reason: UnavailableReason) -> String {
      "\(title(of: scope)): \(self.reason(reason))"
    }
    func rejectionSummary(recordCount: Int, issueCount: Int, unlistedCount: Int) -> String {
      "\(recordCount) ungültige Datensätze; kein Bericht."
    }
  }

  private let issue = RecordIssue(
    source: "posted.csv", position: TextPosition(line: 2, column: 3), field: .date,
    problem: .badDate(.dayOutOfRange(month: "2016-02", days: 29)), value: "2016-02-30")

  @Test("One issue, two wordings: the same value gives the English line and the client's own")
  func oneIssueTwoWordings() {
    let english = PresenterOutputSpy()
    let german = PresenterOutputSpy()
    TransactionReportPresenter(output: english).presentInvalidInput(
      issues: [issue], totalCount: 1, recordCount: 1)
    TransactionReportPresenter(output: german, wording: GermanWording()).presentInvalidInput(
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
    let presenter = TransactionReportPresenter(output: view, wording: GermanWording())
    presenter.presentReportStart()
    presenter.presentHeader(.group(.authorized))
    presenter.presentSourceUnavailable(
      .group(.authorized), reason: .cannotOpen(path: "a.json", systemError: "No such file or directory"))
    presenter.presentHeader(.group(.posted))
    presenter.presentSubheader(date: try .fixture("2016-05-01"))

    #expect(
      view.rows == [
        .header(title: "Vorgemerkte Umsätze"), .message("Vorgemerkte Umsätze sind derzeit nicht verfügbar."),
        .header(title: "Gebuchte Umsätze"), .subheader(title: "1.5.2016", odd: true),
      ])
    #expect(view.warnings.map(\.text) == ["Vorgemerkte Umsätze: a.json lässt sich nicht öffnen"])
    #expect(
      view.warnings.map(\.reason) == [.cannotOpen(path: "a.json", systemError: "No such file or directory")])
  }
}

/// The English words of the problems that only the operating system causes.
@Suite struct EnglishSystemProblemsTests {
  @Test("A read that fails is worded as before")
  func readProblem() {
    let problem = RecordProblem.unreadable(reason: "Input/output error")
    #expect(EnglishReportWording().problem(problem) == "cannot read the rest of the file: Input/output error")
    #expect(EnglishReportWording().hint(for: problem) == nil)
  }

  @Test(
    "A copy of standard input that the disk cannot hold says it is the disk, not the data",
    arguments: [
      (
        UnavailableReason.cannotCopy(
          path: nil, .write(folder: "/tmp", systemError: "No space left on device")),
        "cannot read standard input twice: cannot write its copy to a temporary file in /tmp: No space left on"
          + " device (the disk, not the data: free some space there, or set TMPDIR to a folder with more)"
      ),
      (
        .cannotCopy(path: "in.fifo", .write(folder: "/var/tmp", systemError: nil)),
        "cannot read 'in.fifo' twice: cannot write its copy to a temporary file in /var/tmp: nothing was"
          + " written (the disk, not the data: free some space there, or set TMPDIR to a folder with more)"
      ),
    ])
  func copyThatFails(reason: UnavailableReason, words: String) {
    #expect(EnglishReportWording().reason(reason) == words)
  }
}
