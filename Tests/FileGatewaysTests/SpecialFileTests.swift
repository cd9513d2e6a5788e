import Entities
import Foundation
import InMemoryGateways
import TestSupport
import Testing
import UseCases

@testable import FileGateways

/// Files that are not regular files: devices, pipes and standard input, which can be read only
/// once and are copied so that a report can read them twice.
@Suite(.timeLimit(.minutes(1))) struct SpecialFileTests {
  @Test(arguments: RecordFormat.allCases)
  func aCharacterDeviceIsReadAsStandardInputIs(format: RecordFormat) async throws {
    let empty = FileTransactionSource(path: "/dev/null", format: format)
    #expect(try await readAll(empty).isEmpty)
    #expect(try await readAll(empty).isEmpty)

    // Endless: read until the first issue that ends it, the same on every opening.
    let endless = FileTransactionSource(path: "/dev/zero", format: format)
    let first = try await readAll(endless)
    let last = try #require(first.last?.issue)
    #expect(last.position != nil)
    #expect(try await readAll(endless) == first)
  }

  #if os(Linux)
    @Test func aPipeIsCopiedAsItIsReadAndEveryOpenReadsItFromTheStart() async throws {
      let directory = try TemporaryDirectory()
      let fifo = try makeFIFO(in: directory, named: "demo.csv")
      let writer = try feed(fifo, with: demoBytes("formats/demo_all.csv"))
      let source = FileTransactionSource(path: fifo, format: .csv)

      let first = try await readAll(source)
      let copy = source
      let second = try await readAll(copy)
      writer.wait()

      #expect(first.map(\.transaction) == DemoTransactions.all)
      #expect(first == second)
      guard case .transaction(_, let origin)? = second.last else { return }
      #expect(origin?.source == fifo)
      #expect(origin?.start == at(59, 1))
    }

    @Test func readersOfAPipeMayInterleaveAndOvertakeEachOther() async throws {
      let directory = try TemporaryDirectory()
      let fifo = try makeFIFO(in: directory, named: "demo.ndjson")
      let writer = try feed(fifo, with: demoBytes("formats/demo_all.ndjson"))
      let source = FileTransactionSource(path: fifo, format: .ndjson)
      guard case .available(var slow) = await source.open() else { throw SourceUnavailable() }
      let firstOfSlow = slow.next().map(ReadRecord.init)

      let fast = try await readAll(source)
      var rest: [ReadRecord] = []
      while let record = slow.next() { rest.append(ReadRecord(record)) }
      writer.wait()

      #expect(fast.map(\.transaction) == DemoTransactions.all)
      #expect([firstOfSlow].compactMap { $0 } + rest == fast)
    }

    @Test func theCopyOfAPipeIsATemporaryFileUnlinkedAtOnce() async throws {
      let directory = try TemporaryDirectory()
      let fifo = try makeFIFO(in: directory, named: "one.json")
      let writer = try feed(fifo, with: Array("[]".utf8))
      let source = FileTransactionSource(path: fifo)

      guard case .available(var stream) = await source.open() else { throw SourceUnavailable() }
      let copies = descriptorTargets().filter { $0.contains("/txreport-input-") }
      #expect(stream.next() == nil)
      writer.wait()

      // Other tests running at the same time may hold copies too: each must be unlinked.
      #expect(!copies.isEmpty)
      #expect(copies.allSatisfy { $0.hasSuffix(" (deleted)") })
    }

    @Test func standardInputIsNamedStdinAndReadTwice() async throws {
      var ends: [Int32] = [0, 0]
      try #require(pipe(&ends) == 0)
      let saved = dup(0)
      try #require(saved >= 0 && dup2(ends[0], 0) == 0)
      close(ends[0])
      defer {
        dup2(saved, 0)
        close(saved)
      }
      let bytes = Array(
        #"{"group": "P", "date": "2016-05-01", "description": "x", "amount": "1", "debit": "Q"}"#.utf8)
      let writeEnd = ends[1]
      let writer = Thread {
        bytes.withUnsafeBytes { buffer in _ = write(writeEnd, buffer.baseAddress, buffer.count) }
        close(writeEnd)
      }
      writer.start()
      let source = FileTransactionSource(path: "-", format: .ndjson)

      let first = try await readAll(source)
      let second = try await readAll(source)

      #expect(source.name == "<stdin>")
      #expect(source.path == "-")
      #expect(first.map(\.issue?.source) == ["<stdin>"])
      #expect(first.map(\.issue?.position) == [at(1, 82)])
      #expect(first == second)
    }

    @Test func aCopyTheDiskCannotHoldMakesTheSourceUnavailableNotInvalid() throws {
      var ends: [Int32] = [0, 0]
      try #require(pipe(&ends) == 0)
      let record = #"{"group": "A", "date": "2016-04-01", "description": "d", "amount": "1", "debit": "D"}"#
      let bytes = Array((record + "\n").utf8)
      _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
      close(ends[1])
      // /dev/full takes no byte: every write fails with ENOSPC, as on a full disk.
      let full = open("/dev/full", O_RDWR)
      try #require(full >= 0)
      let spool = InputSpool(
        origin: FileDescriptor(descriptor: ends[0]), copy: FileDescriptor(descriptor: full), path: nil,
        folder: "/tmp")
      let unavailable = SourceRecord.unavailable(
        .cannotCopy(path: nil, .write(folder: "/tmp", systemError: "No space left on device")))
      var stream = RecordFormat.ndjson.stream(reading: ByteInput(provider: spool.reader()), source: "<stdin>")

      #expect(stream.next() == unavailable)
      #expect(stream.next() == nil)
      // The spool stays failed: a later reading ends the same way.
      var again = RecordFormat.ndjson.stream(reading: ByteInput(provider: spool.reader()), source: "<stdin>")
      #expect(again.next() == unavailable)
    }

    /// Makes a named pipe.
    private func makeFIFO(in directory: TemporaryDirectory, named name: String) throws -> String {
      let path = directory.path + "/" + name
      try #require(mkfifo(path, 0o600) == 0, "mkfifo \(path)")
      return path
    }

    /// Writes bytes into a named pipe from another thread; opening it waits for the reader.
    private func feed(_ fifo: String, with bytes: [UInt8]) throws -> Writer {
      let writer = Writer()
      let thread = Thread {
        if let handle = FileHandle(forWritingAtPath: fifo) {
          handle.write(Data(bytes))
          handle.closeFile()
        }
        writer.done.signal()
      }
      thread.start()
      return writer
    }

    final class Writer: Sendable {
      let done = DispatchSemaphore(value: 0)

      func wait() { done.wait() }
    }

    private func demoBytes(_ name: String) throws -> [UInt8] {
      try #require(FileManager.default.contents(atPath: FixtureFiles.path(name))).map { $0 }
    }

    /// Where this process's open descriptors point.
    private func descriptorTargets() -> [String] {
      let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
      return descriptors.compactMap {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
      }
    }
  #endif
}
