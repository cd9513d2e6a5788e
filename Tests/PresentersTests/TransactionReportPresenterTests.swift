import Entities
import Presenters
import Synchronization
import TestSupport
import Testing
import UseCases

@Suite struct TransactionReportPresenterTests {
  private typealias Shown = PresenterOutputSpy.Call

  @Test("Banding flips before every subheader and every footer, and carries on from one group to the next")
  func banding() throws {
    let view = PresenterOutputSpy()
    let presenter = TransactionReportPresenter(output: view, style: .english)
    presenter.presentReportStart()
    presenter.presentHeader(.group(.authorized))
    presenter.presentSubheader(date: try .fixture("2016-04-01"))
    presenter.presentDetail(description: "Starbucks", amount: try .fixture("3.11"))
    presenter.presentDetail(description: "Firkin", amount: try .fixture("15.34"))
    presenter.presentSubfooter(
      .seen(date: try .fixture("2016-04-01"), amounts: [try .fixture("3.11"), try .fixture("15.34")]))
    presenter.presentSubheader(date: try .fixture("2016-04-02"))
    presenter.presentDetail(description: "Payment", amount: try .fixture("-400"))
    presenter.presentSubfooter(.seen(date: try .fixture("2016-04-02"), amounts: [try .fixture("-400")]))
    presenter.presentFooter(total: try .fixture("-381.55"))
    presenter.presentHeader(.group(.posted))
    presenter.presentSubheader(date: try .fixture("2016-03-30"))
    presenter.presentDetail(description: "TTC", amount: try .fixture("28"))
    presenter.presentSubfooter(.seen(date: try .fixture("2016-03-30"), amounts: [try .fixture("28")]))
    presenter.presentFooter(total: try .fixture("28"))
    presenter.presentGrandFooter(total: try .fixture("-353.55"))
    presenter.presentReportEnd()

    let expected: [Shown] = [
      .reportStart,
      .row(.header(title: "Authorized Transactions")),
      .row(.subheader(title: "Apr 01, 2016", odd: true)),
      .row(.detail(description: "Starbucks", amount: "3.11", odd: true)),
      .row(.detail(description: "Firkin", amount: "15.34", odd: true)),
      .row(.subfooter(odd: true)),
      .row(.subheader(title: "Apr 02, 2016", odd: false)),
      .row(.detail(description: "Payment", amount: "-400.00", odd: false)),
      .row(.subfooter(odd: false)),
      .row(.footer(total: "-381.55", odd: true)),
      .row(.header(title: "Posted Transactions")),
      .row(.subheader(title: "Mar 30, 2016", odd: false)),
      .row(.detail(description: "TTC", amount: "28.00", odd: false)),
      .row(.subfooter(odd: false)),
      .row(.footer(total: "28.00", odd: true)),
      .row(.grandFooter(total: "-353.55")),
      .reportEnd,
    ]
    #expect(view.calls == expected)
  }

  @Test("A description of shared bytes gives the row its String gives, and reaches the view as it lies")
  func descriptionOfSharedBytes() throws {
    let descriptions = ["Starbucks", "Café Lune", "東京ラーメン", "", "bell\u{7}"]
    let (byString, byBytes) = (PresenterOutputSpy(), PresenterOutputSpy())
    for (view, shares) in [(byString, false), (byBytes, true)] {
      let presenter = TransactionReportPresenter(output: view, style: .english)
      presenter.presentReportStart()
      presenter.presentHeader(.group(.authorized))
      presenter.presentSubheader(date: try .fixture("2016-04-01"))
      var amounts: [Money] = []
      for (number, description) in descriptions.enumerated() {
        let amount = try Money.fixture(number % 2 == 0 ? "3.11" : "-1234.5")
        let block = Array("|\(description)|".utf8)
        let text =
          shares
          ? DescriptionText(sharing: block, range: 1..<(block.count - 1)) : DescriptionText(description)
        presenter.presentDetail(description: text, amount: amount)
        amounts.append(amount)
      }
      presenter.presentSubfooter(.seen(date: try .fixture("2016-04-01"), amounts: amounts))
    }
    #expect(byBytes.rows == byString.rows)
    #expect(byBytes.rows.count == descriptions.count + 3)  // with the header, subheader and subfooter
    // The description the view is given is the one the presenter was given: still shared bytes.
    let shared = byBytes.rows.compactMap { row in
      if case .detail(let description, _, _) = row { description.isShared } else { nil }
    }
    #expect(shared == Array(repeating: true, count: descriptions.count))
  }

