import BankReading
import Entities
import Foundation
import Presenters
import TestSupport
import Testing
import UseCases

@testable import FileGateways

/// Issue 48's second attack on the OFX reader: statements whose periods overlap counted a
/// transaction twice (its `FITID` met again in its account), and a file padded with NUL bytes
/// after its `</OFX>` was refused as cut off.
extension StatementProofTests {
  // MARK: A FITID met again in its account

  /// A statement of account `id` from `start` to `end`, with transactions of a `FITID` each.
  static func withIDs(
    _ start: String, _ end: String, id: String = "0001",
    _ transactions: [(fitid: String, amount: String, name: String)]
  ) -> String {
    "<STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1"
      + "<ACCTID>\(id)<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>\(start)<DTEND>\(end)\n"
      + transactions.map {
        "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>\(start)<TRNAMT>\($0.amount)<FITID>\($0.fitid)<NAME>\($0.name)</STMTTRN>\n"
      }.joined()
      + "</BANKTRANLIST></STMTRS></STMTTRNRS>\n"
  }

  /// The attack's reproducer (`/tmp/attack/repro/f9-overlap.ofx`): two statements of account
  /// 0001, January and January 15 to February 15, both holding `FITID` A2, Shop B.
  static let overlap =
    "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\n"
    + "OLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS>"
    + "<DTSERVER>20240216<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1><BANKMSGSRSV1>\n"
    + "<STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1"
    + "<ACCTID>0001<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20240131\n"
    + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240110<TRNAMT>-10.00<FITID>A1<NAME>Shop A</STMTTRN>\n"
    + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240120<TRNAMT>-20.00<FITID>A2<NAME>Shop B</STMTTRN>\n"
    + "</BANKTRANLIST></STMTRS></STMTTRNRS>\n"
    + "<STMTTRNRS><TRNUID>2<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1"
    + "<ACCTID>0001<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20240115<DTEND>20240215\n"
    + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240120<TRNAMT>-20.00<FITID>A2<NAME>Shop B</STMTTRN>\n"
    + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240205<TRNAMT>-5.00<FITID>A3<NAME>Shop C</STMTTRN>\n"
    + "</BANKTRANLIST></STMTRS></STMTTRNRS>\n</BANKMSGSRSV1></OFX>\n"

  /// Where a text's `occurrence`-th (from 0) `needle` starts, as a person counts lines and columns.
  func position(of needle: String, occurrence: Int = 0, in text: String) throws -> TextPosition {
    var from = text.startIndex
    var start = text.startIndex
    for _ in 0...occurrence {
      let range = try #require(text.range(of: needle, range: from..<text.endIndex))
      start = range.lowerBound
      from = range.upperBound
    }
    let lines = text[..<start].split(separator: "\n", omittingEmptySubsequences: false)
    return TextPosition(line: lines.count, column: (lines.last?.count ?? 0) + 1)
  }

