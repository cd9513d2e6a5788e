import Entities
import Presenters
import UseCases

/// What the report of some records must be, worked out independently of the use cases,
/// presenter and formatting code: a second, plain reading of SPEC §2 to §4.
///
/// The records are read once from each source. Every issue, every record in the wrong source
/// and every total that does not fit in `Money` counts against the input, except that two
/// sources that each hold only valid records of the other's group count once (they look
/// swapped); with none, the rows are built here, from a stable sort of the valid records by
/// group and date, with the banding, dates and amounts written out by hand.
struct ExpectedReport {
  /// How many issues the rejection must count; 0 when there must be a report.
  let issueCount: Int
  /// Whether the two sources look swapped: the rejection is then that one issue.
  let isSwapped: Bool
  /// How many valid records the sources hold.
  let validCount: Int
  /// The rows of the report; empty when it must be rejected.
  let rows: [ReportRow]

  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  /// The largest magnitude of `Money`, in cents.
  private static let moneyLimit = Int128(Int64.max)

  /// Works out the report of the records of each source.
  ///
  /// - Parameter sources: Each source's records, with the one group it may hold (`nil`: any).
  init(sources: [(group: TransactionGroup?, records: [SourceRecord])]) {
    var issues = 0
    var kept: [Transaction] = []
    var valid = 0
    var holdsOnlyTheOtherGroup: [Bool] = []
    for (group, records) in sources {
      var (ownGroup, otherGroup, invalid) = (0, 0, 0)
      for record in records {
        guard let transaction = record.transaction else {
          issues += record.issueCount
          invalid += record.issueCount
          continue
        }
        valid += 1
        if let group, transaction.group != group {
          issues += 1
          otherGroup += 1
        } else {
          kept.append(transaction)
          ownGroup += 1
        }
      }
      holdsOnlyTheOtherGroup.append(group != nil && otherGroup > 0 && ownGroup == 0 && invalid == 0)
    }
    isSwapped = holdsOnlyTheOtherGroup == [true, true]
    if isSwapped { issues = 1 }
    let totals = TransactionGroup.allCases.map { group in
      kept.filter { $0.group == group }.reduce(Int128(0)) { $0 + Int128($1.signedAmount.minorUnits) }
    }
    let groupOverflows = totals.filter { $0.magnitude > Self.moneyLimit.magnitude }.count
    if groupOverflows > 0 {
      issues += groupOverflows
    } else if totals.reduce(0, +).magnitude > Self.moneyLimit.magnitude {
      issues += 1
    }
    issueCount = issues
    validCount = valid
    rows = issues > 0 ? [] : Self.rows(of: kept)
  }

  private static func rows(of transactions: [Transaction]) -> [ReportRow] {
    let sorted = transactions.enumerated().sorted { lhs, rhs in
      let left = (lhs.element.group, lhs.element.date)
      let right = (rhs.element.group, rhs.element.date)
      return left != right ? left < right : lhs.offset < rhs.offset
    }.map(\.element)
    var rows: [ReportRow] = []
    var odd = false
    var grand: Int128 = 0
    for group in TransactionGroup.allCases {
      let title = group == .authorized ? "Authorized Transactions" : "Posted Transactions"
      rows.append(.header(title: title))
      let members = sorted.filter { $0.group == group }
      guard !members.isEmpty else {
        rows.append(.message("There are no \(title) in this period"))
        continue
      }
      var total: Int128 = 0
      var date: CalendarDate?
      for transaction in members {
        if transaction.date != date {
          if date != nil { rows.append(.subfooter(odd: odd)) }
          date = transaction.date
          odd.toggle()
          rows.append(.subheader(title: text(of: transaction.date), odd: odd))
        }
        total += Int128(transaction.signedAmount.minorUnits)
        rows.append(
          .detail(
            description: DescriptionText(transaction.description),
            amount: text(of: Int128(transaction.signedAmount.minorUnits)),
            odd: odd))
      }
      rows.append(.subfooter(odd: odd))
      odd.toggle()
      rows.append(.footer(total: text(of: total), odd: odd))
      grand += total
    }
    rows.append(.grandFooter(total: text(of: grand)))
    return rows
  }

  /// A date as `MMM dd, yyyy`.
  private static func text(of date: CalendarDate) -> String {
    let day = date.day < 10 ? "0\(date.day)" : "\(date.day)"
    let year = String(repeating: "0", count: max(0, 4 - String(date.year).count)) + String(date.year)
    return "\(months[date.month - 1]) \(day), \(year)"
  }

  /// Cents as an amount: two decimals, `-` only below zero.
  private static func text(of cents: Int128) -> String {
    let magnitude = cents.magnitude
    let fraction = magnitude % 100
    return "\(cents < 0 ? "-" : "")\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
