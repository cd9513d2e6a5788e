import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signals a full-screen view must answer, turned into bytes on a pipe; and the last-resort
/// restoring of the terminal when the process dies of a fault.
///
/// **The self-pipe.** A signal handler may do almost nothing safely, so the handler of each
/// signal the view answers (``handled``: a resize, Ctrl-C and the signals that end a program, a
/// stop and a continue) only writes the signal's number, one byte, to a pipe. The view's loop
/// waits on that pipe beside the keyboard, reads the number, and does the work on its own
/// thread: draw again, or leave the screen and end, or suspend.
///
/// **Faults.** A crash must not leave the terminal raw, without echo, in the alternate screen.
/// While the view is on screen (``arm(input:output:original:)``), the handler of each fatal
/// signal (``fatal``) writes the sequence that leaves the screen and restores the saved terminal
/// settings (`write(2)` and `tcsetattr(3)` are safe in a handler), then hands the signal, with
/// what the kernel told of it, to the action that was there before (`txreport`'s own, which
/// ends the process by the signal; else the default, by raising it again), so the process
/// still dies as it would have, and says so on a sane terminal. The same restoring runs at
/// `exit(3)`, from whatever thread calls it.
package enum TerminalSignals {
  /// The signals the view answers through the pipe: SIGWINCH (resized), SIGINT, SIGTERM,
  /// SIGHUP and SIGQUIT (end), SIGTSTP (stop, from outside: `kill -TSTP`) and SIGCONT (go on).
  package static let handled = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT]
  /// Every other signal whose default action ends the process, but the faults (signal(7)):
  /// SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGSYS, and on Linux SIGSTKFLT,
  /// SIGIO, SIGPWR and the real-time signals. They go through the pipe too, so the view leaves
  /// the screen as for SIGTERM, and its client then ends the process by the same signal. One
  /// that the process ignores (a parent made it so) stays ignored. SIGPIPE and SIGXFSZ are
  /// ``writeFailures``.
  package static let ending: [Int32] = {
    var numbers = [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGSYS]
    #if os(Linux)
      numbers += [SIGSTKFLT, SIGIO, SIGPWR]
      numbers += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    #endif
    return numbers.filter { $0 < 65 }
  }()
  /// The signals of a fault, after which the terminal is restored before the process dies.
  package static let fatal = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
  /// SIGPIPE and SIGXFSZ: the kernel raises them when a write of this process fails (a pipe
  /// whose reader went away, a file past `ulimit -f`), and the write then fails and says why,
  /// so those are let through to the action before; sent by another process (`kill -PIPE`),
  /// they end the view as SIGTERM does, through the pipe.
  package static let writeFailures = [SIGPIPE, SIGXFSZ]

  /// The signals of ``ending`` whose handler forwards them, a bit each by number.
  private static let forwardedEnding = Atomic<UInt64>(0)
  /// The pipe's writing end, for the handlers; -1 when none is installed.
  private static let pipe = Atomic<Int32>(-1)
  /// The terminal's descriptors and settings while the view is on screen, for the restoring
  /// handlers: the address of a ``Saved``, or 0.
  private static let saved = Atomic<Int>(0)
  /// The actions that were in place before ``install(pipe:)``, by signal number.
  nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    actions.initialize(repeating: sigaction(), count: 65)
    return actions
  }()
  /// Whether the restoring at exit is registered.
  private static let atExitRegistered = Atomic(false)

  /// What the restoring handlers need, made before it is needed: nothing is allocated in a
  /// handler.
  private struct Saved {
    var input: Int32
    var output: Int32
    var original: termios
    var leave: UnsafeMutablePointer<UInt8>
    var leaveCount: Int
  }

  /// Catches the signals: the ``handled`` ones write their number to `pipe`, the ``fatal``
  /// ones restore the terminal when it is armed.
  ///
  /// - Parameter descriptor: The writing end of the view's signal pipe, non-blocking.
  package static func install(pipe descriptor: Int32) {
    pipe.store(descriptor, ordering: .sequentiallyConsistent)
    for number in handled { setHandler(number, { TerminalSignals.forward($0) }, saving: true) }
    for number in fatal {
      setInformedHandler(number) { number, info, context in
        TerminalSignals.restoreAndDie(number, info, context)
      }
    }
    for number in writeFailures {
      setInformedHandler(number) { number, info, context in
        TerminalSignals.forwardUnlessOwnWrite(number, info, context)
      }
    }
    var forwarded: UInt64 = 0
    for number in ending where !isIgnored(number) {
      setHandler(number, { TerminalSignals.forward($0) }, saving: true)
      forwarded |= 1 << UInt64(number)
    }
    forwardedEnding.store(forwarded, ordering: .sequentiallyConsistent)
    if !atExitRegistered.exchange(true, ordering: .sequentiallyConsistent) {
      atexit { TerminalSignals.restore() }
    }
  }

  /// Puts back the actions that were in place before ``install(pipe:)``.
  package static func uninstall() {
    for number in handled + fatal + writeFailures { _ = sigaction(number, previous + Int(number), nil) }
    let forwarded = forwardedEnding.exchange(0, ordering: .sequentiallyConsistent)
    for number in ending where forwarded & 1 << UInt64(number) != 0 {
      _ = sigaction(number, previous + Int(number), nil)
    }
    pipe.store(-1, ordering: .sequentiallyConsistent)
  }

  /// Keeps what restores the terminal if the process dies before ``disarm()``.
  ///
  /// - Parameters:
  ///   - input: The terminal's input descriptor, whose settings are restored.
  ///   - output: The terminal's output descriptor, where the leaving sequence is written.
  ///   - original: The settings to restore.
  ///   - leave: The sequence that leaves the full screen.
  package static func arm(input: Int32, output: Int32, original: termios, leave: String) {
    let bytes = Array(leave.utf8)
    let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
    copy.initialize(from: bytes, count: bytes.count)
    let state = UnsafeMutablePointer<Saved>.allocate(capacity: 1)
    state.initialize(
      to: Saved(input: input, output: output, original: original, leave: copy, leaveCount: bytes.count))
    release(saved.exchange(Int(bitPattern: state), ordering: .sequentiallyConsistent))
  }

  /// The terminal is restored: nothing is left to do if the process dies.
  package static func disarm() {
    release(saved.exchange(0, ordering: .sequentiallyConsistent))
  }

  /// Stops the process as Ctrl-Z would in a shell, until it is continued (`fg`): the default
  /// action of SIGTSTP, for the time of one raise, then the handler again.
  ///
  /// The signal is raised on the calling thread with SIGTSTP unblocked there, so the process
  /// has stopped, and been continued, by the time this returns: threads of a pool (the view's
  /// loop runs on one) may block signals, and one blocked there would stay pending.
  package static func stopProcess() {
    var stop = sigset_t()
    var mask = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, &mask)
    setHandler(SIGTSTP, nil, saving: false)
    raise(SIGTSTP)
    setHandler(SIGTSTP, { TerminalSignals.forward($0) }, saving: false)
    pthread_sigmask(SIG_SETMASK, &mask, nil)
  }

  /// Whether the process ignores a signal now.
  private static func isIgnored(_ number: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(number, nil, &current) == 0 else { return true }
    #if canImport(Glibc)
      return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1  // SIG_IGN
    #else
      return unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self) == 1
    #endif
  }

  private static func setHandler(
    _ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?, saving: Bool
  ) {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler ?? SIG_DFL
    #else
      action.__sigaction_u.__sa_handler = handler ?? SIG_DFL
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    _ = sigaction(number, &action, saving ? previous + Int(number) : nil)
  }

  /// Catches a signal with a handler that is told who sent it, keeping the action before.
  private static func setInformedHandler(
    _ number: Int32,
    _ handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void
  ) {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_sigaction = handler
    #else
      action.__sigaction_u.__sa_sigaction = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK
    _ = sigaction(number, &action, previous + Int(number))
  }

  /// Hands a signal to the action that was in place before ``install(pipe:)``, with what the
  /// kernel told about it (who sent it, where it faulted): that action may tell a crash of this
  /// process from a signal another sent. The default action is taken by raising the signal
  /// again, blocked until this handler returns.
  private static func passOn(
    _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
  ) {
    let before = previous[Int(number)]
    #if canImport(Glibc)
      let address = unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self)
      let informed = before.__sigaction_handler.sa_sigaction
      let plain = before.__sigaction_handler.sa_handler
    #else
      let address = unsafeBitCast(before.__sigaction_u.__sa_handler, to: Int.self)
      let informed = before.__sigaction_u.__sa_sigaction
      let plain = before.__sigaction_u.__sa_handler
    #endif
    switch address {
    case 0:  // SIG_DFL
      _ = sigaction(number, previous + Int(number), nil)
      raise(number)
    case 1:  // SIG_IGN
      break
    default:
      if before.sa_flags & SA_SIGINFO != 0 { informed?(number, info, context) } else { plain?(number) }
    }
  }

  /// The handler of ``writeFailures``: a failed write of this process's own is the action
  /// before's (`txreport` ignores it); one another process sent ends the view.
  private static func forwardUnlessOwnWrite(
    _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
  ) {
    #if canImport(Glibc)
      let sender = info?.pointee._sifields._kill.si_pid ?? 0
    #else
      let sender = info?.pointee.si_pid ?? 0
    #endif
    if (info?.pointee.si_code ?? Int32(SI_USER)) == Int32(SI_USER) && sender == getpid() {
      passOn(number, info, context)
    } else {
      forward(number)
    }
  }

  /// The handler of the ``handled`` signals: the number, to the pipe.
  private static func forward(_ number: Int32) {
    let kept = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(pipe.load(ordering: .sequentiallyConsistent), &byte, 1)
    errno = kept
  }

  /// The handler of the ``fatal`` signals: restore, then the action before, which ends the
  /// process by the signal (`txreport`'s own handler does, after the runtime's crash report for
  /// a crash of its own).
  private static func restoreAndDie(
    _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
  ) {
    restore()
    passOn(number, info, context)
  }

  /// Leaves the full screen and restores the terminal's settings, once, if armed; safe in a
  /// signal handler.
  private static func restore() {
    let address = saved.exchange(0, ordering: .sequentiallyConsistent)
    guard let state = UnsafeMutablePointer<Saved>(bitPattern: address) else { return }
    _ = write(state.pointee.output, state.pointee.leave, state.pointee.leaveCount)
    _ = tcsetattr(state.pointee.input, TCSAFLUSH, &state.pointee.original)
  }

  private static func release(_ address: Int) {
    guard let state = UnsafeMutablePointer<Saved>(bitPattern: address) else { return }
    state.pointee.leave.deallocate()
    state.deinitialize(count: 1)
    state.deallocate()
  }
}
