import UseCases

/// An OFX `STATUS` aggregate as a bank's answer writes it: its `CODE`, `SEVERITY` and
/// `MESSAGE`, and whether it refuses the request.
///
/// **The rule: the code decides, whatever the severity.** A status lets the statement be read
/// only when its code is one the OFX specification documents as informational and its severity
/// is not `ERROR`: 0 (success), 1 (the client is up to date), 13000 (the user ID and password
/// will be sent out of band) and 15000 (the user must change the password with the next
/// request; the sign-on succeeded). Every other code is a refusal: the `ERROR` codes (2000 a
/// general error, 2003 an unknown account, 15500 a wrong password, 3000 more authentication
/// needed, …) and the `WARN` ones too (2028, a part of the request not understood; 12250 to
/// 12254, an investment download not supported), since each says that the statement may lack
/// what was asked. A status without a readable code proves nothing: it is a refusal too. So a
/// bank that writes `15500` with `SEVERITY` `INFO`, or with no severity at all, is never read as
/// an empty month. (The codes and their severities: the OFX specification's status code tables
/// (1.6 and 2.x), as libofx's `ofx_error_msg.hh` and ofx4j's `KnownCode` list them.)
struct OFXStatus {
  /// The code, as written (without the spaces around it), or `nil` when the status has none.
  var code: String?
  /// The severity, in capitals, or `nil` when the status has none.
  var severity: String?
  /// The bank's message, if any.
  var message: String?
  /// Where the status starts: its `<STATUS>` tag.
  var position: TextPosition

  /// The codes the OFX specification documents as informational: the answer holds what was
  /// asked.
  static let informationalCodes: Set<Int> = [0, 1, 13000, 15000]

  /// Whether the status lets the statement be read.
  var isInformational: Bool {
    guard severity != "ERROR", let code, let number = Int(code) else { return false }
    return Self.informationalCodes.contains(number)
  }

  /// The refusal the status says, or `nil` when it is informational.
  var refusal: StatementRefusal? {
    isInformational ? nil : StatementRefusal(source: "", code: code, message: message)
  }

  /// The tags of a `STATUS` aggregate's own, and their closing tags.
  static let ownTags: Set<String> = ["CODE", "/CODE", "SEVERITY", "/SEVERITY", "MESSAGE", "/MESSAGE"]

  /// The tags that end a `STATUS` that is not closed (an SGML answer that leaves out its
  /// `</STATUS>`): what comes after a status in a sign-on or a statement's response, an
  /// element a status never holds. Any other tag inside a status (an extension, `<INTU.XXX>`)
  /// is part of it, with its closing tag; a closing tag of an element the status did not open
  /// ends it too (`</SONRS>`).
  static let endingTags: Set<String> = [
    "STATUS", "OFX", "DTSERVER", "STMTRS", "CCSTMTRS", "INVSTMTRS", "STMTENDRS", "CCSTMTENDRS", "STMTTRN",
    "STMTTRNP", "BANKTRANLIST", "BANKTRANLISTP", "CLTCOOKIE",
  ]

  /// What the OFX specification says the common refusal codes mean, for an answer without a
  /// message.
  static let meanings: [String: String] = [
    "2000": "general error", "2002": "general account error", "2003": "account not found",
    "2004": "account closed", "2005": "account not authorized", "2019": "duplicate request",
    "2020": "invalid date", "2021": "unsupported version", "2027": "invalid date range",
    "2028": "a part of the request was not understood", "3000": "further authentication required",
    "3001": "the authentication failed", "12250": "investment transaction download not supported",
    "15500": "the user ID or password is incorrect", "15501": "the customer account is already in use",
    "15502": "the password is locked out", "15510": "the client is not authorized",
    "15512": "the client must be registered",
  ]
}
