import Entities

/// How a use case reads its sources for the report: the parts (which source feeds which
/// groups), checked by ``ReportCheck``, and the report presented, or the input rejected.
///
/// The use cases read the plain way (``PlainReading``) unless the composition root hands them
/// another: the command line's reads files of millions of records in constant memory
/// (TransactionStorage).
package protocol ReportReading: Sendable {
  /// Makes the report of the parts, in order, or rejects their input, or ends as cancelled.
  ///
  /// - Parameters:
  ///   - parts: The sources and the groups each holds, in report order.
  ///   - check: The rules the input is checked by, and the output.
  func report(_ parts: [ReportCheck.Part], check: ReportCheck) async
}

/// What a use case asks for: its sources' parts, the check of their input, and how they are
/// read for the transformer.
package struct ReportRequest: Sendable {
  let parts: [ReportCheck.Part]
  let check: ReportCheck
  /// How the sources are read: the plain way, unless the composition root hands in another
  /// (the command line's, from TransactionStorage: the same report, in less memory).
  var reading: any ReportReading = PlainReading()

  init(_ parts: [ReportCheck.Part], _ check: ReportCheck) {
    (self.parts, self.check) = (parts, check)
  }

  /// Makes the report, or rejects its input.
  func run() async {
    await reading.report(parts, check: check)
  }
}

/// The report made the plain way: every source opened at once and read once, each record
/// checked and each valid transaction kept; then, if the input is valid, ``ReportTransformer``
/// presents it.
///
/// This is how the use cases make a report for any client: one reading of each source, at the
/// same time, and the report as the transformer defines it. It keeps every transaction in
/// memory until the report is presented, as a table view does with its rows.
package struct PlainReading: ReportReading {
  /// The plain way.
  package init() {}

  package func report(_ parts: [ReportCheck.Part], check: ReportCheck) async {
    let output = check.output
    do throws(ReportStop) {
      let checks = try await check.checkAll(parts[...], keeping: KeptTransactions.self).get()
      guard let checked = try await check.verdict(parts, checks) else { return }
      let sources = zip(parts, zip(checked, checks)).map { part, checks in
        switch checks.0 {
        case .unavailable(let reason), .missing(let reason):
          ReportTransformer.Source(groups: part.groups, unavailable: reason)
        case .surveyed(let survey):
          ReportTransformer.Source(
            groups: part.groups, transactions: checks.1.kept.transactions, notes: survey.notes)
        }
      }
      if Task.isCancelled { throw .cancelled }
      do {
        try await ReportTransformer(period: check.period).present(sources, to: output)
      } catch {
        // The check found every total in range: a transformer that finds otherwise shows none.
        output.presentInvalidInput(
          issues: [
            RecordIssue(
              source: parts.map(\.source.name).joined(separator: ", "), position: nil, field: nil,
              problem: .totalOverflow(.grand, amount: .zero))
          ],
          totalCount: 1, recordCount: 1)
      }
    } catch {
      switch error {
      case .cancelled: output.presentReportCancelled()
      case .sourceChanged(let change):
        output.presentInvalidInput(issues: [change.issue], totalCount: 1, recordCount: 1)
      }
    }
  }
}

/// The valid transactions a check read, in input order: what the plain way shows.
struct KeptTransactions: CheckKeeping {
  var transactions: [Transaction] = []

  mutating func keep(_ transaction: borrowing Transaction, descriptionBytes: UnsafeBufferPointer<UInt8>?) {
    var kept = copy transaction
    if let descriptionBytes { kept.description = String(decoding: descriptionBytes, as: UTF8.self) }
    transactions.append(kept)
  }
}
