import Entities
import Testing

@Suite struct MoneyTests {
  @Test("Minor units are kept exactly, and Int64.min, which has no positive counterpart, is refused")
  func minorUnits() throws {
    #expect(try #require(Money(minorUnits: 311)).minorUnits == 311)
    #expect(try #require(Money(minorUnits: -311)).minorUnits == -311)
    #expect(try #require(Money(minorUnits: Int64.max)) == Money.maximum)
    #expect(try #require(Money(minorUnits: -Int64.max)) == Money.maximum.negated)
    #expect(Money(minorUnits: .min) == nil)
    #expect(Money.zero.minorUnits == 0)
    #expect(Money.maximum.minorUnits == Int64.max)
  }

  @Test(
    "Sums are exact to the cent",
    arguments: [
      (311, 1534, 1845),
      (311, -311, 0),
      (10, 20, 30),  // 0.10 + 0.20 is exactly 0.30, as binary floating point would not give
      (-40_000, 5, -39_995),
      (Int64.max, 0, Int64.max),
      (Int64.max, -Int64.max, 0),
      (Int64.max - 1, 1, Int64.max),
      (-Int64.max + 1, -1, -Int64.max),
    ] as [(Int64, Int64, Int64)])
  func addition(lhs: Int64, rhs: Int64, sum: Int64) throws {
    let left = try #require(Money(minorUnits: lhs))
    let right = try #require(Money(minorUnits: rhs))
    #expect(try left.adding(right).minorUnits == sum)
    #expect(try right.adding(left).minorUnits == sum)
  }

  @Test(
    "A sum outside the range is an overflow error, in both directions, never a wrapped number",
    arguments: [
      (Int64.max, 1),
      (Int64.max, Int64.max),
      (-Int64.max, -1),  // would be exactly Int64.min, which Money excludes
      (-Int64.max, -Int64.max),
    ] as [(Int64, Int64)])
  func overflow(lhs: Int64, rhs: Int64) throws {
    let left = try #require(Money(minorUnits: lhs))
    let right = try #require(Money(minorUnits: rhs))
    #expect(throws: MoneyOverflow()) { try left.adding(right) }
  }

  @Test(
    "Negation is symmetric: every amount has a negation, and negating twice gives it back",
    arguments: [0, 1, 311, -311, Int64.max, -Int64.max] as [Int64])
  func negation(cents: Int64) throws {
    let money = try #require(Money(minorUnits: cents))
    #expect(money.negated.minorUnits == -cents)
    #expect(money.negated.negated == money)
    #expect(try money.adding(money.negated) == .zero)
  }

  @Test("Only amounts below zero are negative; zero negated is still zero")
  func sign() throws {
    #expect(try #require(Money(minorUnits: -1)).isNegative)
    #expect(!(try #require(Money(minorUnits: 1)).isNegative))
    #expect(!Money.zero.isNegative)
    #expect(Money.zero.negated == .zero)
    #expect(!Money.zero.negated.isNegative)
  }

  @Test("Amounts are ordered by value")
  func ordering() throws {
    let amounts = try [400, -5, 0, Int64.max, -Int64.max, 311].map { try #require(Money(minorUnits: $0)) }
    #expect(amounts.sorted().map(\.minorUnits) == [-Int64.max, -5, 0, 311, 400, Int64.max])
  }
}
