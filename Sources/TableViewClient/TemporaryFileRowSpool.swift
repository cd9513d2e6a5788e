import Presenters
import RowStorage
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The table view's rows, block by block, in a temporary file: a report of millions of rows
/// then holds in memory an index of its blocks and date blocks, and the blocks on screen.
///
/// The file is removed from its folder as soon as it is made, so nothing is left behind however
/// `txreport` ends (a signal, a crash): its space is freed when the descriptor is closed, which
/// the kernel does at the latest when the process ends. Its descriptor is closed on `exec`.
/// Written blocks stay in the kernel's page cache, which the system may reclaim: they are not
/// the process's memory.
package final class TemporaryFileRowSpool: ReportRowSpool {
  private struct Kept {
    /// Where each block starts in the file, and its size.
    var blocks: [(offset: Int, size: Int)] = []
    /// Where the next block goes.
    var end: Int { blocks.last.map { $0.offset + $0.size } ?? 0 }
  }

  private let descriptor: Int32
  private let kept = Mutex(Kept())

  /// Makes the file in a folder (`TMPDIR`, else `/tmp`), or returns `nil` when it cannot: the
  /// table then keeps its rows in memory.
  ///
  /// - Parameter folder: The folder; `TMPDIR` by default.
  package init?(folder: String? = nil) {
    let base = folder ?? Self.temporaryFolder
    var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast())
    template += Array("txreport-rows-XXXXXX".utf8CString)
    // Made before the report starts, and so before any helper process: no `exec` comes
    // between the file's making and its close-on-exec flag.
    let descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    guard descriptor >= 0 else { return nil }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    template.withUnsafeBufferPointer { _ = $0.baseAddress.map(unlink) }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  package func keep(_ block: [UInt8]) -> Bool {
    kept.withLock { kept in
      let written = block.withUnsafeBytes { bytes -> Bool in
        guard let start = bytes.baseAddress else { return true }
        var done = 0
        while done < bytes.count {
          let count = pwrite(descriptor, start + done, bytes.count - done, off_t(kept.end + done))
          if count < 0 && errno == EINTR { continue }
          guard count > 0 else { return false }
          done += count
        }
        return true
      }
      guard written else { return false }
      kept.blocks.append((kept.end, block.count))
      return true
    }
  }

  package func block(_ index: Int) -> [UInt8]? {
    guard let (offset, size) = kept.withLock({ $0.blocks.indices.contains(index) ? $0.blocks[index] : nil })
    else {
      return nil
    }
    var bytes = [UInt8](repeating: 0, count: size)
    let complete = bytes.withUnsafeMutableBytes { buffer -> Bool in
      guard let start = buffer.baseAddress else { return true }
      var done = 0
      while done < size {
        let count = pread(descriptor, start + done, size - done, off_t(offset + done))
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        done += count
      }
      return true
    }
    return complete ? bytes : nil
  }

  /// The temporary folder, as the environment names it.
  private static var temporaryFolder: String {
    guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
    return String(cString: value)
  }

  package func removeAll() {
    kept.withLock { kept in
      kept = Kept()
      _ = ftruncate(descriptor, 0)
    }
  }
}
