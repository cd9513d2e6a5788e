import Entities
import FileGateways
import Foundation
import InMemoryGateways
import Presenters
import TestSupport
import Testing
import UseCases

@Suite struct FileTransactionSourceTests {
  // MARK: Opening

  @Test func nameIsThePathAsGiven() {
    let source = FileTransactionSource(path: "some/dir/../a.json")

    #expect(source.name == "some/dir/../a.json")
    #expect(source.path == "some/dir/../a.json")
    #expect(source.format == .json)
  }

  @Test func aMissingFileIsMissingInputWithTheOperatingSystemsReason() async throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/missing.json"

    #expect(
      await missingReason(FileTransactionSource(path: path))
        == "cannot read '\(path)': No such file or directory")
  }

  @Test func aMissingFileNamesTheNearestFileInItsFolder() async throws {
    let directory = try TemporaryDirectory()
    _ = try directory.file("transactions.csv", text: "")
    _ = try directory.file("other.csv", text: "")
    _ = try directory.file(".transactons.csv", text: "")

    #expect(
      await missingReason(FileTransactionSource(path: directory.path + "/transactons.csv"))
        == "cannot read '\(directory.path)/transactons.csv': No such file or directory;"
        + " did you mean '\(directory.path)/transactions.csv'?")
    #expect(
      await missingReason(FileTransactionSource(path: directory.path + "/transactions.json"))
        == "cannot read '\(directory.path)/transactions.json': No such file or directory;"
        + " did you mean '\(directory.path)/transactions.csv'?")
    #expect(
      await missingReason(FileTransactionSource(path: directory.path + "/budget.csv"))
        == "cannot read '\(directory.path)/budget.csv': No such file or directory")
  }

  @Test func aDirectoryIsMissingInput() async throws {
    let directory = try TemporaryDirectory()

    #expect(
      await missingReason(FileTransactionSource(path: directory.path))
        == "'\(directory.path)' is a directory")
  }

  @Test func aPathThroughAFileIsMissingInput() async throws {
    let directory = try TemporaryDirectory()
    let file = try directory.file("a.json", text: "[]")

    #expect(
      await missingReason(FileTransactionSource(path: file + "/b.json"))
        == "cannot read '\(file)/b.json': Not a directory")
  }

  #if os(Linux)
    @Test("A read error (EIO) ends the stream as missing input, not invalid data (issue 39)")
    func aReadErrorIsMissingInputThenTheEnd() async throws {
      // Reading /proc/self/mem from offset 0 fails with EIO: page 0 is never mapped.
      let records = try await readAll(FileTransactionSource(path: "/proc/self/mem"))

      #expect(
        records == [
          .missing(
            UnavailableReason(
              FileProblem.readFailed(source: "/proc/self/mem", systemError: "Input/output error")))
        ])
      #expect(
        EnglishReportWording().reason(
          UnavailableReason(FileProblem.readFailed(source: "a.csv", systemError: "Input/output error")))
          == "cannot read 'a.csv' to its end: Input/output error")
    }
  #endif

  // MARK: Empty sources

  @Test(arguments: [
    ("zero bytes", ""),
    ("blank", " \n\t\r\n  "),
    ("empty array", "[]"),
    ("empty array with blanks", "\n [ \n ] \n"),
    ("byte order mark only", "\u{FEFF}"),
    ("byte order mark and empty array", "\u{FEFF}[]"),
  ])
  func holdsNoRecords(_ name: String, text: String) async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("empty.json", text: text)

    let records = try await readAll(FileTransactionSource(path: path))

    #expect(records.isEmpty, "\(name)")
  }

  // MARK: Reading

  @Test func recordsCarryTheirOrigin() async throws {
    let path = FixtureFiles.path("demo_authorized.json")

    let records = try await readAll(FileTransactionSource(path: path))

    let first = try #require(records.first)
    guard case .transaction(let transaction, let origin) = first else {
      Issue.record("expected a transaction, got \(first)")
      return
    }
    #expect(transaction == DemoTransactions.authorized.first)
    #expect(
      origin
        == RecordOrigin(
          source: path, start: at(2, 3), group: at(3, 14), amount: at(6, 15), date: at(4, 13),
          description: at(5, 20)))
  }

  @Test func everyOpenStartsFromTheBeginning() async throws {
    let source = FileTransactionSource(path: FixtureFiles.path("demo_all.json"))

    let first = try await readAll(source)
    let second = try await readAll(source)

    #expect(first.count == 58)
    #expect(first == second)
  }

  @Test func twoOpenStreamsReadIndependently() async throws {
    let source = FileTransactionSource(path: FixtureFiles.path("demo_posted.json"))
    guard case .available(var one) = await source.open(), case .available(var other) = await source.open()
    else {
      Issue.record("the fixture is unavailable")
      return
    }

    let firstOfOne = one.next().map(ReadRecord.init)
    let secondOfOne = one.next().map(ReadRecord.init)
    let firstOfOther = other.next().map(ReadRecord.init)

    #expect(firstOfOne?.transaction == DemoTransactions.posted[0])
    #expect(secondOfOne?.transaction == DemoTransactions.posted[1])
    #expect(firstOfOther?.transaction == DemoTransactions.posted[0])
  }

  @Test func theStreamStaysEndedAfterItsLastRecord() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file(
      "one.json", text: #"[{"group":"A","date":"2016-04-01","description":"x","amount":"1","debit":"D"}]"#)
    guard case .available(var stream) = await FileTransactionSource(path: path).open() else {
      Issue.record("unavailable")
      return
    }

    #expect(stream.next() != nil)
    #expect(stream.next() == nil)
    #expect(stream.next() == nil)
  }

  #if os(Linux)
    @Test func theFileIsClosedWhenTheStreamEndsOrGoesAway() async throws {
      let directory = try TemporaryDirectory()
      // Twice as many records as the reader thread reads ahead (ReadAheadTransactionStream: a
      // full queue of 4 batches of 4,096, the batch lent and the one being filled), and more
      // bytes than one read, so that an abandoned stream still has its file open when it goes
      // away.
      let record = #"{"group":"A","date":"2016-04-01","description":"x","amount":"1","debit":"D"}"#
      let count = 2 * (4 + 2) * 4_096
      let path = try directory.file(
        "closed.json", text: "[" + Array(repeating: record, count: count).joined(separator: ",\n") + "]")
      let source = FileTransactionSource(path: path)

      guard case .available(var drained) = await source.open() else { throw SourceUnavailable() }
      while drained.next() != nil {}
      #expect(openDescriptorCount(for: path) == 0, "closed at the end of the records")

      do {
        guard case .available(let abandoned) = await source.open() else { throw SourceUnavailable() }
        #expect(openDescriptorCount(for: path) == 1)
        _ = abandoned
      }
      #expect(openDescriptorCount(for: path) == 0, "closed when the stream goes away")

      let malformed = try directory.file("malformed.json", text: "[} " + String(repeating: " ", count: 10))
      guard case .available(var broken) = await FileTransactionSource(path: malformed).open() else {
        throw SourceUnavailable()
      }
      #expect(broken.next() != nil)
      #expect(openDescriptorCount(for: malformed) == 0, "closed at a syntax error")
    }

    /// How many of this process's descriptors are open on the file at `path`.
    private func openDescriptorCount(for path: String) -> Int {
      let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
      return descriptors.filter { descriptor in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor)) == path
      }.count
    }
  #endif

  // MARK: Large input

  @Test func streamsALargeFileExactly() async throws {
    // 20,000 records, 1.9 MB: 28 full chunks of 64 KiB. (A debug build reads about 80,000 such
    // records a second, a release build about 600,000; this keeps the test well under a second
    // even when it shares the machine.)
    let count = 20_000
    // One fixed-width record per line; the digits are patched in place for each record.
    let template = Array(
      #"{"group":"P","date":"2016-05-10","description":"Store 000000","amount":"000.00","debit":"D"}"#.utf8)
    let offsets = (day: 29, number: 54, whole: 72, cents: 76, debit: 89)
    func patch(_ line: inout [UInt8], at offset: Int, digits: Int, value: Int) {
      var value = value
      for position in stride(from: offset + digits - 1, through: offset, by: -1) {
        line[position] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      }
    }
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    bytes.reserveCapacity(count * (template.count + 2) + 2)
    var line = template
    var expectedTotal: Int64 = 0
    for index in 0..<count {
      let cents = (index * 7919) % 100_000
      let isDebit = index % 3 != 0
      expectedTotal += isDebit ? Int64(cents) : -Int64(cents)
      patch(&line, at: offsets.day, digits: 2, value: 10 + index % 20)
      patch(&line, at: offsets.number, digits: 6, value: index)
      patch(&line, at: offsets.whole, digits: 3, value: cents / 100)
      patch(&line, at: offsets.cents, digits: 2, value: cents % 100)
      line[offsets.debit] = isDebit ? UInt8(ascii: "D") : UInt8(ascii: "C")
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(UInt8(ascii: "\n"))
      bytes += line
    }
    bytes += Array("\n]\n".utf8)
    let directory = try TemporaryDirectory()
    let path = try directory.file("large.json", bytes: bytes)
    guard case .available(var stream) = await FileTransactionSource(path: path).open() else {
      throw SourceUnavailable()
    }

    var read = 0
    var total = Money.zero
    var last: (Transaction, RecordOrigin?)?
    while let record = stream.next() {
      guard case .transaction(let transaction, let origin) = record else {
        Issue.record("unexpected \(ReadRecord(record))")
        return
      }
      read += 1
      total = try total.adding(transaction.signedAmount)
      last = (transaction, origin)
    }

    #expect(read == count)
    #expect(total.minorUnits == expectedTotal)
    let (lastTransaction, lastOrigin) = try #require(last)
    #expect(lastTransaction == (try transaction(.posted, "2016-05-29", "Store 019999", "720.81", .debit)))
    #expect(lastOrigin?.start == at(count + 1, 1))
  }

  @Test func charactersAndValuesSplitAcrossChunksAreReadWhole() async throws {
    // The 64 KiB chunks end at byte 65,536: put an emoji's four bytes across that boundary,
    // then make the next record's amount straddle the following boundary.
    let head = #"[{"group":"A","date":"2016-04-01","description":""#
    let padding = String(repeating: "x", count: 65_536 - 2 - head.utf8.count)
    let firstDescription = padding + "🙂é"
    let first = head + firstDescription + #"","amount":"1.00","debit":"D"},"# + "\n"
    let second = #"{"group":"A","date":"2016-04-02","description":"#
    // Before the amount's opening quote on line 2: `second`, `"`, the padding, `","amount":`.
    let secondPadding = String(
      repeating: "y", count: 2 * 65_536 - 3 - first.utf8.count - second.utf8.count - 12)
    let rest = #""\#(secondPadding)","amount":"123.45","debit":"C"}]"#
    let text = first + second + rest
    let amountOffset = first.utf8.count + second.utf8.count + secondPadding.utf8.count + 12
    try #require(head.utf8.count + padding.utf8.count == 65_534, "the emoji straddles the first boundary")
    try #require(amountOffset == 2 * 65_536 - 3, "the amount straddles the second boundary")
    let directory = try TemporaryDirectory()
    let path = try directory.file("chunks.json", text: text)

    let records = try await readAll(FileTransactionSource(path: path))

    try #require(records.count == 2)
    #expect(records[0].transaction?.description == firstDescription)
    #expect(records[1].transaction?.amount == Money(minorUnits: 123_45))
    guard case .transaction(_, let origin) = records[1] else { return }
    #expect(origin?.amount == at(2, second.utf8.count + secondPadding.utf8.count + 13))
  }
}
