import BankFormats
import UseCases

/// The rule that tells which single-byte code page a bank's export is written in, when its
/// bytes are not UTF-8.
extension CSVReading {
  /// How many lines of a file's start are looked at for the names of its columns: a title, the
  /// account, a summary may come before the header, as the reader looks for it.
  static let linesForNames = 100

  /// The single-byte code page a file's text is in, proved by its bytes or its words, or the
  /// question when nothing proves it.
  ///
  /// The code pages of ``TextEncoding/codePages`` are the candidates (Windows-1252, Western
  /// Europe's, and Windows-1250, Central Europe's):
  ///
  /// 1. a code page that leaves a byte of the file undefined is ruled out (Windows-1252 has no
  ///    0x8D, Windows-1250 no 0x83);
  /// 2. when the file's bytes above 0x7F are the same characters in every code page left
  ///    (`ä` is 0xE4 in both), nothing turns on the choice: the first is read;
  /// 3. else the names of the columns decide: a name that is a column's name (``BankWords``)
  ///    read in one code page and in no other (`Částka` in Windows-1250 is `Èástka` in
  ///    Windows-1252), or names in a language only one of them writes (`Castka`, Czech;
  ///    `Libellé`, French);
  /// 4. else the question, at the first byte that reads as another character in each.
  ///
  /// - Parameters:
  ///   - bytes: The file's first bytes, as far as ``CSVSample/size``; not UTF-8.
  ///   - start: The position of their first byte.
  ///   - carriageReturnsEndLines: Whether a carriage return alone ends a line (for positions).
  /// - Returns: The code page and what proved it, or the question.
  package static func codePage(
    of bytes: [UInt8], from start: TextPosition, carriageReturnsEndLines: Bool
  ) -> Result<Decided<TextEncoding>, ReadingQuestion> {
    let firsts = firstPlaces(of: bytes, from: start, carriageReturnsEndLines: carriageReturnsEndLines)
    let present = firsts.keys.sorted { firsts[$0, default: start] < firsts[$1, default: start] }
    var candidates = TextEncoding.codePages
    var ruledOut: [String] = []
    for codePage in candidates {
      guard let byte = present.first(where: { !codePage.defines($0) }) else { continue }
      ruledOut.append(
        "the byte \(hex(byte)) at \(spot(firsts[byte, default: start])) is no character in \(codePage.name)")
    }
    candidates.removeAll { codePage in present.contains { !codePage.defines($0) } }
    guard let first = candidates.first else {
      // A byte no code page defines (0x81, 0x90): the first reads it as the control it is.
      return .success(
        Decided(
          TextEncoding.codePages[0],
          Evidence(
            .values,
            list(ruledOut) + ": \(TextEncoding.codePages[0].name) reads such a byte as a control character")))
    }
    let ruled = ruledOut.isEmpty ? "" : "; " + list(ruledOut)
    guard candidates.count > 1 else {
      return .success(Decided(first, Evidence(.values, list(ruledOut))))
    }
    let telling = present.filter { byte in Set(candidates.map { $0.character(of: byte) }).count > 1 }
    guard let tellingByte = telling.first else {
      let example = present.first.map {
        ", such as \(hex($0)), \(quoted(String(Character(first.character(of: $0) ?? " "))))"
      }
      return .success(
        Decided(
          first,
          Evidence(
            .values,
            "its bytes above 0x7F are the same characters in \(list(candidates.map(\.name)))"
              + (example ?? "")
              + ruled)))
    }
    let lines = firstLines(of: bytes, from: start, carriageReturnsEndLines: carriageReturnsEndLines)
    if let proved = provedByNames(in: lines, candidates: candidates, telling: Set(telling)) {
      return .success(Decided(proved.codePage, Evidence(.header, proved.words + ruled)))
    }
    if let proved = provedByLanguage(in: lines, candidates: candidates) {
      return .success(Decided(proved.codePage, Evidence(.header, proved.words + ruled)))
    }
    return .failure(
      ReadingQuestion(
        .encodingsFit(candidates, byte: tellingByte), at: firsts[tellingByte, default: start]))
  }

  /// A line of the file's start as bytes, and where it starts.
  private struct Line {
    var bytes: ArraySlice<UInt8>
    var start: TextPosition
  }

