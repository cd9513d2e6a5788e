import Dispatch
import Presenters

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The report on a terminal, full-screen, from the moment it loads until the person quits: the
/// thin driver around ``TableScreen`` that does every bit of input and output.
///
/// One loop, on a thread of its own (it blocks in `poll(2)`, never on the tasks that make the
/// report), waits for three things at once: keys on standard input, signal numbers on the
/// signal pipe (``TerminalSignals``), and a nudge on the wake pipe from ``wake()``, which the
/// ``TerminalTableView`` calls when the report's state changes. Each time, it updates the
/// screen's state, draws the frame and writes only the lines that changed (``ScreenDiff``).
/// While the report loads it wakes ten times a second to turn the spinner; while a search
/// counts its matches, it counts a slice of rows each time no key is waiting.
///
/// The terminal is restored on every way out: `q` or Esc, Ctrl-C, SIGINT, SIGTERM, SIGHUP,
/// SIGQUIT and every other signal that ends a program (``TerminalSignals/ending``), a report
/// that is refused, a terminal that fails; a fault restores it from its signal handler. Ctrl-Z (or SIGTSTP) restores it, stops the process, and on `fg` enters
/// again and draws everything.
package final class TableViewSession: Sendable {
  /// How the session ended.
  package enum End: Equatable, Sendable {
    /// The person quit with `q` or Esc.
    case quit
    /// The report was refused: there is nothing to show, and the command line says why.
    case reportFailed
    /// A signal ended it (Ctrl-C counts as SIGINT): its number.
    case signal(Int32)
    /// The terminal could not be used: why.
    case terminalFailed(String)
  }

  private let style: TableCells.Style
  private let input: Int32
  private let output: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32

  /// How long a report may take before the loading screen shows: a quick report (or a
  /// refusal) never flashes the screen.
  private static let quietStart: Int32 = 100
  /// How long to wait for the rest of an escape sequence before taking `ESC` as Esc, in ms.
  private static let escapeWait: Int32 = 30
  /// How often the spinner turns, in ms.
  private static let spinnerInterval: Int32 = 100

  /// Creates a session on standard input and output.
  ///
  /// - Parameters:
  ///   - style: How the report is coloured.
  ///   - input: Where keys are read; standard input unless told.
  ///   - output: Where the screen is written; standard output unless told.
  /// - Throws: ``RawTerminal/Failure`` when the wake pipe cannot be made.
  package init(style: TableCells.Style, input: Int32 = 0, output: Int32 = 1) throws(RawTerminal.Failure) {
    self.style = style
    self.input = input
    self.output = output
    (wakeRead, wakeWrite) = try Self.makePipe()
  }

  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  /// Wakes the loop to look at the report again; safe from any thread, never blocks.
  package func wake() {
    var byte: UInt8 = 1
    _ = systemWrite(wakeWrite, &byte, 1)
  }

  /// Shows the report until the person quits, on a thread of its own.
  ///
  /// - Parameter view: The presenter's view, whose state is shown.
  /// - Returns: How it ended.
  package func run(showing view: TerminalTableView) async -> End {
    await withCheckedContinuation { continuation in
      DispatchQueue(label: "txreport.table-view").async {
        continuation.resume(returning: self.loop(view))
      }
    }
  }

  private func loop(_ view: TerminalTableView) -> End {
    waitForReport(view, upTo: Self.quietStart)
    if case .failed = view.state { return .reportFailed }
    let signals: (read: Int32, write: Int32)
    do {
      signals = try Self.makePipe()
    } catch {
      return .terminalFailed(error.reason)
    }
    TerminalSignals.install(pipe: signals.write)
    var terminal = RawTerminal(input: input, output: output)
    defer {
      terminal.leave()
      TerminalSignals.uninstall()
      close(signals.read)
      close(signals.write)
    }
    do {
      try terminal.enter()
    } catch {
      return .terminalFailed(error.reason)
    }
    let size = terminal.size() ?? (80, 24)
    var screen = TableScreen(width: size.width, height: size.height, style: style)
    var shown: ScreenFrame?
    var decoder = KeyDecoder()
    while true {
      switch view.state {
      case .failed: return .reportFailed
      // Only quitting cancels the report this session shows.
      case .cancelled: return .quit
      case .loaded(let dataSource) where screen.isLoading:
        screen.load(TerminalTableDataSource(dataSource))
      case .loading: screen.loading(rows: view.rowsSoFar, percent: view.percentRead)
      case .loaded: break
      }
      let frame = screen.frame()
      let update = ScreenDiff.update(from: shown, to: frame)
      guard update.isEmpty || terminal.write(update) else {
        return .terminalFailed("cannot write to the terminal: \(String(cString: strerror(errno)))")
      }
      shown = frame

      let timeout: Int32
      if decoder.isHolding {
        timeout = Self.escapeWait
      } else if screen.isLoading {
        timeout = Self.spinnerInterval
      } else if screen.isCountingSearch {
        timeout = 0  // a slice of the count whenever no key is waiting: poll without waiting
      } else {
        timeout = -1
      }
      var ready = [
        pollfd(fd: input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals.read, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      let count = poll(&ready, nfds_t(ready.count), timeout)
      if count < 0 {
        if errno == EINTR { continue }
        return .terminalFailed("poll: \(String(cString: strerror(errno)))")
      }
      var keys: [Key] = []
      if count == 0 {
        if decoder.isHolding {
          keys = decoder.flush()
        } else if screen.isCountingSearch {
          screen.countSearch()
        } else {
          screen.tick()
        }
      }
      if ready[1].revents != 0 {
        for number in Self.drain(signals.read) {
          switch Int32(number) {
          case SIGWINCH:
            let size = terminal.size() ?? (screen.width, screen.height)
            screen.resize(width: size.width, height: size.height)
            shown = nil
          case SIGTSTP:
            if let failure = suspend(&terminal, screen: &screen) { return .terminalFailed(failure) }
            shown = nil
          case SIGCONT:
            // Stopped from outside (SIGSTOP): the shell may have reset the terminal.
            do {
              try terminal.enter()
            } catch {
              return .terminalFailed(error.reason)
            }
            shown = nil
          case let number:
            return .signal(number)
          }
        }
      }
      if ready[2].revents != 0 { _ = Self.drain(wakeRead) }
      if ready[0].revents != 0 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let read = systemRead(input, &buffer, buffer.count)
        if read > 0 {
          keys += decoder.keys(from: buffer[..<read])
        } else if read == 0 || (errno != EINTR && errno != EAGAIN) {
          // The terminal went away: as a hang-up.
          return .signal(SIGHUP)
        }
      }
      for key in keys {
        guard let action = KeyMap.action(for: key, in: screen.mode) else { continue }
        switch action {
        case .quit: return .quit
        case .interrupt: return .signal(SIGINT)
        case .suspend:
          if let failure = suspend(&terminal, screen: &screen) { return .terminalFailed(failure) }
          shown = nil
        case .redraw: shown = nil
        default: screen.apply(action)
        }
      }
    }
  }

  /// Ctrl-Z: the terminal back as it was, the process stopped until `fg`, then the full screen
  /// again at the terminal's size then.
  ///
  /// - Returns: Why the terminal cannot be set up again, or `nil` when it is.
  private func suspend(_ terminal: inout RawTerminal, screen: inout TableScreen) -> String? {
    terminal.leave()
    TerminalSignals.stopProcess()
    do {
      try terminal.enter()
    } catch {
      return error.reason
    }
    let size = terminal.size() ?? (screen.width, screen.height)
    screen.resize(width: size.width, height: size.height)
    return nil
  }

  /// Waits until the report is no longer loading, or the time is up.
  private func waitForReport(_ view: TerminalTableView, upTo milliseconds: Int32) {
    let deadline = Self.milliseconds() + Int(milliseconds)
    while case .loading = view.state {
      let left = deadline - Self.milliseconds()
      guard left > 0 else { return }
      var ready = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
      _ = poll(&ready, 1, Int32(left))
      _ = Self.drain(wakeRead)
    }
  }

  /// A monotonic clock, in milliseconds.
  private static func milliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
  }

  /// A pipe whose ends do not block and are closed in a program the report starts.
  private static func makePipe() throws(RawTerminal.Failure) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      throw RawTerminal.Failure(reason: "pipe: \(String(cString: strerror(errno)))")
    }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    return (ends[0], ends[1])
  }

  /// Everything waiting on a non-blocking pipe.
  private static func drain(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = systemRead(descriptor, &buffer, buffer.count)
      guard count > 0 else { return bytes }
      bytes += buffer[..<count]
    }
  }
}
