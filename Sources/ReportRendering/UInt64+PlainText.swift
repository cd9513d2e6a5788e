import ByteWords
import Entities

/// The renderers' tests on a byte word (eight bytes read as one `UInt64`, the first lowest; see
/// `UInt64(wordAt:of:)` in ByteWords): how they pass over the runs of a text that need no escape
/// and take one column a byte.
extension UInt64 {
  /// Whether the eight bytes are all plain: printable ASCII (U+0020 to U+007E) and none a
  /// backslash.
  @inline(__always)
  var isPlainText: Bool {
    notPlainBytes == 0
  }

  /// How many of the eight bytes, from the first in memory, are plain as ``isPlainText``
  /// means it: 8 when all are.
  @inline(__always)
  var plainTextPrefixLength: Int {
    notPlainBytes.firstMarkedByte
  }

  /// The mask of the bytes a JSON string literal cannot take as they are, or only once the
  /// character they start is looked at: controls (below 0x20 and 0x7F), `"` and `\`, and the
  /// first byte of a character from U+0080 to U+00BF (0xC2), from U+0600 to U+063F (0xD8) or
  /// from U+2000 to U+2FFF (0xE2). `ReportText.mustBeEscaped(_:)` escapes characters of those three
  /// ranges only, beyond ASCII; any other byte above ASCII, a first byte or not, is written as
  /// it is.
  @inline(__always)
  var jsonStops: UInt64 {
    bytes(below: 0x20) | bytes(equalTo: 0x7F) | bytes(equalTo: UInt8(ascii: "\\"))
      | bytes(equalTo: UInt8(ascii: "\"")) | bytes(equalTo: 0xC2) | bytes(equalTo: 0xD8)
      | bytes(equalTo: 0xE2)
  }

  /// The mask of the bytes that may be a Markdown syntax character
  /// (`MarkdownReportRenderer.isMarkdownSyntax(_:)`): the four runs of ASCII that hold all
  /// thirteen, `#` to `*`, `<` to `>`, `[` to `` ` `` and `|` to `~`, with a few others (`%`,
  /// `'`, `(`, `)`, `=`, `^`, `}`) that a look at the byte turns away. Exact for every byte.
  @inline(__always)
  var markdownSyntaxCandidates: UInt64 {
    bytes(from: 0x23, through: 0x2A) | bytes(from: 0x3C, through: 0x3E) | bytes(from: 0x5B, through: 0x60)
      | bytes(from: 0x7C, through: 0x7E)
  }

  /// The mask of the bytes that are not plain: above ASCII, controls (below 0x20 and 0x7F), and
  /// the backslash.
  @inline(__always)
  private var notPlainBytes: UInt64 {
    bytesAboveASCII | bytes(below: 0x20) | bytes(equalTo: 0x7F) | bytes(equalTo: UInt8(ascii: "\\"))
  }
}
