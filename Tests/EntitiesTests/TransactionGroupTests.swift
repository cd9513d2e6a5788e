import Entities
import Testing

@Suite struct TransactionGroupTests {
  @Test("Report order is authorized, then posted, in allCases and in <")
  func order() {
    #expect(TransactionGroup.allCases == [.authorized, .posted])
    #expect(TransactionGroup.authorized < .posted)
    #expect(!(TransactionGroup.posted < .authorized))
    #expect(!(TransactionGroup.authorized < .authorized))
    #expect(!(TransactionGroup.posted < .posted))
    #expect([TransactionGroup.posted, .authorized, .posted].sorted() == [.authorized, .posted, .posted])
  }

  @Test("Groups and debit/credit flags have the one-letter codes records carry")
  func codes() {
    #expect(TransactionGroup.authorized.code == "A")
    #expect(TransactionGroup.posted.code == "P")
    #expect(TransactionGroup(rawValue: "A") == .authorized)
    #expect(TransactionGroup(rawValue: "a") == nil)
    #expect(DebitCredit.allCases.map(\.code) == ["D", "C"])
    #expect(DebitCredit(rawValue: "C") == .credit)
    #expect(DebitCredit(rawValue: "X") == nil)
  }
}
