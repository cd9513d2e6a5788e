import TestSupport
import Testing
import UseCases

@testable import FileGateways

/// Which field a mistyped name stands for: the nearest field name, at most two edits away,
/// ignoring case.
@Suite struct FieldNameGuessTests {
  @Test(
    "Edits are characters inserted, deleted or replaced",
    arguments: [
      ("", "", 0), ("date", "date", 0), ("", "date", 4), ("grup", "group", 1), ("ammount", "amount", 1),
      ("descripton", "description", 1), ("dbet", "debit", 2), ("amuont", "amount", 2),
      ("kitten", "sitting", 3),
    ])
  func editDistance(source: String, target: String, distance: Int) {
    #expect(
      FieldNameGuess.editDistance(Array(source.unicodeScalars), Array(target.unicodeScalars)) == distance)
    #expect(
      FieldNameGuess.editDistance(Array(target.unicodeScalars), Array(source.unicodeScalars)) == distance)
  }

  @Test(
    "A name stands for the nearest field within two edits, ignoring case",
    arguments: [
      ("descripton", RecordField.description), ("Description", .description), ("DESCRIPTON", .description),
      ("ammount", .amount), ("Amount", .amount), ("amt", nil), ("grup", .group), ("gruop", .group),
      ("dates", .date), ("Date", .date), ("debt", .debit), ("debits", .debit), ("note", .date), ("id", nil),
      ("memo", nil), ("descriptions", .description), ("desc", nil), ("", nil), ("Groupe", .group),
      ("d", nil), ("dte", .date),
    ])
  func likelyField(name: String, field: RecordField?) {
    #expect(FieldNameGuess.field(likelyMeantBy: name) == field)
  }

  @Test("Among names, the nearest that stands for the field is chosen, the first on a tie")
  func likelyName() {
    let names = [
      FieldNameGuess.Name(text: "amont", position: at(1, 2)),
      FieldNameGuess.Name(text: "dates", position: at(1, 20)),
      FieldNameGuess.Name(text: "Amount", position: at(1, 40)),
      FieldNameGuess.Name(text: "amounts", position: at(1, 60)),
    ]

    #expect(FieldNameGuess.likelyName(for: .amount, among: names)?.position == at(1, 40))
    #expect(FieldNameGuess.likelyName(for: .date, among: names)?.text == "dates")
    #expect(FieldNameGuess.likelyName(for: .debit, among: names) == nil)
    #expect(FieldNameGuess.likelyName(for: .amount, among: Array(names.prefix(2)))?.text == "amont")
    #expect(FieldNameGuess.likelyName(for: .group, among: []) == nil)
  }
}
