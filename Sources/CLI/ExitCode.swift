/// The exit codes of `txreport`, as the README documents them.
package enum ExitCode: Int32, Sendable {
  /// The report was written.
  case success = 0
  /// A source was unavailable (a service, or a missing file with `--partial`); the report
  /// shows its message, and says it is incomplete.
  case sourceUnavailable = 3
  /// The command line is wrong (`EX_USAGE`).
  case usage = 64
  /// The input holds invalid data; there is no report (`EX_DATAERR`).
  case dataError = 65
  /// An input file does not exist or cannot be read; there is no report (`EX_NOINPUT`).
  case noInput = 66
  /// The output could not be written (`EX_IOERR`).
  case outputError = 74
  /// The reader of standard output stopped reading (`txreport | head`): the status a shell
  /// shows for a command that SIGPIPE ended, 128 + 13. Nothing is printed.
  case readerStopped = 141
  /// `--interactive` was ended by SIGHUP, as when its terminal closes: 128 + 1, the status a
  /// shell shows for a program that signal ended.
  case hungUp = 129
  /// `--interactive` was ended by Ctrl-C (or SIGINT): 128 + 2.
  case interrupted = 130
  /// `--interactive` was ended by SIGQUIT: 128 + 3.
  case quitSignal = 131
  /// `--interactive` was ended by SIGTERM: 128 + 15.
  case terminated = 143
}
