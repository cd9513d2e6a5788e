/// Reads `txreport`'s arguments into a ``CommandLineRequest``.
///
/// Options take their value as the next argument or after `=` (`--format json`,
/// `--format=json`). Anything unknown, missing, repeated or contradictory is a ``UsageError``
/// that says how to fix it.
package enum CommandLineParser {
  private static let valueOptions = [
    "--authorized", "--posted", "--all", "--format", "--color", "--input-format", "--width", "--output",
  ]
  private static let flagOptions = ["--one-source", "--help", "-h", "--version"]

  /// Parses the arguments that follow the program name.
  ///
  /// - Parameter arguments: The arguments, without the program name.
  /// - Returns: What the user asked for. `--help` and `--version` win over everything else.
  /// - Throws: ``UsageError`` for a command line that cannot be run.
  package static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineRequest {
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
    if arguments.contains("--version") { return .version }

    var values: [String: String] = [:]
    var oneSource = false
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      let (name, inlineValue) = split(argument)
      if valueOptions.contains(name) {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" {
          value = arguments[index]
          index += 1
        } else {
          throw UsageError("\(name) needs a value: \(placeholder(for: name))")
        }
        guard values[name] == nil else { throw UsageError("\(name) is given twice; give it once") }
        guard !value.isEmpty else { throw UsageError("\(name) needs a value: \(placeholder(for: name))") }
        values[name] = value
      } else if name == "--one-source", inlineValue == nil {
        oneSource = true
      } else if argument.hasPrefix("-") {
        throw UsageError("unknown option '\(argument)'" + suggestion(for: name))
      } else {
        throw UsageError(
          "unexpected argument '\(argument)'; to read files, use --all FILE,"
            + " or --authorized FILE --posted FILE")
      }
    }
    return .report(
      ReportCommand(
        input: try input(values, oneSource: oneSource),
        format: try choice(values["--format"], option: "--format", default: .text),
        color: try choice(values["--color"], option: "--color", default: .auto),
        inputFormat: try values["--input-format"].map { value throws(UsageError) in
          try choice(value, option: "--input-format", default: InputFormat.json)
        },
        width: try values["--width"].map(width),
        outputPath: values["--output"]))
  }

  /// The range `--width` accepts: narrower than 40 columns cannot fit a date and an amount.
  package static let widthRange = 40...1000

  private static func width(_ value: String) throws(UsageError) -> Int {
    guard let width = Int(value), widthRange.contains(width) else {
      throw UsageError(
        "--width must be a number of columns from \(widthRange.lowerBound) to \(widthRange.upperBound) (got '\(value)')"
      )
    }
    return width
  }

  private static func input(_ values: [String: String], oneSource: Bool) throws(UsageError) -> ReportInput {
    switch (values["--authorized"], values["--posted"], values["--all"]) {
    case (nil, nil, nil):
      return .demo(oneSource: oneSource)
    case (nil, nil, let all?):
      return .oneFile(all)
    case (let authorized?, let posted?, nil):
      guard authorized != "-" || posted != "-" else {
        throw UsageError("standard input (-) can be read for one source only; give the other group a file")
      }
      guard !oneSource else {
        throw UsageError(
          "--one-source cannot read two files; use --all FILE for one file holding both groups")
      }
      return .twoFiles(authorized: authorized, posted: posted)
    case (_, _, .some):
      throw UsageError("--all cannot be combined with --authorized or --posted; choose one source mode")
    case (.some, nil, nil):
      throw UsageError(
        "--authorized needs --posted FILE too (or use --all FILE for one file holding both groups)")
    case (nil, .some, nil):
      throw UsageError(
        "--posted needs --authorized FILE too (or use --all FILE for one file holding both groups)")
    }
  }

  private static func choice<Choice: RawRepresentable & CaseIterable>(
    _ value: String?,
    option: String,
    default defaultChoice: Choice
  ) throws(UsageError) -> Choice where Choice.RawValue == String {
    guard let value else { return defaultChoice }
    guard let choice = Choice(rawValue: value) else {
      let names = Choice.allCases.map(\.rawValue)
      throw UsageError("\(option) must be \(alternatives(names)) (got '\(value)')")
    }
    return choice
  }

  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func placeholder(for option: String) -> String {
    switch option {
    case "--format": alternatives(OutputFormat.allCases.map(\.rawValue))
    case "--color": alternatives(ColorChoice.allCases.map(\.rawValue))
    case "--input-format": alternatives(InputFormat.allCases.map(\.rawValue))
    case "--width": "a number of columns"
    case "--output": "a file path, or - for standard output"
    default: "a file path, or - for standard input"
    }
  }

  private static func alternatives(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
  }

  private static func suggestion(for name: String) -> String {
    let candidates = (valueOptions + flagOptions).filter { $0.hasPrefix("--") }
    let scored = candidates.map { ($0, editDistance(name, $0)) }.min { $0.1 < $1.1 }
    guard let (best, distance) = scored, distance <= 3 else { return "" }
    return "; did you mean '\(best)'?"
  }

  private static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let (a, b) = (Array(lhs), Array(rhs))
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where i <= a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where j <= b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}

/// A command line that cannot be run, with a message that says how to fix it.
package struct UsageError: Error, Equatable, Sendable {
  /// What is wrong, and how to fix it.
  package var message: String

  /// Creates a usage error.
  ///
  /// - Parameter message: What is wrong, and how to fix it.
  package init(_ message: String) {
    self.message = message
  }
}
