import BankReading
import Entities
import Presenters

/// Reads `txreport`'s arguments into a ``CommandLineRequest``.
///
/// Options are those of the one table, ``CommandLineOption/all``. A long option takes its value
/// as the next argument or after `=` (`--format json`, `--format=json`); a short one as the
/// next argument or joined to it (`-o r.html`, `-or.html`). Anything unknown, missing,
/// repeated or contradictory is a ``UsageError`` that says how to fix it, with the option or
/// value most likely meant.
package enum CommandLineParser {
  /// Parses the arguments that follow the program name.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without the program name.
  ///   - readFile: Reads a file that an argument names (`--header @FILE`): its text, or why it
  ///     cannot be read.
  /// - Returns: What the user asked for. `--help` and `--version` win over everything else.
  /// - Throws: ``UsageError`` for a command line that cannot be run.
  package static func parse(
    _ arguments: [String], readFile: (String) -> Result<String, FileReadError> = FileReadError.read
  ) throws(UsageError) -> CommandLineRequest {
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
    if arguments.contains("--version") { return .version }

    var values: [String: String] = [:]
    var repeated: [String: [String]] = [:]
    var flags: Set<String> = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      let (name, inlineValue) = try split(argument)
      guard let option = CommandLineOption.named(name) else {
        throw unknown(argument, name: name, position: index)
      }
      guard option.value != nil else {
        guard inlineValue == nil else {
          throw UsageError("\(option.name) takes no value; leave out what follows its '='")
        }
        flags.insert(option.name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" {
        value = arguments[index]
        index += 1
      } else {
        throw UsageError("\(option.name) needs a value: \(placeholder(for: option))")
      }
      guard values[option.name] == nil else {
        throw UsageError("\(option.name) is given twice; give it once")
      }
      guard !value.isEmpty else {
        throw UsageError("\(option.name) needs a value: \(placeholder(for: option))")
      }
      if option.isRepeatable {
        repeated[option.name, default: []].append(value)
      } else {
        values[option.name] = value
      }
    }
    if let shell = values["--completions"] {
      return .completions(try choice(shell, option: "--completions", as: ShellCompletion.Shell.self))
    }
    if flags.contains("--man-page") { return .manPage }
    let outputPath = values["--output"]
    if let outputPath, SecretArgument.looksLikeURL(outputPath) {
      throw UsageError(
        "--output names a file, and this looks like a URL (not shown: it may hold a password); txreport writes no URL;"
          + " for a file whose name starts so, write it as ./NAME")
    }
    let format: OutputFormat
    if let value = values["--format"] {
      format = try choice(value, option: "--format", as: OutputFormat.self)
    } else {
      format = try outputFormat(ofPath: outputPath) ?? .text
    }
    let input = try input(values, oneSource: flags.contains("--one-source"))
    if flags.contains("--interactive") { try checkInteractive(values, input: input) }
    return .report(
      ReportCommand(
        input: input,
        format: format,
        color: try values["--color"].map { value throws(UsageError) in
          try choice(value, option: "--color", as: ColorChoice.self)
        } ?? .auto,
        inputFormat: try values["--input-format"].map { value throws(UsageError) in
          try value == "jsonl" ? .ndjson : choice(value, option: "--input-format", as: InputFormat.self)
        },
        width: try values["--width"].map(width),
        outputPath: outputPath,
        partial: flags.contains("--partial"),
        theme: try values["--theme"].map { value throws(UsageError) in
          try choice(value, option: "--theme", as: Theme.self)
        },
        network: NetworkOptions(
          timeout: try values["--timeout"].map(timeout) ?? 5,
          headers: try headers(repeated["--header"] ?? [], readFile: readFile),
          maximumResponseSize: try values["--max-response-size"].map(size)
            ?? NetworkOptions.defaultMaximumResponseSize),
        interactive: flags.contains("--interactive"),
        reading: try reading(values, flags: flags),
        period: try period(values),
        title: values["--title"],
        amountStyle: try values["--currency"].map(amountStyle) ?? .plain))
  }

  /// The format an `--output` file's extension names (`.txt`, `.json`, `.ndjson`, `.md`,
  /// `.html`), or `nil` for a file without an extension, written as text; an extension that
  /// names no format `txreport` writes (`report.csv`, `report.pdf`) is refused rather than
  /// given the text report.
  private static func outputFormat(ofPath path: String?) throws(UsageError) -> OutputFormat? {
    guard let path else { return nil }
    if let format = OutputFormat.inferred(fromPath: path) { return format }
    guard let unknown = OutputFormat.otherExtension(ofPath: path) else { return nil }
    throw UsageError(
      "--output \(path): txreport writes \(OutputFormat.listed), and .\(unknown) is none"
        + " of them; name the file \(OutputFormat.listedFileNames), or give the format with --format")
  }

  /// The period of `--from` and `--to`, or of `--month`; `nil` when none is given.
  private static func period(_ values: [String: String]) throws(UsageError) -> ReportPeriod? {
    let (from, to) = (values["--from"], values["--to"])
    if let month = values["--month"] {
      guard from == nil, to == nil else {
        throw UsageError(
          "--month cannot be combined with --from or --to; give --month YYYY-MM, or --from DATE and --to DATE"
        )
      }
      return try self.month(month)
    }
    guard from != nil || to != nil else { return nil }
    let first = try from.map { value throws(UsageError) in try date(value, option: "--from") }
    let last = try to.map { value throws(UsageError) in try date(value, option: "--to") }
    do {
      return try ReportPeriod(first: first, last: last)
    } catch {
      throw UsageError(
        "--from \(from ?? "") is after --to \(to ?? ""); give --from the first day of the period and --to the last"
      )
    }
  }

  /// A date of `--from` or `--to`: `YYYY-MM-DD`, a real calendar date.
  private static func date(_ value: String, option: String) throws(UsageError) -> CalendarDate {
    do {
      return try CalendarDate(iso8601: value)
    } catch {
      guard error != .notISO8601, value.count == 10 else {
        throw UsageError("\(option) must be a date as YYYY-MM-DD, such as 2024-03-01")
      }
      let month = String(value.prefix(7))
      let days = CalendarDate.daysIn(
        month: Int(value.dropFirst(5).prefix(2)) ?? 0, year: Int(value.prefix(4)) ?? 0)
      let hint = error == .dayOutOfRange && days > 0 ? "; \(month) has \(days) days" : ""
      throw UsageError("\(option) must be a real calendar date as YYYY-MM-DD\(hint)")
    }
  }

  /// The period of `--month`: `YYYY-MM`, from its first day to its last.
  private static func month(_ value: String) throws(UsageError) -> ReportPeriod {
    let bytes = Array(value.utf8)
    let digits = bytes.indices.allSatisfy {
      $0 == 4 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0])
    }
    guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"), digits,
      let year = Int(value.prefix(4)), let month = Int(value.suffix(2)),
      let period = try? ReportPeriod.month(year: year, month: month)
    else {
      throw UsageError("--month must be a month as YYYY-MM, such as 2024-03")
    }
    return period
  }

  /// The amount style of `--currency`: an ISO 4217 code (``CurrencyCode``), in any case, in the
  /// style ``AmountStyle/init(currencyCode:)`` gives it.
  private static func amountStyle(_ value: String) throws(UsageError) -> AmountStyle {
    if CurrencyCode.all.contains(value.uppercased()), let style = AmountStyle(currencyCode: value) {
      return style
    }
    // No guess from the spelling: `yen` is one letter from `YER`, the Yemeni rial.
    throw UsageError(
      "--currency must be a currency's ISO 4217 code, such as USD, EUR, GBP or CHF")
  }

  /// The options of a bank's file: `--columns`, `--delimiter`, `--decimal-comma` or
  /// `--decimal-point` (not both), `--date-format`, `--debits-positive` or `--debits-negative`
  /// (not both), `--encoding`, `--pending-date`, `--account`, `--summary-rows`, `--explain`.
  private static func reading(_ values: [String: String], flags: Set<String>) throws(UsageError)
    -> ReadingOptions
  {
    if flags.contains("--decimal-comma") && flags.contains("--decimal-point") {
      throw UsageError("--decimal-comma and --decimal-point contradict each other; give one")
    }
    if flags.contains("--debits-positive") && flags.contains("--debits-negative") {
      throw UsageError("--debits-positive and --debits-negative contradict each other; give one")
    }
    return ReadingOptions(
      delimiter: try values["--delimiter"].map(ReadingOptions.delimiter),
      columns: try values["--columns"].map(ReadingOptions.columns) ?? [:],
      decimalMark: flags.contains("--decimal-comma")
        ? .comma : flags.contains("--decimal-point") ? .point : nil,
      dateLayout: try values["--date-format"].map(ReadingOptions.dateLayout),
      debitsPositive: flags.contains("--debits-positive"),
      debitsNegative: flags.contains("--debits-negative"),
      encoding: try values["--encoding"].map(ReadingOptions.encoding),
      pendingDate: try values["--pending-date"].map { value throws(UsageError) in
        try date(value, option: "--pending-date")
      },
      account: values["--account"],
      summaryRows: try values["--summary-rows"].map { value throws(UsageError) in
        try choice(value, option: "--summary-rows", as: ReadingOptions.SummaryRows.self)
      },
      explains: flags.contains("--explain"))
  }

  /// Refuses what `--interactive` cannot do: it shows the text report on the terminal, as wide
  /// as the terminal, and reads keys from standard input.
  private static func checkInteractive(_ values: [String: String], input: ReportInput) throws(UsageError) {
    if values["--output"] != nil {
      throw UsageError(
        "--interactive shows the report on the terminal, not in a file; leave out --output, or --interactive to write the file"
      )
    }
    if let format = values["--format"], format != OutputFormat.text.rawValue {
      throw UsageError(
        "--interactive shows the text report; leave out --format, or --interactive to print \(format)")
    }
    if values["--width"] != nil {
      throw UsageError("--interactive follows the terminal's width as it changes; leave out --width")
    }
    switch input {
    case .oneFile("-"), .twoFiles("-", _), .twoFiles(_, "-"):
      throw UsageError(
        "--interactive reads its keys from standard input, so records cannot come from there; give them as a file: --all FILE"
      )
    case .demo, .oneFile, .twoFiles:
      break
    }
  }

  /// Refuses a URL that no server could be asked for: one with no host, or with a space or a
  /// control character; and one with an `@` after a `/`, `?` or `#`, which is most likely a
  /// password holding one of them raw, so that the host would be read inside the password. The
  /// URL itself is not shown, as it may hold a password.
  private static func checkURL(_ url: String, option: String) throws(UsageError) {
    let afterScheme = url.drop { $0 != ":" }.dropFirst(3)
    let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    if afterScheme[authority.endIndex...].contains("@") {
      throw UsageError(
        "\(option): the URL holds '@' after a '/', '?' or '#', so its host cannot be told; in a user name or password write '/' as %2F, '?' as %3F, '#' as %23 and '@' as %40 (the URL is not shown: it may hold a password)"
      )
    }
    let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
    guard !host.isEmpty, !host.hasPrefix(":") else {
      throw UsageError("\(option): the URL has no host; write it as http://HOST/PATH or https://HOST/PATH")
    }
    try checkHostAndPort(host, option: option)
    if url.contains(" ") {
      throw UsageError("\(option): the URL holds a space; write each space as %20")
    }
    if url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      throw UsageError("\(option): the URL holds a control character; write it percent-encoded, such as %0A")
    }
  }

  /// Refuses a host that no server has: an IPv6 address whose `[` is not closed, or is closed
  /// before something other than `:PORT`; and a port that is not a number from 1 to 65535. A
  /// URL no request can be made of is a bad command line (exit 64), not a service that is
  /// unavailable.
  private static func checkHostAndPort(_ host: Substring, option: String) throws(UsageError) {
    var port: Substring?
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]"), host.index(after: host.startIndex) < close else {
        throw UsageError(
          "\(option): the URL's IPv6 address has no closing ']'; write it as http://[ADDRESS]:PORT/PATH")
      }
      let after = host[host.index(after: close)...]
      guard after.isEmpty || after.hasPrefix(":") else {
        throw UsageError(
          "\(option): the URL's IPv6 address is followed by something other than :PORT; write it as http://[ADDRESS]:PORT/PATH"
        )
      }
      port = after.isEmpty ? nil : after.dropFirst()
    } else if let colon = host.lastIndex(of: ":") {
      port = host[host.index(after: colon)...]
    }
    guard let port, !port.isEmpty else { return }
    guard port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port),
      (1...65535).contains(number)
    else {
      throw UsageError("\(option): the URL's port must be a number from 1 to 65535")
    }
  }

  /// The range `--timeout` accepts, in seconds.
  package static let timeoutRange = 0.001...3600.0

  private static func timeout(_ value: String) throws(UsageError) -> Double {
    guard let seconds = Double(value), seconds.isFinite, timeoutRange.contains(seconds) else {
      throw UsageError(
        "--timeout must be a number of seconds above 0, up to 3600, such as 5 or 0.5")
    }
    return seconds
  }

  private static func size(_ value: String) throws(UsageError) -> Int {
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    var digits = Substring(value)
    var unit = 1
    if let last = digits.last?.uppercased().first, let multiplier = units[last] {
      unit = multiplier
      digits = digits.dropLast()
    }
    guard let count = Int(digits), count > 0, count <= Int.max / unit else {
      throw UsageError(
        "--max-response-size must be a number of bytes, or of K, M or G (KiB, MiB, GiB), such as 50M"
      )
    }
    return count * unit
  }

  /// The headers of `--header` values: `NAME: VALUE`, or `@FILE` for the lines of a file.
  private static func headers(
    _ values: [String], readFile: (String) -> Result<String, FileReadError>
  ) throws(UsageError) -> [RequestHeader] {
    var headers: [RequestHeader] = []
    for value in values {
      guard value.hasPrefix("@") else {
        headers.append(try header(value, from: nil))
        continue
      }
      let path = String(value.dropFirst())
      if SecretArgument.looksLikeURL(path) {
        throw UsageError(
          "--header @FILE names a file, and this looks like a URL (not shown: it may hold a password);"
            + " for a file whose name starts so, write it as @./NAME")
      }
      switch readFile(path) {
      case .failure(let error):
        throw UsageError("--header @\(path): cannot read the file: \(error.reason)")
      case .success(let text):
        let lines = text.split(
          omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, line) in lines.enumerated()
        where !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
          headers.append(try header(String(line), from: (path, index + 1)))
        }
      }
    }
    return headers
  }

  /// One header, checked: a name of letters, digits and `-`, a colon, a value with no control
  /// character. Only a valid name is ever shown in an error: the text of a line that is not
  /// `NAME: VALUE` may be a token whose colon went missing (`Authorization Bearer eyJ…`), so the
  /// error names the line (of a file, by its number), never its text.
  private static func header(_ text: String, from line: (path: String, number: Int)?) throws(UsageError)
    -> RequestHeader
  {
    let place = line.map { "line \($0.number) of \(ReportText.visible($0.path))" } ?? "--header"
    guard let colon = text.firstIndex(of: ":") else {
      throw UsageError(
        "\(place) must be NAME: VALUE, such as 'Authorization: Bearer TOKEN' (it has no colon; its text is not shown: it may be a secret)"
      )
    }
    let name = String(text[..<colon])
    let value = String(text[text.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
    let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    guard !name.isEmpty, name.allSatisfy(tokenCharacters.contains) else {
      throw UsageError(
        "\(place) must be NAME: VALUE, and what comes before its first colon is not a header name (letters, digits and -, no space); its text is not shown: it may be a secret"
      )
    }
    guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
      throw UsageError("\(place): the value of \(name) holds a control character (a line break?)")
    }
    return RequestHeader(name: name, value: value)
  }

  /// The range `--width` accepts: narrower than 40 columns cannot fit a date and an amount.
  package static let widthRange = 40...1000

  private static func width(_ value: String) throws(UsageError) -> Int {
    guard let width = Int(value), widthRange.contains(width) else {
      throw UsageError(
        "--width must be a number of columns from \(widthRange.lowerBound) to \(widthRange.upperBound)"
      )
    }
    return width
  }

  private static func input(_ values: [String: String], oneSource: Bool) throws(UsageError) -> ReportInput {
    for option in ["--authorized", "--posted", "--all"] {
      guard let path = values[option] else { continue }
      if ReportInput.isURL(path) {
        try checkURL(path, option: option)
      } else if SecretArgument.looksLikeURL(path) {
        throw UsageError(
          "\(option): this looks like a URL (not shown: it may hold a password), and txreport reads only"
            + " http:// and https:// URLs; for a file whose name starts so, write it as ./NAME")
      }
    }
    switch (values["--authorized"], values["--posted"], values["--all"]) {
    case (nil, nil, nil):
      return .demo(oneSource: oneSource)
    case (nil, nil, let all?):
      guard !oneSource else {
        throw UsageError(
          "--one-source is for the demo data; --all FILE is read as one source already, so leave out --one-source"
        )
      }
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

  /// The choice a value names, or a usage error that lists the choices and suggests the one
  /// most likely meant (`--format jsn`: did you mean 'json'?).
  private static func choice<Choice: RawRepresentable & CaseIterable>(
    _ value: String, option: String, as _: Choice.Type
  ) throws(UsageError) -> Choice where Choice.RawValue == String {
    if let choice = Choice(rawValue: value) { return choice }
    let names = Choice.allCases.map(\.rawValue)
    let aliases = aliases.filter { names.contains($0.value) }
    let guess = Suggestion.closest(to: value, among: names + aliases.keys.sorted()).map { aliases[$0] ?? $0 }
    throw UsageError(
      "\(option) must be \(alternatives(names))"
        + (guess.map { "; did you mean '\($0)'?" } ?? ""))
  }

  /// Words people reach for that name a choice by another name: suggested, not accepted, so
  /// every spelling a script uses stays one of the documented ones.
  private static let aliases = [
    "md": "markdown", "htm": "html", "txt": "text", "jsonl": "ndjson", "ndjson": "transactions",
  ]

  /// An argument's name and its value after `=`; a lone `--` is an error of its own.
  private static func split(_ argument: String) throws(UsageError) -> (name: String, value: String?) {
    if argument == "--" {
      throw UsageError(
        "txreport takes no arguments after '--', only options; to read a file, use --all FILE,"
          + " or --authorized FILE --posted FILE")
    }
    if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
      return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
    // A short option with its value joined to it: -ojson.html, -fjson.
    if !argument.hasPrefix("--"), argument.count > 2, argument.hasPrefix("-"),
      let option = CommandLineOption.named(String(argument.prefix(2))), option.value != nil
    {
      return (String(argument.prefix(2)), String(argument.dropFirst(2)))
    }
    return (argument, nil)
  }

  /// The error of an argument that is no option: named by its place, never shown, as it may be
  /// a secret (a URL with its password whose option was forgotten, a header line); an unknown
  /// option by its name alone, never what follows its `=` (``SecretArgument/shownOptionName(_:)``).
  private static func unknown(_ argument: String, name: String, position: Int) -> UsageError {
    let place = "the \(Ordinal.word(position)) argument"
    guard argument.hasPrefix("-"), argument != "-" else {
      return UsageError(
        "unexpected argument (\(place), not shown: it may be a secret); txreport takes only options;"
          + " to read files, use --all FILE, or --authorized FILE --posted FILE")
    }
    let names = CommandLineOption.all.map(\.name)
    let guess = Suggestion.closest(to: name, among: names)
    let shown = SecretArgument.shownOptionName(name).map { "unknown option '\($0)'" }
    return UsageError(
      (shown ?? "unknown option (\(place), not shown: it may be a secret)")
        + (guess.map { "; did you mean '\($0)'?" } ?? ""))
  }

  private static func placeholder(for option: CommandLineOption) -> String {
    switch option.value {
    case .choice(_, let words): alternatives(words)
    case .number where option.name == "--timeout": "a number of seconds, such as 5"
    case .number where option.name == "--max-response-size": "a number of bytes, or of K, M or G, such as 50M"
    case .number: "a number of columns"
    case .text where ["--from", "--to", "--pending-date"].contains(option.name): "a date as YYYY-MM-DD"
    case .text where option.name == "--date-format": "a layout such as DD/MM/YYYY"
    case .text where option.name == "--columns": "ROLE=NAME pairs, such as date=Booking Date"
    case .text where option.name == "--month": "a month as YYYY-MM"
    case .text where option.name == "--title": "the report's title"
    case .text where option.name == "--account": "an account's number or name, as the file writes it"
    case .text where option.name == "--currency": "a currency's ISO 4217 code, such as USD, EUR or CHF"
    case .text: "NAME: VALUE, or @FILE"
    case .file where option.name == "--output": "a file path, or - for standard output"
    case .file, nil: "a file path, or - for standard input"
    }
  }

  private static func alternatives(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
  }
}

/// The word most likely meant by a mistyped one, among the words that are allowed.
///
/// Tried in order, the first that finds exactly one word wins: the same word in another letter
/// case (`JSON`); a word the typed one starts (`--out` for `--output`, `--auth` for
/// `--authorized`); a word that starts with the same letter and holds the typed letters in
/// order (`--fmt` for `--format`); the
/// nearest word by edit distance, at most a third of the typed word's length (`--formt`). No
/// guess is better than a wrong one: an ambiguous or distant word gets none.
package enum Suggestion {
  /// The allowed word most likely meant by `typed`.
  ///
  /// - Parameters:
  ///   - typed: What the user typed.
  ///   - words: The allowed words.
  /// - Returns: The word, or `nil` when no guess is good enough.
  package static func closest(to typed: String, among words: [String]) -> String? {
    let lowered = typed.lowercased()
    let bare = { (word: String) in String(word.drop { $0 == "-" }) }
    let typedBare = bare(lowered)
    guard !typedBare.isEmpty else { return nil }
    if let same = only(words.filter { $0.lowercased() == lowered }) { return same }
    if let started = only(words.filter { bare($0).hasPrefix(typedBare) && bare($0) != typedBare }) {
      return started
    }
    let holding = words.filter { bare($0).first == typedBare.first && holdsInOrder(bare($0), typedBare) }
    if typedBare.count >= 2, let holding = only(holding) {
      return holding
    }
    let limit = max(1, typedBare.count / 3)
    let scored = words.map { ($0, editDistance(Array(bare($0)), Array(typedBare))) }.filter { $0.1 <= limit }
    guard let best = scored.map(\.1).min() else { return nil }
    return only(scored.filter { $0.1 == best }.map(\.0))
  }

  private static func only(_ words: [String]) -> String? {
    words.count == 1 ? words[0] : nil
  }

  /// Whether every character of `typed` is in `word`, in order: `fmt` in `format`.
  private static func holdsInOrder(_ word: String, _ typed: String) -> Bool {
    var rest = typed[...]
    for character in word where character == rest.first { rest = rest.dropFirst() }
    return rest.isEmpty
  }

  private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, left) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, right) in b.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
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