  @Test("A new report starts its banding from false again")
  func bandingResetsOnReportStart() throws {
    let view = PresenterOutputSpy()
    let presenter = TransactionReportPresenter(output: view, style: .english)
    for _ in 1...2 {
      presenter.presentReportStart()
      presenter.presentHeader(.group(.authorized))
      presenter.presentSubheader(date: try .fixture("2016-04-01"))
      presenter.presentDetail(description: "Coffee", amount: try .fixture("1"))
      presenter.presentSubfooter(.seen(date: try .fixture("2016-04-01"), amounts: [try .fixture("1")]))
      presenter.presentFooter(total: try .fixture("1"))
      presenter.presentHeader(.group(.posted))
      presenter.presentSubheader(date: try .fixture("2016-04-02"))
      presenter.presentReportEnd()
    }
    let oneReport: [Shown] = [
      .reportStart,
      .row(.header(title: "Authorized Transactions")),
      .row(.subheader(title: "Apr 01, 2016", odd: true)),
      .row(.detail(description: "Coffee", amount: "1.00", odd: true)),
      .row(.subfooter(odd: true)),
      .row(.footer(total: "1.00", odd: false)),
      .row(.header(title: "Posted Transactions")),
      .row(.subheader(title: "Apr 02, 2016", odd: true)),
      .reportEnd,
    ]
    #expect(view.calls == oneReport + oneReport)
  }

  @Test("Headers and messages carry no flag and do not flip it")
  func messagesDoNotFlip() throws {
    let view = PresenterOutputSpy()
    let presenter = TransactionReportPresenter(output: view, style: .english)
    presenter.presentReportStart()
    presenter.presentHeader(.group(.authorized))
    presenter.presentSourceUnavailable(
      .group(.authorized), reason: "authorized.json: No such file or directory")
    presenter.presentHeader(.group(.posted))
    presenter.presentSubheader(date: try .fixture("2016-05-01"))
    presenter.presentDetail(description: "Café", amount: try .fixture("4.2"))
    presenter.presentSubfooter(.seen(date: try .fixture("2016-05-01"), amounts: [try .fixture("4.2")]))
    presenter.presentFooter(total: try .fixture("4.2"))
    presenter.presentGrandFooter(total: try .fixture("4.2"))
    presenter.presentReportEnd()

    let expected: [Shown] = [
      .reportStart,
      .row(.header(title: "Authorized Transactions")),
      .row(.message("Authorized Transactions are not currently available.")),
      .sourceUnavailable(
        SourceWarning(
          scope: .group(.authorized), reason: "authorized.json: No such file or directory",
          text: "Authorized Transactions are not available: authorized.json: No such file or directory")),
      .row(.header(title: "Posted Transactions")),
      .row(.subheader(title: "May 01, 2016", odd: true)),
      .row(.detail(description: "Café", amount: "4.20", odd: true)),
      .row(.subfooter(odd: true)),
      .row(.footer(total: "4.20", odd: false)),
      .row(.grandFooter(total: "4.20")),
      .reportEnd,
    ]
    #expect(view.calls == expected)
  }

