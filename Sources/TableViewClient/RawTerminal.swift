#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal as a full-screen view uses it: raw input, the alternate screen, no cursor, no
/// line wrapping, the mouse wheel reported; and back as it was.
///
/// ``enter()`` keeps the terminal's settings the first time (`tcgetattr`), then makes input raw
/// (`cfmakeraw`: each key as it is pressed, no echo, Ctrl-C and Ctrl-Z as bytes rather than
/// signals) and switches to the alternate screen, so the shell's screen comes back untouched.
/// ``leave()`` undoes each step and restores the kept settings, so `stty -a` reads the same
/// after as before. It is safe to call either again: after a suspension, the shell may have
/// changed the settings, and entering again puts the view's back.
package struct RawTerminal {
  /// Why the terminal could not be used.
  package struct Failure: Error, Equatable {
    /// What failed, for a person.
    package var reason: String
  }

  /// What switches the screen over: the alternate screen (which saves the cursor), the cursor
  /// hidden, no wrapping at the right edge (a line a terminal measures wider than the view did
  /// cannot spill onto the next), mouse buttons reported as SGR sequences (modes 1000 and 1006),
  /// and a clear screen.
  package static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[2J"
  /// What switches it back, in the reverse order: colours reset, mouse off, wrapping on, the
  /// cursor shown, the shell's screen and cursor back.
  package static let leaveSequence = "\u{1B}[0m\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

  /// The descriptor keys are read from: standard input.
  package let input: Int32
  /// The descriptor the screen is written to: standard output.
  package let output: Int32
  /// The settings the terminal had before the view, kept the first time it is entered.
  private var original: termios?
  /// Whether the view is on screen.
  package private(set) var isActive = false

  /// A terminal on two descriptors, not entered yet.
  ///
  /// - Parameters:
  ///   - input: Where keys are read.
  ///   - output: Where the screen is written.
  package init(input: Int32 = 0, output: Int32 = 1) {
    self.input = input
    self.output = output
  }

  /// Makes input raw and switches to the full screen; keeps the terminal's own settings the
  /// first time, for ``leave()`` and for a crash.
  ///
  /// - Throws: ``Failure`` when the settings cannot be read or changed.
  package mutating func enter() throws(Failure) {
    if original == nil {
      var settings = termios()
      guard tcgetattr(input, &settings) == 0 else { throw Failure(reason: Self.error("tcgetattr")) }
      original = settings
    }
    guard var raw = original else { return }
    cfmakeraw(&raw)
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw Failure(reason: Self.error("tcsetattr")) }
    if let original {
      TerminalSignals.arm(input: input, output: output, original: original, leave: Self.leaveSequence)
    }
    isActive = true
    guard write(Self.enterSequence) else {
      leave()
      throw Failure(reason: Self.error("write"))
    }
  }

  /// Leaves the full screen and restores the terminal's own settings.
  package mutating func leave() {
    guard isActive, var original else { return }
    isActive = false
    _ = write(Self.leaveSequence)
    _ = tcsetattr(input, TCSAFLUSH, &original)
    TerminalSignals.disarm()
  }

  /// The size of the terminal, from the kernel (`TIOCGWINSZ`), or `nil` when it does not say.
  package func size() -> (width: Int, height: Int)? {
    var size = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes text, all of it, waiting while the terminal is busy.
  ///
  /// - Parameter text: The text.
  /// - Returns: `false` when the terminal cannot be written (it went away).
  package func write(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count, let base = bytes.baseAddress {
        let written = systemWrite(output, base + offset, bytes.count - offset)
        if written >= 0 {
          offset += written
        } else if errno == EAGAIN {
          var ready = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
          _ = poll(&ready, 1, 100)
        } else if errno != EINTR {
          return false
        }
      }
      return true
    }
  }

  private static func error(_ call: String) -> String {
    "\(call): \(String(cString: strerror(errno)))"
  }
}

/// `write(2)`, named apart from ``RawTerminal/write(_:)``.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
  #else
    Darwin.write(descriptor, bytes, count)
  #endif
}

/// `read(2)`.
func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.read(descriptor, bytes, count)
  #else
    Darwin.read(descriptor, bytes, count)
  #endif
}
