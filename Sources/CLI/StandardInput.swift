#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What is on standard input, as far as can be told without reading it: `txreport` with no
/// input option reads data piped to it, and tells a person at a terminal what it waits for.
package enum StandardInput: Sendable, Equatable {
  /// A terminal: a person would type the records.
  case terminal
  /// Nothing to read: closed, a device such as `/dev/null`, an empty file, or a pipe whose
  /// writer has ended without writing.
  case nothing
  /// A pipe or a file with data waiting.
  case data
  /// A pipe that is still open but has written nothing yet, after a short wait: it may never
  /// write (a job runner's idle pipe), so it is not waited for.
  case silent

  /// How long to wait for a pipe's first byte before taking it for a silent one.
  package static let waitMilliseconds: Int32 = 300

  /// Looks at this process's standard input: its kind, and for a pipe, whether it has data or
  /// has ended within ``waitMilliseconds``. Nothing is read.
  ///
  /// - Returns: What is there.
  package static func probe() -> StandardInput {
    if isatty(0) == 1 { return .terminal }
    var status = stat()
    guard fstat(0, &status) == 0 else { return .nothing }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      let offset = lseek(0, 0, SEEK_CUR)
      return Int64(status.st_size) > Int64(max(0, offset)) ? .data : .nothing
    case S_IFIFO, S_IFSOCK:
      var request = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
      var ready: Int32
      repeat { ready = poll(&request, 1, waitMilliseconds) } while ready < 0 && errno == EINTR
      guard ready > 0 else { return .silent }
      return request.revents & Int16(POLLIN) != 0 ? .data : .nothing
    default:
      return .nothing
    }
  }
}
