import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a signal that ends a program ends `txreport`: by that signal, after undoing what must
/// not outlive the run, whatever catches signals in the process.
///
/// **Every ending signal** (``signals``: SIGINT, SIGTERM, SIGHUP, SIGQUIT, the faults, SIGUSR1,
/// the real-time signals and the rest; SIGKILL cannot be caught) is caught from the start of
/// ``CommandLineApp/main(composing:interactive:)``. The handler removes an `--output` file's
/// temporary file (``keepTemporaryFile(_:)``), resets the colours of a terminal the report
/// coloured (``resetColorsOnEnd(of:)``), sets the signal's default action back and raises it
/// again, so that a shell shows 130, 143, 139… A signal the process ignores when it starts (a
/// parent made it so: `nohup`) stays ignored.
///
/// **Crash signals and the runtime's reporter.** The Swift runtime's backtracer (on by default,
/// `SWIFT_BACKTRACE`) catches SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT and SIGQUIT
/// before `main`, prints its crash report and **returns**: for a real fault the instruction
/// faults again and the process dies, but a signal another process sent (`kill -SEGV`) is then
/// swallowed, and the run went on to exit 0. So its handler is kept here as ``previous`` and
/// called only for a crash of this process (a fault the kernel raised, or `abort()`), for its
/// report; the signal then ends the process in any case. SIGQUIT never goes to it: Ctrl-\ ends
/// `txreport` like Ctrl-C, with no report. On a terminal the reporter may ask for a key first (its
/// `interactive` setting, by default when standard input and output are both terminals), and
/// waits at most its `timeout` (30 s by default); `SWIFT_BACKTRACE=enable=no` turns it off.
///
/// **SIGPIPE and SIGXFSZ** of this process's own write (a reader that went away, `ulimit -f`)
/// are ignored, so that the write fails and says why (status 141, or 74); sent by another
/// process (`kill -PIPE`), they end `txreport` as any other ending signal.
///
/// The handler does only what is safe in a handler (`unlink(2)`, `dup2(2)`, `poll(2)`,
/// `write(2)`, `sigaction(2)`, `raise(3)`, atomic loads), with what was made before the signal
/// came.
package enum EndingSignals {
  /// Every signal whose default action ends the process (signal(7)), but SIGKILL.
  package static let signals: [Int32] = {
    var numbers = [
      SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV, SIGUSR2, SIGPIPE,
      SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS,
    ]
    #if os(Linux)
      numbers += [SIGSTKFLT, SIGIO, SIGPWR]
      numbers += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    #endif
    return numbers.filter { $0 < 65 }
  }()

  /// The signals of a crash, whose report the runtime's handler prints when this process
  /// crashed.
  package static let crashes: Set<Int32> = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT]

  /// The signals that a failed write of this process raises.
  private static let writeFailures: Set<Int32> = [SIGPIPE, SIGXFSZ]

  /// Whether the handlers are installed.
  private static let installed = Atomic(false)
  /// The address of the temporary path of the open output file, a C string, or 0.
  private static let temporaryPath = Atomic<Int>(0)
  /// The descriptor that colours were written to, or -1.
  private static let coloredDescriptor = Atomic<Int32>(-1)
  /// A copy of ``coloredDescriptor`` made when it was armed, where the reset is written.
  private static let coloredCopy = Atomic<Int32>(-1)
  /// `/dev/null`, put in place of ``coloredDescriptor`` before the reset is written, so that no
  /// row another thread writes can come after it.
  private static let nothing = Atomic<Int32>(-1)
  /// The thread writing to ``coloredDescriptor`` now, or 0: the reset waits for its write to
  /// end, as a pipe may take the reset in the middle of it.
  private static let colorWriter = Atomic<Int>(0)

  /// The actions that were in place before the handlers, by signal number: the runtime's crash
  /// reporter for a fault, else the default.
  nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    actions.initialize(repeating: sigaction(), count: 65)
    return actions
  }()

  /// Catches every ending signal, once; later calls do nothing.
  package static func install() {
    guard !installed.exchange(true, ordering: .sequentiallyConsistent) else { return }
    for number in signals {
      var current = sigaction()
      guard sigaction(number, nil, &current) == 0 else { continue }
      if isIgnored(current) && !writeFailures.contains(number) { continue }
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_sigaction = { number, info, context in
          EndingSignals.handle(number, info, context)
        }
      #else
        action.__sigaction_u.__sa_sigaction = { number, info, context in
          EndingSignals.handle(number, info, context)
        }
      #endif
      // Nothing else interrupts the handler, but a crash inside the runtime's reporter.
      sigfillset(&action.sa_mask)
      for crash in crashes { sigdelset(&action.sa_mask, crash) }
      // On the runtime's alternate stack, if it made one: a stack overflow is caught too.
      action.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK
      _ = sigaction(number, &action, previous + Int(number))
    }
  }

  /// Keeps the temporary file's path, to remove it if a signal ends the run.
  ///
  /// - Parameter path: The temporary file's path, a C string that is never freed (a handler on
  ///   another thread may be reading it; a run opens one file): the template `mkstemp(3)` is
  ///   given, so that the handler knows the name before the file exists.
  package static func keepTemporaryFile(_ path: UnsafeMutablePointer<CChar>) {
    install()
    temporaryPath.store(Int(bitPattern: path), ordering: .sequentiallyConsistent)
  }

  /// Forgets `path`: the file was renamed into place or removed.
  ///
  /// - Parameter path: The temporary file's path.
  package static func forgetTemporaryFile(_ path: String) {
    let kept = temporaryPath.load(ordering: .sequentiallyConsistent)
    guard let pointer = UnsafePointer<CChar>(bitPattern: kept), String(cString: pointer) == path else {
      return
    }
    _ = temporaryPath.compareExchange(expected: kept, desired: 0, ordering: .sequentiallyConsistent)
  }

  /// Resets the colours of `descriptor` if a signal ends the run: the report may have been cut
  /// between a colour and its reset, and a terminal would stay coloured.
  ///
  /// - Parameter descriptor: Where coloured text is written, standard output.
  package static func resetColorsOnEnd(of descriptor: Int32) {
    install()
    guard coloredDescriptor.load(ordering: .sequentiallyConsistent) < 0 else { return }
    let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    guard copy >= 0, null >= 0 else {
      if copy >= 0 { close(copy) }
      if null >= 0 { close(null) }
      return
    }
    nothing.store(null, ordering: .sequentiallyConsistent)
    coloredCopy.store(copy, ordering: .sequentiallyConsistent)
    coloredDescriptor.store(descriptor, ordering: .sequentiallyConsistent)
  }

  /// The signal being handled, or 0: the process then ends by it, not by an exit that another
  /// thread reaches in the meantime.
  private static let ending = Atomic<Int32>(0)

  /// Ends the process with `status`, unless a signal is ending it: then it waits for the
  /// handler to end it by the signal, so that an interrupted report never ends with exit 0.
  ///
  /// - Parameter status: The exit status.
  package static func exit(_ status: Int32) -> Never {
    while ending.load(ordering: .sequentiallyConsistent) != 0 { pause() }
    #if canImport(Glibc)
      Glibc.exit(status)
    #else
      Darwin.exit(status)
    #endif
  }

  /// Runs `write`, which writes to `descriptor`, so that a colour reset waits for it to end.
  ///
  /// - Parameters:
  ///   - descriptor: Where `write` writes.
  ///   - write: The writing, with its retries of short writes.
  /// - Returns: What `write` returns.
  static func writing<Result>(to descriptor: Int32, _ write: () -> Result) -> Result {
    guard descriptor == coloredDescriptor.load(ordering: .relaxed) else { return write() }
    colorWriter.store(currentThread(), ordering: .sequentiallyConsistent)
    defer { colorWriter.store(0, ordering: .sequentiallyConsistent) }
    return write()
  }

  /// The longest the handler waits for a write under way to end, and then for room to write
  /// the colour reset, in milliseconds each: a reader that stopped reading must not keep the
  /// run from ending.
  private static let resetWait: Int32 = 500

  /// Undoes what the run leaves, then ends the process by the signal; ignores a failed write's.
  private static func handle(
    _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
  ) {
    let code = info?.pointee.si_code ?? Int32(SI_USER)
    let byThisProcess = code <= 0 && sender(info) == getpid()
    // The kernel's SIGPIPE or SIGXFSZ of a write: the write fails with EPIPE or EFBIG, and says so.
    if writeFailures.contains(number) && byThisProcess && code == Int32(SI_USER) { return }
    ending.store(number, ordering: .sequentiallyConsistent)
    if let path = UnsafePointer<CChar>(
      bitPattern: temporaryPath.exchange(0, ordering: .sequentiallyConsistent))
    {
      unlink(path)
    }
    resetColors()
    let crashed = crashes.contains(number) && (code > 0 || byThisProcess)
    if crashed, let reporter = handler(previous[Int(number)]) { reporter(number, info, context) }
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    _ = sigaction(number, &action, nil)
    // Blocked until the handler returns, then the default action: the process ends.
    raise(number)
  }

  /// Writes the reset of every colour where colours were written, once: the descriptor first
  /// becomes `/dev/null`, so a row written after this goes nowhere; a write already under way
  /// ends first (a terminal takes one writer at a time), then comes the reset.
  private static func resetColors() {
    let descriptor = coloredDescriptor.exchange(-1, ordering: .sequentiallyConsistent)
    let copy = coloredCopy.load(ordering: .sequentiallyConsistent)
    guard descriptor >= 0, copy >= 0 else { return }
    _ = dup2(nothing.load(ordering: .sequentiallyConsistent), descriptor)
    // A write under way on another thread ends first; its retries now go to /dev/null. One
    // that this handler interrupted on its own thread has stopped already.
    let this = currentThread()
    for _ in 0..<resetWait / 10 {
      let writer = colorWriter.load(ordering: .sequentiallyConsistent)
      guard writer != 0, writer != this else { break }
      _ = poll(nil, 0, 10)
    }
    var ready = pollfd(fd: copy, events: Int16(POLLOUT), revents: 0)
    guard poll(&ready, 1, resetWait) == 1, ready.revents & Int16(POLLOUT) != 0 else { return }
    var reset: [UInt8] = [0x1B, 0x5B, 0x30, 0x6D]  // ESC [ 0 m
    _ = write(copy, &reset, reset.count)
  }

  /// This thread, as a number (`pthread_self(3)`, a read of the thread's own pointer).
  private static func currentThread() -> Int {
    #if canImport(Glibc)
      Int(bitPattern: UInt(pthread_self()))
    #else
      Int(bitPattern: pthread_self())
    #endif
  }

  /// The process that sent a signal, from its information.
  private static func sender(_ info: UnsafeMutablePointer<siginfo_t>?) -> pid_t {
    guard let info else { return 0 }
    #if canImport(Glibc)
      return info.pointee._sifields._kill.si_pid
    #else
      return info.pointee.si_pid
    #endif
  }

  /// The function of an action that calls one: not the default, not ignoring.
  private static func handler(_ action: sigaction) -> (
    @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void
  )? {
    guard !isIgnored(action), action.sa_flags & SA_SIGINFO != 0 else { return nil }
    #if canImport(Glibc)
      return action.__sigaction_handler.sa_sigaction
    #else
      return action.__sigaction_u.__sa_sigaction
    #endif
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Glibc)
      unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 1  // SIG_IGN
    #else
      unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == 1
    #endif
  }
}
