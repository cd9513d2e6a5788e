/// The input boundary of the report use cases: what a driver (a command line, a table view, a
/// web handler) asks of them.
///
/// A driver holds a use case through this protocol, so the composition root can choose the
/// two-source or the one-source transformer without the driver knowing which. A use case is
/// `Sendable`: an app can run a report from any task, for example a background one, and receive
/// its rows on the actor it chooses through its presenter's view.
public protocol TransactionReportUseCaseInput: Sendable {
  /// Reads the sources and presents the report, or the issues that prevent it.
  ///
  /// The sources are opened at once, each possibly suspending. Every record is then checked
  /// before the first row is presented, so invalid input gets no row at all. When the task is
  /// cancelled, the report stops promptly (between records) and presents nothing more: the
  /// driver that cancelled it knows, and its view keeps what it had.
  func eventGenerateReport() async
}
