/// The exit codes of `txreport`, as the README documents them.
package enum ExitCode: Int32, Sendable {
  /// The report was written.
  case success = 0
  /// A source was missing or unreadable; the report shows its message.
  case sourceUnavailable = 3
  /// The command line is wrong (`EX_USAGE`).
  case usage = 64
  /// The input holds invalid data; there is no report (`EX_DATAERR`).
  case dataError = 65
  /// The output could not be written (`EX_IOERR`).
  case outputError = 74
}
