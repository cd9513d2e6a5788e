#if os(Linux)
  import Glibc

  /// A new pseudo-terminal, for tests of what a program does when its output is a terminal.
  ///
  /// `/dev/ptmx` gives the master; `TIOCSPTLCK` unlocks the slave and `TIOCGPTN` gives its
  /// number (the asm-generic ioctl numbers, on x86-64 and arm64 alike). The caller opens the
  /// slave at ``path`` as it needs, and closes ``master`` when done.
  public struct PseudoTerminal {
    /// The master side's descriptor: what the program writes to the slave is read here.
    public let master: Int32
    /// The path of the slave side, such as `/dev/pts/3`.
    public let path: String

    /// Opens a pseudo-terminal, or returns `nil` when the system gives none.
    public init?() {
      let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      guard master >= 0 else { return nil }
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
        close(master)
        return nil
      }
      self.master = master
      self.path = "/dev/pts/\(number)"
    }
  }
#endif