  @Test(
    "Overlapping statements: the second A2 is an issue at its FITID naming the first; Shop B is counted once")
  func fitidMetAgain() async throws {
    let records = try await read(Self.overlap)

    #expect(descriptions(records) == ["Shop A", "Shop B", "Shop C"])
    let issue = try #require(records.compactMap(\.issue).first)
    #expect(records.compactMap(\.issue).count == 1)
    let first = try position(of: "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240120", in: Self.overlap)
    #expect(issue.readingProblem == .repeatedTransaction(fitid: "A2", first: first, transaction: nil))
    #expect(issue.position == (try position(of: "A2<NAME>", occurrence: 1, in: Self.overlap)))
    #expect(issue.value == "A2")
    #expect(
      ReportText.issueLine(issue).contains(
        "the FITID was given before to the transaction at 14:1 of the same account"))
  }

  @Test("A FITID met again in one statement's list is an issue too: nothing is counted twice without a word")
  func fitidTwiceInOneStatement() async throws {
    let text = statements(
      Self.withIDs(
        "20240101", "20240131", [("X1", "-1.00", "ONE"), ("X2", "-2.00", "TWO"), ("X1", "-1.00", "ONE")]))

    let records = try await read(text)

    #expect(descriptions(records) == ["ONE", "TWO"])
    #expect(issues(records).count == 1)
  }

  @Test(
    "No issue for a FITID of another account, a FITID of the pending list, transactions without a FITID or with an empty one, or other FITIDs",
    arguments: [
      (
        withIDs("20240101", "20240131", [("A1", "-1.00", "ONE")]),
        withIDs("20240115", "20240215", id: "0002", [("A1", "-1.00", "ONE")])
      ),
      (
        withIDs("20240101", "20240131", [("A1", "-1.00", "ONE")]),
        withIDs("20240115", "20240215", [("", "-1.00", "ONE")])
      ),
      (
        withIDs("20240101", "20240131", [("A1", "-1.00", "ONE")]),
        withIDs("20240115", "20240215", [("A2", "-1.00", "ONE")])
      ),
      (
        withIDs("20240101", "20240131", [("A1", "-1.00", "ONE")]),
        withIDs("20240115", "20240215", [("A1", "-1.00", "ONE")])
          .replacingOccurrences(of: "<FITID>A1", with: "")
      ),
      (
        withIDs("20240101", "20240131", [("A1", "-1.00", "ONE")]),
        withIDs("20240115", "20240215", [("A1", "-1.00", "ONE")])
          .replacingOccurrences(of: "BANKTRANLIST>", with: "BANKTRANLISTP>")
          .replacingOccurrences(of: "STMTTRN>", with: "STMTTRNP>")
          .replacingOccurrences(of: "DTPOSTED", with: "DTTRAN")
      ),
    ])
  func fitidNotMetAgain(first: String, second: String) async throws {
    let records = try await read(statements(first, second))

    #expect(records.allSatisfy { $0.issue == nil }, "\(records)")
    #expect(descriptions(records).count == 2)
  }

  @Test("Without a FITID, the same transaction twice is read twice: nothing says it is one")
  func noFITIDReadTwice() async throws {
    let january = Self.withIDs("20240101", "20240131", [("A1", "-1.00", "ONE")])
      .replacingOccurrences(of: "<FITID>A1", with: "")

    let records = try await read(
      statements(january, january.replacingOccurrences(of: "20240131", with: "20240201")))

    #expect(descriptions(records) == ["ONE", "ONE"])
    #expect(records.allSatisfy { $0.issue == nil })
  }

  @Test(
    "A statement naming its account after its list: its FITID met again is an issue where it names it, without --account; at the FITID with it"
  )
  func fitidOfALateAccount() async throws {
    let late = Self.withIDs("20240115", "20240215", [("A2", "-20.00", "Shop B")])
    let moved = late.replacingOccurrences(
      of: "<BANKACCTFROM><BANKID>1<ACCTID>0001<ACCTTYPE>CHECKING</BANKACCTFROM>", with: ""
    ).replacingOccurrences(
      of: "</BANKTRANLIST>",
      with: "</BANKTRANLIST><BANKACCTFROM><BANKID>1<ACCTID>0001<ACCTTYPE>CHECKING</BANKACCTFROM>")
    let text = statements(Self.withIDs("20240101", "20240131", [("A2", "-20.00", "Shop B")]), moved)
    let first = try position(of: "<STMTTRN>", in: text)
    let second = try position(of: "<STMTTRN>", occurrence: 1, in: text)

    let all = try await read(text)
    let picked = try await read(text, options: ReadingOptions(account: "0001"))

    let late1 = try #require(all.compactMap(\.issue).first)
    #expect(late1.readingProblem == .repeatedTransaction(fitid: "A2", first: first, transaction: second))
    #expect(late1.position == (try position(of: "<BANKACCTFROM>", occurrence: 1, in: text)))
    let held = try #require(picked.compactMap(\.issue).first)
    #expect(held.readingProblem == .repeatedTransaction(fitid: "A2", first: first, transaction: nil))
    #expect(descriptions(picked) == ["Shop B"])
  }

  @Test("20,000 transactions of one account, each with its FITID, read in linear time without an issue")
  func manyFITIDs() async throws {
    let transactions = (0..<20_000).map { (fitid: "ID\($0)", amount: "-1.00", name: "T") }
    let text = statements(Self.withIDs("20240101", "20240131", transactions))

    let records = try await read(text)

    #expect(descriptions(records).count == 20_000)
    #expect(records.allSatisfy { $0.issue == nil })
  }

  // MARK: NUL bytes after the last </OFX>

  @Test("NUL bytes after the last </OFX>, as some downloads pad a file, are no content: the file is whole")
  func nulPadding() async throws {
    let bytes = Array(Self.january.utf8) + [UInt8](repeating: 0, count: 512)

    let records = try await read(bytes)

    #expect(descriptions(records) == ["JAN ONE", "JAN TWO"])
    #expect(records.allSatisfy { $0.issue == nil }, "\(records)")
  }

  @Test(
    "NUL bytes then another answer read both; NUL bytes then text, or a cut answer, are still cut off",
    arguments: [
      (Array(february.utf8), ["JAN ONE", "JAN TWO", "FEB ONE", "FEB TWO"], false),
      (Array("garbage".utf8), ["JAN ONE", "JAN TWO"], true),
      (Array(header.utf8), ["JAN ONE", "JAN TWO"], true),
    ])
  func nulPaddingThen(after: [UInt8], expected: [String], cut: Bool) async throws {
    let records = try await read(Array(Self.january.utf8) + [0, 0, 0, 0] + after)

    #expect(descriptions(records) == expected)
    #expect((records.last?.issue?.readingProblem == .syntax(.endsBeforeClosingTag("OFX"))) == cut)
  }

  @Test("A file of NUL bytes alone is not OFX; nor is one that starts with them")
  func nulBytesFirst() async throws {
    let records = try await read([UInt8](repeating: 0, count: 8) + Array(Self.january.utf8))

    #expect(issues(records) == [.syntax(.notOFX)])
  }
}