  /// A name in one code page's reading and in no other's: the code page, and the words that
  /// say so; `nil` when no name, or names of two code pages, do.
  private static func provedByNames(
    in lines: [Line], candidates: [TextEncoding], telling: Set<UInt8>
  ) -> (codePage: TextEncoding, words: String)? {
    var found: [TextEncoding: String] = [:]
    for line in lines {
      for delimiter in CSVDelimiter.allCases where line.bytes.contains(delimiter.byte) {
        for field in line.bytes.split(separator: delimiter.byte, omittingEmptySubsequences: true)
        where field.contains(where: telling.contains) && field.count <= BankWords.longestWord {
          let readings = candidates.map { text(of: field, in: $0) }
          let named = candidates.indices.filter { BankWords.isName(BankWords.normalized(readings[$0])) }
          guard named.count == 1, let index = named.first, found[candidates[index]] == nil else { continue }
          let others = candidates.indices.filter { $0 != index }.map {
            "in \(candidates[$0].name) it reads \(quoted(readings[$0])), no name"
          }
          found[candidates[index]] =
            "read in \(candidates[index].name), \(quoted(readings[index])) at line \(line.start.line) is the"
            + " name of a column; " + list(others)
        }
      }
    }
    guard found.count == 1, let (codePage, words) = found.first else { return nil }
    return (codePage, words)
  }

  /// Names of columns in a language that one code page writes and the others do not: the code
  /// page, and the words that say so; `nil` when no name, or names of two code pages' languages,
  /// do.
  private static func provedByLanguage(in lines: [Line], candidates: [TextEncoding]) -> (
    codePage: TextEncoding, words: String
  )? {
    var found: [TextEncoding: String] = [:]
    for line in lines {
      for delimiter in CSVDelimiter.allCases where line.bytes.contains(delimiter.byte) {
        for field in line.bytes.split(separator: delimiter.byte, omittingEmptySubsequences: true)
        where field.count <= BankWords.longestWord {
          // The same name in every reading: a name whose letters the code pages share.
          let readings = Set(candidates.map { BankWords.normalized(text(of: field, in: $0)) })
          guard readings.count == 1, let name = readings.first,
            let (codePage, language) = BankWords.language(ofName: name), candidates.contains(codePage),
            found[codePage] == nil
          else { continue }
          found[codePage] =
            "\(quoted(text(of: field, in: codePage))) at line \(line.start.line) names a column in \(language),"
            + " which \(codePage.name) writes and \(list(candidates.filter { $0 != codePage }.map(\.name))) does not"
        }
      }
    }
    guard found.count == 1, let (codePage, words) = found.first else { return nil }
    return (codePage, words)
  }

  /// Bytes of a code page as text.
  static func text(of bytes: some Collection<UInt8>, in codePage: TextEncoding) -> String {
    var text = String.UnicodeScalarView()
    for byte in bytes where byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\r") {
      text.append(codePage.character(of: byte) ?? Unicode.Scalar(byte))
    }
    return String(text)
  }

  /// Where each byte above 0x7F is first, in a text whose bytes are one character each.
  private static func firstPlaces(
    of bytes: [UInt8], from start: TextPosition, carriageReturnsEndLines: Bool
  ) -> [UInt8: TextPosition] {
    var places: [UInt8: TextPosition] = [:]
    var line = start.line
    var column = start.column
    for (index, byte) in bytes.enumerated() {
      if byte >= 0x80, places[byte] == nil { places[byte] = TextPosition(line: line, column: column) }
      if byte == UInt8(ascii: "\n")
        || carriageReturnsEndLines && byte == UInt8(ascii: "\r")
          && (index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n"))
      {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return places
  }

  /// The first lines of the bytes, as far as ``linesForNames``.
  private static func firstLines(
    of bytes: [UInt8], from start: TextPosition, carriageReturnsEndLines: Bool
  ) -> [Line] {
    var lines: [Line] = []
    var lineStart = 0
    var number = start.line
    for (index, byte) in bytes.enumerated() where lines.count < linesForNames {
      guard
        byte == UInt8(ascii: "\n")
          || carriageReturnsEndLines && byte == UInt8(ascii: "\r")
            && (index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n"))
      else { continue }
      lines.append(
        Line(
          bytes: bytes[lineStart..<index],
          start: TextPosition(line: number, column: number == start.line ? start.column : 1)))
      lineStart = index + 1
      number += 1
    }
    if lines.count < linesForNames, lineStart < bytes.count {
      lines.append(Line(bytes: bytes[lineStart...], start: TextPosition(line: number, column: 1)))
    }
    return lines
  }

  /// A byte as messages write it: `0xE8`.
  static func hex(_ byte: UInt8) -> String {
    "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
  }
}