  @Test(
    "Unavailable sources give the exact message row and a warning with subject and reason",
    arguments: [
      (
        ReportScope.group(.authorized), "Authorized Transactions are not currently available.",
        "Authorized Transactions"
      ),
      (.group(.posted), "Posted Transactions are not currently available.", "Posted Transactions"),
      (.allTransactions, "Transactions are not currently available.", "Transactions"),
    ])
  func unavailableMessages(scope: ReportScope, message: String, subject: String) {
    let view = PresenterOutputSpy()
    TransactionReportPresenter(output: view, style: .english).presentSourceUnavailable(
      scope, reason: "x.json: Permission denied")
    #expect(
      view.calls == [
        .row(.message(message)),
        .sourceUnavailable(
          SourceWarning(
            scope: scope, reason: "x.json: Permission denied",
            text: "\(subject) are not available: x.json: Permission denied")),
      ])
    #expect(view.warnings.map(\.text) == ["\(subject) are not available: x.json: Permission denied"])
  }

  @Test(
    "Empty groups give the exact message, without a final period",
    arguments: [
      (TransactionGroup.authorized, "There are no Authorized Transactions in this period"),
      (.posted, "There are no Posted Transactions in this period"),
    ])
  func emptyMessages(group: TransactionGroup, message: String) {
    let view = PresenterOutputSpy()
    TransactionReportPresenter(output: view, style: .english).presentNoTransactions(group: group)
    #expect(view.calls == [.row(.message(message))])
  }

  @Test(
    "Headers are titled after the group, or All for the one-source failure",
    arguments: [
      (ReportScope.group(.authorized), "Authorized Transactions"),
      (.group(.posted), "Posted Transactions"),
      (.allTransactions, "All"),
    ])
  func headers(scope: ReportScope, title: String) {
    let view = PresenterOutputSpy()
    TransactionReportPresenter(output: view, style: .english).presentHeader(scope)
    #expect(view.calls == [.row(.header(title: title))])
  }

  @Test("The one-source failure report is the All header, the message and a 0.00 grand footer")
  func oneSourceUnavailable() {
    let view = PresenterOutputSpy()
    let presenter = TransactionReportPresenter(output: view, style: .english)
    presenter.presentReportStart()
    presenter.presentHeader(.allTransactions)
    presenter.presentSourceUnavailable(.allTransactions, reason: "all.json: No such file or directory")
    presenter.presentGrandFooter(total: .zero)
    presenter.presentReportEnd()
    #expect(
      view.rows == [
        .header(title: "All"),
        .message("Transactions are not currently available."),
        .grandFooter(total: "0.00"),
      ])
  }

  @Test("Invalid input is shown as one rejection, one formatted line per issue, with the total count")
  func invalidInput() {
    let issues = [
      RecordIssue(
        source: "posted.json", position: TextPosition(line: 12, column: 15), field: .date,
        problem: .fake(.monthOutOfRange), value: "2016-13-30"),
      RecordIssue(
        source: "posted.json", position: nil, field: nil, problem: .fake(.unreadable(reason: "I/O error"))),
    ]
    let view = PresenterOutputSpy()
    TransactionReportPresenter(output: view, style: .english).presentInvalidInput(
      issues: issues, totalCount: 25, recordCount: 25)
    let expected = InputRejection(
      issues: issues,
      lines: [
        #"posted.json:12:15: error: date: not a real calendar date (got "2016-13-30"); hint: months run from 01 to 12"#,
        "posted.json: error: cannot read the rest of the file: I/O error",
      ],
      totalCount: 25, recordCount: 25,
      summary: "25 invalid records (23 not shown); no report was made.")
    #expect(view.calls == [.inputRejected(expected)])
  }

  @Test("A total count below the number of issues listed is raised to it, and a record count of none to one")
  func invalidInputCountIsAtLeastTheIssues() {
    let issue = RecordIssue(
      source: "a.json", position: nil, field: nil, problem: .fake(.unreadable(reason: "bad")))
    let view = PresenterOutputSpy()
    TransactionReportPresenter(output: view, style: .english).presentInvalidInput(
      issues: [issue, issue], totalCount: 0, recordCount: 0)
    let line = "a.json: error: cannot read the rest of the file: bad"
    #expect(
      view.calls == [
        .inputRejected(
          InputRejection(
            issues: [issue, issue], lines: [line, line], totalCount: 2, recordCount: 1,
            summary: "1 invalid record with 2 problems; no report was made."))
      ])
  }

  @Test("Missing inputs become one showInputMissing call, each worded, with the similar name that exists")
  func missingInput() {
    let view = PresenterOutputSpy()
    let reason = UnavailableReason.fake(.missingFile(path: "p.jsn", similarPath: "p.json"))
    TransactionReportPresenter(output: view, style: .english).presentMissingInput(
      [
        MissingInput(.group(.posted), reason: reason),
        MissingInput(.allTransactions, reason: .fake(.missingFile(path: "all.json", similarPath: nil))),
      ], issues: [], totalCount: 0, recordCount: 0)
    #expect(
      view.calls == [
        .inputMissing(
          [
            SourceWarning(
              scope: .group(.posted), reason: reason,
              text: "cannot read 'p.jsn': No such file or directory; did you mean 'p.json'?"),
            SourceWarning(
              scope: .allTransactions, reason: .fake(.missingFile(path: "all.json", similarPath: nil)),
              text: "cannot read 'all.json': No such file or directory"),
          ], rejection: nil)
      ])
  }

  @Test("The issues of the other inputs come worded with the missing ones, as a rejection")
  func missingInputWithIssues() {
    let view = PresenterOutputSpy()
    let issue = RecordIssue.fixture(source: "a.json", line: 2)
    TransactionReportPresenter(output: view, style: .english).presentMissingInput(
      [MissingInput(.group(.posted), reason: "gone")], issues: [issue], totalCount: 3, recordCount: 3)
    guard case .inputMissing(_, let rejection?) = view.calls.first else {
      Issue.record("no rejection: \(view.calls)")
      return
    }
    #expect(rejection.lines == [EnglishReportWording().issueLine(issue)])
    #expect(rejection.summary == "3 invalid records (2 not shown); no report was made.")
  }
}
