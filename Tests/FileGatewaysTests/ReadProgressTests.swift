import FileGateways
import Foundation
import TestSupport
import Testing
import UseCases

/// A file source given an observer reports how far each reading has got.
@Suite(.timeLimit(.minutes(1))) struct ReadProgressTests {
  /// Collects reports from the reading thread.
  final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [ReadProgress] = []

    func append(_ progress: ReadProgress) {
      lock.lock()
      stored.append(progress)
      lock.unlock()
    }

    var all: [ReadProgress] {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
  }

  /// An NDJSON file big enough for several 1 MiB chunks (about 3.5 MB).
  private func bigFile(in directory: TemporaryDirectory) throws -> (path: String, size: Int) {
    let line = #"{"group":"A","date":"2016-04-01","description":"Starbucks","amount":"3.11","debit":"D"}"#
    let text = String(repeating: line + "\n", count: 40_000)
    return (try directory.file("big.ndjson", text: text), text.utf8.count)
  }

  @Test("Each reading of a file reports its bytes, chunk by chunk, up to the file's size")
  func regularFile() async throws {
    let directory = try TemporaryDirectory()
    let (path, size) = try bigFile(in: directory)
    let reports = Reports()
    let source = FileTransactionSource(path: path, format: .ndjson) { reports.append($0) }

    let first = try await readAll(source)
    let afterFirst = reports.all
    _ = try await readAll(source)

    #expect(first.count == 40_000)
    #expect(afterFirst.count > 3)
    #expect(afterFirst.allSatisfy { $0.reading == 1 && $0.source == path && $0.totalBytes == size })
    #expect(zip(afterFirst, afterFirst.dropFirst()).allSatisfy { $0.bytesRead < $1.bytesRead })
    #expect(afterFirst.last?.bytesRead == size)
    let second = reports.all.dropFirst(afterFirst.count)
    #expect(second.map(\.reading).allSatisfy { $0 == 2 })
    #expect(second.last?.bytesRead == size)
  }

  @Test("Observing a source changes none of its records")
  func observingChangesNothing() async throws {
    let directory = try TemporaryDirectory()
    let (path, _) = try bigFile(in: directory)
    let reports = Reports()
    let observed = FileTransactionSource(path: path, format: .ndjson) { reports.append($0) }
    #expect(
      try await readAll(FileTransactionSource(path: path, format: .ndjson)) == (try await readAll(observed)))
    #expect(!reports.all.isEmpty)
  }

  #if os(Linux)
    @Test("A pipe's size is unknown while it is first read, and known to the readings after")
    func pipe() async throws {
      let directory = try TemporaryDirectory()
      let (path, size) = try bigFile(in: directory)
      let fifo = directory.path + "/pipe.ndjson"
      try #require(mkfifo(fifo, 0o600) == 0, "mkfifo \(fifo)")
      let bytes = try #require(FileManager.default.contents(atPath: path))
      let writer = Thread {
        if let handle = FileHandle(forWritingAtPath: fifo) {
          handle.write(bytes)
          handle.closeFile()
        }
      }
      writer.start()
      let reports = Reports()
      let source = FileTransactionSource(path: fifo, format: .ndjson) { reports.append($0) }

      _ = try await readAll(source)
      _ = try await readAll(source)

      let first = reports.all.filter { $0.reading == 1 }
      let second = reports.all.filter { $0.reading == 2 }
      #expect(!first.isEmpty && first.allSatisfy { $0.totalBytes == nil })
      #expect(first.last?.bytesRead == size)
      #expect(!second.isEmpty && second.allSatisfy { $0.totalBytes == size })
      #expect(second.last?.bytesRead == size)
    }
  #endif
}
