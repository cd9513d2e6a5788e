/// A problem that a source finds and describes in its own terms: why a file cannot be opened, a
/// service that did not answer, where a record breaks its format. A gateway defines the value;
/// the use cases only pass it on.
///
/// The use cases know nothing of files, formats or networks, so they cannot name such problems
/// themselves: each gateway defines its own values (a file gateway its file and syntax
/// problems, a network gateway its service failures) and gives each its English words. The
/// presenter's wording shows those words, with the parts that came from the input or the
/// machine escaped; a wording in another language can tell the gateway's values apart by their
/// types (`problem.base as? SomeGatewayProblem`) and word them its own way.
///
/// A client's own source states its problems with ``StatedProblem``, or with a string literal
/// where a ``UnavailableReason`` is expected.
public protocol SourceProblem: Hashable, Sendable {
  /// What is wrong, in English, as a clause that follows the field it is about: `not a real
  /// calendar date`, `cannot read 'a.json': No such file or directory`.
  var words: SourceWords { get }
  /// How to fix it, in English, or `nil` when no hint helps: `write the date as YYYY-MM-DD`.
  var hint: SourceWords? { get }
  /// What was found, when the problem itself holds it rather than the issue's value: a byte
  /// that is not UTF-8, shown as `byte 0xFF (not UTF-8)`. `nil` by default.
  var found: SourceWords? { get }
  /// Whether the issue's value is shown as it is written, not quoted as text: a number where
  /// text was expected. `false` by default.
  var showsValueAsWritten: Bool { get }
}

extension SourceProblem {
  /// No hint.
  public var hint: SourceWords? { nil }
  /// Nothing found beyond the issue's value.
  public var found: SourceWords? { nil }
  /// The value is text, shown quoted.
  public var showsValueAsWritten: Bool { false }
}

/// Any ``SourceProblem``, as one value that compares and hashes as the problem it holds.
public struct AnySourceProblem: Hashable, Sendable {
  /// The problem, as the gateway defined it.
  public let base: any SourceProblem

  /// Wraps a problem.
  ///
  /// - Parameter base: The problem.
  public init(_ base: some SourceProblem) {
    self.base = base
  }

  /// Whether both hold the same problem: of the same type, and equal.
  public static func == (lhs: AnySourceProblem, rhs: AnySourceProblem) -> Bool {
    lhs.base.isEqual(to: rhs.base)
  }

  /// Hashes the problem.
  public func hash(into hasher: inout Hasher) {
    base.hash(into: &hasher)
  }

  /// The problem's words.
  public var words: SourceWords { base.words }
  /// The problem's hint, if any.
  public var hint: SourceWords? { base.hint }
  /// What the problem itself holds as found, if anything.
  public var found: SourceWords? { base.found }
  /// Whether the issue's value is shown as written.
  public var showsValueAsWritten: Bool { base.showsValueAsWritten }
}

extension SourceProblem {
  /// Whether `other` is a problem of this type, equal to this one.
  fileprivate func isEqual(to other: any SourceProblem) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// A problem stated in words only: how a source of a client's own says why it cannot be read.
public struct StatedProblem: SourceProblem {
  /// What is wrong.
  public var words: SourceWords
  /// How to fix it, if anything helps.
  public var hint: SourceWords?

  /// Creates a problem from its words.
  ///
  /// - Parameters:
  ///   - words: What is wrong.
  ///   - hint: How to fix it, if anything helps.
  public init(_ words: SourceWords, hint: SourceWords? = nil) {
    self.words = words
    self.hint = hint
  }
}

/// The English words a source gives for a problem: its own text, and the parts that came from
/// the input or the machine (a file's name, a name found in a header, the system's message),
/// marked so that a presenter shows them as it shows data, escaped, never raw.
///
/// Written as a string literal with interpolations that say what each part is:
///
/// ```swift
/// let words: SourceWords = "cannot read '\(shown: path)': \(shown: systemError)"
/// let hint: SourceWords = "the header has \(quoted: name): did you mean \(quoted: "amount")?"
/// ```
///
/// A plain `\(…)` takes only numbers and other words; text must say whether it is the source's
/// own (`\(words:)`) or came from elsewhere (`\(shown:)`, `\(quoted:)`).
public struct SourceWords: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
  /// One part of the words.
  public enum Part: Hashable, Sendable {
    /// The source's own words, shown as they are.
    case text(String)
    /// Text from the input or the machine, shown escaped as data is.
    case shown(String)
    /// Text from the input shown in double quotes, escaped as data is.
    case quoted(String)
  }

  /// The parts, in order.
  public var parts: [Part]

  /// Words made of the given parts.
  ///
  /// - Parameter parts: The parts, in order.
  public init(parts: [Part]) {
    self.parts = parts
  }

  /// Words that are the source's own text.
  ///
  /// - Parameter value: The text.
  public init(stringLiteral value: String) {
    parts = value.isEmpty ? [] : [.text(value)]
  }

  /// Words built from a literal with interpolations.
  ///
  /// - Parameter stringInterpolation: The parts.
  public init(stringInterpolation: StringInterpolation) {
    parts = stringInterpolation.parts
  }

  /// The words as plain text, nothing escaped: for logs and tests, not for a person's screen.
  public var description: String {
    parts.map { part in
      switch part {
      case .text(let text), .shown(let text): text
      case .quoted(let text): "\"\(text)\""
      }
    }.joined()
  }

  /// Joins words, as `+` joins strings.
  public static func + (lhs: SourceWords, rhs: SourceWords) -> SourceWords {
    SourceWords(parts: lhs.parts + rhs.parts)
  }

  /// The parts of a literal with interpolations.
  public struct StringInterpolation: StringInterpolationProtocol {
    var parts: [Part] = []

    /// Starts the parts.
    public init(literalCapacity: Int, interpolationCount: Int) {
      parts.reserveCapacity(interpolationCount * 2 + 1)
    }

    /// The literal text between interpolations: the source's own words.
    public mutating func appendLiteral(_ literal: String) {
      if !literal.isEmpty { parts.append(.text(literal)) }
    }

    /// A number, written in decimal digits.
    public mutating func appendInterpolation(_ number: some BinaryInteger) {
      parts.append(.text(String(number)))
    }

    /// Other words, as they are.
    public mutating func appendInterpolation(_ words: SourceWords) {
      parts += words.parts
    }

    /// Text that is the source's own words (a name it chose, a list it joined).
    public mutating func appendInterpolation(words: String) {
      parts.append(.text(words))
    }

    /// Text from the input or the machine, shown escaped.
    public mutating func appendInterpolation(shown: String) {
      parts.append(.shown(shown))
    }

    /// Text from the input, shown in double quotes, escaped.
    public mutating func appendInterpolation(quoted: String) {
      parts.append(.quoted(quoted))
    }
  }
}
