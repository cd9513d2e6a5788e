import BankFormats
import Foundation
import Testing

/// A layout's places (`DateLayout.fixedWidth`) read a date written at full width as the layout
/// reads it, and leave every other text to the layout.
@Suite struct FixedWidthDateTests {
  /// Dates at full width, one of a two-digit year of each century, and texts that are not:
  /// a zero dropped, a time after the date, a wrong separator, a letter, a sign, a space.
  private static func texts(of layout: DateLayout) -> [String] {
    let dates = [(2024, 3, 15), (1999, 12, 31), (2068, 1, 1), (1969, 2, 29), (2024, 2, 30), (2001, 13, 5)]
    var texts: [String] = []
    for (year, month, day) in dates {
      var text = layout.pattern
      let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
      text = text.replacingOccurrences(of: "YYYY", with: "\(year)")
      text = text.replacingOccurrences(of: "YY", with: twoDigits(year % 100))
      text = text.replacingOccurrences(of: "MM", with: twoDigits(month))
      text = text.replacingOccurrences(of: "DD", with: twoDigits(day))
      texts.append(text)
      texts.append(text + " 13:12")
      texts.append(text + " ")
      texts.append(" " + text)
      texts.append(String(text.dropLast()))
      texts.append(text.replacingOccurrences(of: "0", with: ""))
      texts.append(text.replacingOccurrences(of: "1", with: "x"))
      texts.append(text.replacingOccurrences(of: "3", with: "\u{663}"))  // an Arabic-Indic three
      // The bytes beside the digits: `/` before `0`, `:` after `9`.
      texts.append(text.replacingOccurrences(of: "0", with: "/"))
      texts.append(text.replacingOccurrences(of: "2", with: ":"))
      for separator in [".", "/", "-", " "] {
        texts.append(text.map { $0.isNumber ? String($0) : separator }.joined())
      }
    }
    return texts + ["", "1", "+1.03.2024", "２０２４-03-15", "2024-03-15-"]
  }

  @Test("Every date at full width reads as the layout reads it; any other text is left to it")
  func sameNumbersAsTheLayout() throws {
    for layout in DateLayout.detectable
      + [DateLayout(name: "YYYYDDMM"), DateLayout(name: "DD. MM. YY")].compactMap({ $0 })
    {
      guard let fixed = layout.fixedWidth else {
        #expect(layout.pattern.contains("MMM"), "\(layout)")
        continue
      }
      var readCount = 0
      for text in Self.texts(of: layout) {
        let bytes = Array(text.utf8)
        let read = bytes.withUnsafeBufferPointer { fixed.numbers(utf8: $0) }
        let expected = bytes.withUnsafeBufferPointer { layout.numbers(utf8: $0) }
        if let read {
          readCount += 1
          #expect(expected.map { $0 == read } == true, "\(layout): \(text)")
          #expect(bytes.count == fixed.count)
        } else if let expected, bytes.count == fixed.count, text.allSatisfy({ $0.isASCII }),
          !text.contains(" 1")
        {
          // A text of the layout's length that it reads: at full width, so read here too.
          Issue.record("\(layout): \(text) left to the layout, which reads \(expected)")
        }
      }
      #expect(readCount >= 6, "\(layout): only \(readCount) read at full width")
    }
  }
}
