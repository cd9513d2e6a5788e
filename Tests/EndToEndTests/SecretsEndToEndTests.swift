import Foundation
import TestSupport
import Testing

private typealias TX = TXReportProcess

/// No value that may hold a secret is ever echoed (SPEC §8 "Secrets"): hostile command lines,
/// each holding a password or a token, run through the built `txreport`, whose standard output,
/// standard error and `--output` file must not hold the secret anywhere (issue 48, finding 11).
@Suite struct SecretsEndToEndTests {
  /// The secrets the arguments below hold; none may come out.
  static let secrets = ["T0K3N", "PW-s3cr3t"]

  /// A command line that holds a secret, and the exit status it must end with.
  struct Hostile: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32
    var testDescription: String { "\(status): " + arguments.joined(separator: " ") }
  }

  /// A port on loopback where no one listens: the connection is refused at once.
  static let closed = "127.0.0.1:9"

  /// The hostile command lines: misspelt options with a header or a URL after `=`, stray
  /// arguments, URL-like paths, values the parser does not understand, tokens in queries.
  static let hostile: [Hostile] = {
    let all = TX.fixture("demo_all.json")
    let authorized = TX.fixture("demo_authorized.json")
    let posted = TX.fixture("demo_posted.json")
    var cases: [Hostile] = [
      ["--headr=Authorization: Bearer T0K3N", "--all", all],
      ["--Header=Authorization: Bearer T0K3N", "--all", all],
      ["--headers=Authorization: Bearer T0K3N", "--all", all],
      ["--heade=Authorization: Bearer T0K3N"],
      ["--alll=http://u:PW-s3cr3t@\(closed)/x.json"],
      ["--all=", "http://u:PW-s3cr3t@\(closed)/x.json"],
      ["--Authorization: Bearer T0K3N"],
      ["-xT0K3N"],
      ["-HT0K3N"],
      ["--all", all, "http://u:PW-s3cr3t@\(closed)/posted.json"],
      ["--authorized", authorized, "https://u:PW-s3cr3t@\(closed)/posted.json"],
      ["--all", all, "Authorization: Bearer T0K3N"],
      ["--all", all, "--header", "Authorization: Bearer T0K3N", "T0K3N"],
      ["--one-source=T0K3N"],
      ["--interactive=T0K3N"],
    ].map { Hostile(arguments: $0, status: 64) }
    // URL-like paths, refused before they could be printed as file names.
    let urlLike = [
      "ftp://user:PW-s3cr3t@\(closed)/x.json", "http:/user:PW-s3cr3t@\(closed)/x.json",
      "HTTP:/user:PW-s3cr3t@host/x.json", "sftp://user:PW-s3cr3t@host/x.json", "file://u:PW-s3cr3t@/x.json",
      "s3://T0K3N@bucket/x.json", "user:PW-s3cr3t@host:x.json",
    ]
    for path in urlLike {
      cases.append(Hostile(arguments: ["--all", path], status: 64))
      cases.append(Hostile(arguments: ["--partial", "--authorized", path, "--posted", posted], status: 64))
      cases.append(Hostile(arguments: ["--all", all, "--output", path], status: 64))
      cases.append(Hostile(arguments: ["--all", all, "--output=" + path + ".html"], status: 64))
      cases.append(Hostile(arguments: ["--all", all, "--header", "@" + path], status: 64))
    }
    cases.append(Hostile(arguments: ["--all", all, "-o", "http://u:PW-s3cr3t@h/x.html"], status: 64))
    // Values of options that the parser does not understand: a token given to the wrong option.
    for option in [
      "--format", "--color", "--theme", "--input-format", "--width", "--timeout", "--max-response-size",
      "--from",
      "--to", "--month", "--currency", "--columns", "--delimiter", "--date-format", "--encoding",
      "--pending-date", "--completions",
    ] {
      cases.append(Hostile(arguments: ["--all", all, option, "T0K3N"], status: 64))
      cases.append(Hostile(arguments: ["--all", all, option + "=Authorization: Bearer T0K3N"], status: 64))
    }
    cases.append(Hostile(arguments: ["--all", all, "--columns", "T0K3N=Amount"], status: 64))
    // URLs that no request can be made of: a bad command line, with nothing of them shown.
    for url in [
      "http://u:PW-s3cr3t@\(closed)0000/x.json", "http://u:PW-s3cr3t@[::1:/x.json",
      "http://u:PW-s3cr3t@[::1]x/x.json", "http://u:PW-s3cr3t@127.0.0.1:http/x.json",
      "http://u:PW-s3cr3t@host/x?T0K3N@y", "http://u:PW-s3cr3t@/x.json",
    ] {
      cases.append(Hostile(arguments: ["--all", url], status: 64))
    }
    // Services that cannot be reached: the report names each by its scheme, host and path.
    for url in [
      "http://u:PW-s3cr3t@\(closed)/x.json", "http://\(closed)/x.json?access_token=T0K3N",
      "http://\(closed)/x.json#T0K3N", "http://u:PW-s3cr3t@\(closed)/x.json?key=T0K3N#T0K3N",
      "hTTp://u:PW-s3cr3t@\(closed)/x.json",
    ] {
      cases.append(Hostile(arguments: ["--all", url], status: 3))
      cases.append(Hostile(arguments: ["--authorized", url, "--posted", posted], status: 3))
    }
    return cases
  }()

  @Test(
    "A hostile command line: the secret is in neither output, and the run ends as it must", arguments: hostile
  )
  func neverEchoed(_ hostile: Hostile) throws {
    let result = try TX.run(hostile.arguments, environment: ["no_proxy": "*", "NO_PROXY": "*"])
    #expect(result.status == hostile.status, "\(result.standardError)")
    for secret in Self.secrets {
      #expect(!result.standardError.contains(secret), "\(result.standardError)")
      #expect(!result.standardOutput.contains(secret), "\(result.standardOutput)")
    }
  }

  @Test(
    "A service that cannot be reached, in every format, to standard output and to a file: the secret is nowhere",
    arguments: ["text", "json", "transactions", "markdown", "html"])
  func unavailableInEveryFormat(format: String) throws {
    let folder = try TemporaryDirectory("txreport-secrets")
    let url = "http://u:PW-s3cr3t@\(Self.closed)/x.json?access_token=T0K3N#T0K3N"
    let posted = TX.fixture("demo_posted.json")
    let environment = ["no_proxy": "*", "NO_PROXY": "*"]
    let printed = try TX.run(
      ["--authorized", url, "--posted", posted, "--format", format], environment: environment)
    let filed = try TX.run(
      ["--authorized", url, "--posted", posted, "--format", format, "-o", folder.path("r.out")],
      environment: environment)
    let file = try String(contentsOfFile: folder.path("r.out"), encoding: .utf8)
    #expect(printed.status == 3 && filed.status == 3)
    // Markdown escapes the colon of a URL, so that no viewer makes it a link.
    let shown = format == "markdown" ? "http\\://\(Self.closed)/x.json" : "http://\(Self.closed)/x.json"
    #expect(file.contains(shown) || format == "json" || format == "transactions")
    for secret in Self.secrets {
      for text in [
        printed.standardOutput, printed.standardError, filed.standardOutput, filed.standardError, file,
      ] {
        #expect(!text.contains(secret), "\(text)")
      }
    }
  }

  @Test("An answer with invalid data is located by the URL without its password and query")
  func invalidAnswerIsLocatedWithoutSecrets() throws {
    let server = try TestHTTPServer(routes: [
      "/x.json": .text("[{\"oops\": 1}]", contentType: "application/json")
    ])
    let url = server.url("/x.json?access_token=T0K3N").replacingOccurrences(
      of: "http://", with: "http://u:PW-s3cr3t@")
    let result = try TX.run(["--all", url], environment: ["no_proxy": "*", "NO_PROXY": "*"])
    #expect(result.status == 65)
    #expect(result.standardError.contains(server.url("/x.json") + ":1:"), "\(result.standardError)")
    for secret in Self.secrets {
      #expect(!result.standardError.contains(secret) && !result.standardOutput.contains(secret))
    }
  }
}
