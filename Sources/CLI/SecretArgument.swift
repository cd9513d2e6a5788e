/// What an argument may hide, so that no message echoes a secret (SPEC §8 "Secrets"): a URL's
/// user name, password, query or fragment, a header, any argument the parser did not
/// understand.
///
/// The parser names an option, never its value; an argument it did not understand is described
/// by its place (`the 3rd argument`), never shown; a path that looks like a URL is refused
/// before it could be printed as a file name.
enum SecretArgument {
  /// Whether an argument looks like a URL, and so may hold a user name and password, or a
  /// token in its query: a scheme (a letter, then letters, digits, `+`, `-` or `.`) and a
  /// colon, then `//` or `/` (`ftp://`, `http:/host` with a slash missing), or an `@` anywhere
  /// after it (`user:password@host`). `C:/data.csv` and `notes:2024.csv` are file names.
  ///
  /// - Parameter argument: The argument as given.
  /// - Returns: `true` for `ftp://user:pw@host/x`, `http:/user:pw@host/x`, `a:b@c`.
  static func looksLikeURL(_ argument: String) -> Bool {
    guard let colon = argument.firstIndex(of: ":") else { return false }
    let scheme = argument[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return false }
    let rest = argument[argument.index(after: colon)...]
    if rest.hasPrefix("//") || rest.contains("@") { return true }
    // `http:/host/x`: a web scheme with one slash is a URL mistyped, not a file name.
    return rest.hasPrefix("/") && ["http", "https"].contains(scheme.lowercased())
  }

  /// The name of an unknown option as an error may show it: what comes before its `=`, when
  /// that is an option's shape (two dashes, then letters, digits, `-` and `_`, at most 40
  /// characters; or one dash and one of them); else `nil`, and the error names its place
  /// instead. A token pasted after a misspelt option (`--headr=Authorization: Bearer …`), or
  /// joined to a short one (`-xT0K3N`), is never shown.
  ///
  /// - Parameter name: The argument's name part, before any `=`.
  /// - Returns: `--headr`, or `nil` for `--Authorization: Bearer T0K3N`.
  static func shownOptionName(_ name: String) -> String? {
    let bare = name.drop { $0 == "-" }
    let dashes = name.count - bare.count
    guard dashes == 2 || (dashes == 1 && bare.count == 1), !bare.isEmpty, name.count <= 40,
      bare.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    else { return nil }
    return name
  }
}
