import BankReading
import FileGateways
import UseCases

/// Transactions fetched from a service over HTTP: the source is a URL.
///
/// The first ``open()`` downloads the answer (through a ``ResponseDownloader``) into an unnamed
/// temporary file, never into memory; every opening then reads that copy from its start, so a
/// report's two readings see the same bytes and the service is asked once. What cannot be
/// fetched (a timeout, a refused connection, an error status, an answer that breaks off or is
/// too large) makes the source **unavailable**, with the service and what went wrong as its
/// reason: the report shows the group's "not currently available" message, as the app this
/// package comes from does when one of its two services fails. Invalid data in an answer is
/// rejected like invalid data in a file, located as `URL:LINE:COLUMN`.
///
/// The format is the answer's `Content-Type` (`application/json`, `application/x-ndjson` or
/// `application/jsonl`, `text/csv`, `application/x-ofx`, `application/qif`, …), else the URL
/// path's extension (`.json`, `.ndjson`, `.jsonl`, `.csv`, `.tsv`, `.ofx`, `.qfx`, `.qif`),
/// else the one given; or, with `sniffsFormat` (no format was given), the one the answer's
/// first bytes show, as for a file (an answer served as `application/octet-stream`), else JSON.
/// A format the user gave (`formatIsGiven`, `--input-format`) wins over all of them: a
/// server's `Content-Type` is often generic or wrong, and an explicit choice is never
/// overridden.
public struct HTTPTransactionSource: TransactionSource, LendingSource, Sendable {
  /// What is fetched, and the limits.
  package let request: DownloadRequest
  /// The format when neither the answer's `Content-Type` nor the URL's extension names one.
  package let format: RecordFormat
  /// Whether the answer's first bytes tell its format when neither its `Content-Type` nor the
  /// URL's extension names one; ``format`` is then read only when they show none.
  package let sniffsFormat: Bool
  /// Whether ``format`` was given by the user: it is then read whatever the answer's
  /// `Content-Type`, the URL's extension or the answer's first bytes say.
  package let formatIsGiven: Bool
  /// How to read the answer when it is a bank's CSV export.
  package let options: ReadingOptions
  private let downloader: any ResponseDownloader
  private let progress: (@Sendable (ReadProgress) -> Void)?
  /// The one download, shared by every opening and every copy of the source.
  private let download = Locked<DownloadState>(.notStarted)
  private let readings = Locked(0)

  private enum DownloadState: Sendable {
    case notStarted
    case running(Task<Downloaded, Never>)
    case done(Downloaded)
  }

  /// The answer, kept for every opening.
  private enum Downloaded: Sendable {
    case body(TemporaryCopy, length: Int, format: RecordFormat)
    case failed(UnavailableReason)
  }

  /// Creates a source for a URL; nothing is fetched until ``open()``.
  ///
  /// - Parameters:
  ///   - request: What to fetch, and the limits.
  ///   - format: The format when the answer and the URL do not say.
  ///   - sniffsFormat: Whether the answer's first bytes tell the format before `format` is
  ///     taken; `false` by default.
  ///   - formatIsGiven: Whether `format` was given by the user, and wins over what the answer
  ///     and the URL say; `false` by default.
  ///   - options: How to read the answer when it is a bank's CSV export.
  ///   - downloader: What fetches it.
  ///   - progress: Called as the download goes (`ReadProgress.reading` 0), then after each
  ///     chunk of each reading of the copy.
  public init(
    request: DownloadRequest, format: RecordFormat = .json, sniffsFormat: Bool = false,
    formatIsGiven: Bool = false, options: ReadingOptions = .standard, downloader: any ResponseDownloader,
    progress: (@Sendable (ReadProgress) -> Void)? = nil
  ) {
    self.request = request
    self.format = format
    self.sniffsFormat = sniffsFormat
    self.formatIsGiven = formatIsGiven
    self.options = options
    self.downloader = downloader
    self.progress = progress
  }

  /// The URL without any user name, password, query or fragment: how messages name the source.
  public var name: String { Self.shown(request.url) }

  /// Downloads the answer, if no opening has yet: a report prepares every source at once, so
  /// that two services answer at the same time (decision 0029).
  public func prepare() async {
    _ = await downloaded()
  }

  /// Downloads the answer the first time, then reads the copy from its start.
  ///
  /// - Returns: `SourceOpening.unavailable(reason:)` when the answer cannot be fetched whole,
  ///   or the records of the answer.
  public func open() async -> SourceOpening {
    await openLending().opening
  }

  /// Opens the answer as ``open()`` does, with a stream that lends its records.
  ///
  /// - Returns: What opening it gave.
  package func openLending() async -> ReadingOpening {
    switch await downloaded() {
    case .failed(let reason):
      return .unavailable(reason: reason)
    case .body(let file, let length, let format):
      let reading = readings.withLock { count in
        count += 1
        return count
      }
      return .available(
        file.records(
          length: length, format: format, options: options, source: name, reading: reading, progress: progress
        ))
    }
  }

  /// The answer: fetched by the first caller, awaited by the others, kept for later ones.
  private func downloaded() async -> Downloaded {
    let task = download.withLock { state -> Task<Downloaded, Never> in
      switch state {
      case .done(let downloaded): return Task { downloaded }
      case .running(let task): return task
      case .notStarted:
        let task = Task { await fetch() }
        state = .running(task)
        return task
      }
    }
    let downloaded = await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    download.withLock { $0 = .done(downloaded) }
    return downloaded
  }

  private func fetch() async -> Downloaded {
    let file: TemporaryCopy
    switch TemporaryCopy.make() {
    case .failed(let failure): return .failed(.cannotCopy(path: name, failure))
    case .made(let created): file = created
    }
    let name = self.name
    let observer = progress
    let outcome = await downloader.download(request, into: file.descriptor) { bytes, total in
      observer?(ReadProgress(source: name, reading: 0, bytesRead: bytes, totalBytes: total))
    }
    switch outcome {
    case .failed(let problem):
      return .failed(.serviceFailed(url: name, problem))
    case .completed(let length, let contentType):
      return .body(
        file, length: length,
        format: formatIsGiven
          ? format
          : namedFormat(contentType: contentType) ?? (sniffsFormat ? file.sniffedFormat : nil) ?? format)
    }
  }

  /// The format the answer's type names, else the URL's extension, if either names one.
  private func namedFormat(contentType: String?) -> RecordFormat? {
    let mediaType = contentType?.split(separator: ";").first.map {
      $0.trimmingSpaces().lowercased()
    }
    switch mediaType {
    case "application/json", "text/json": return .json
    case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonl",
      "application/jsonlines":
      return .ndjson
    case "text/csv", "application/csv", "text/tab-separated-values": return .csv
    case "application/x-ofx", "application/ofx", "application/vnd.intu.qfx", "application/x-qfx": return .ofx
    case "application/qif", "application/x-qif": return .qif
    default: break
    }
    var path = Substring(request.url)
    if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
    let last = path.split(separator: "/").last ?? ""
    guard let dot = last.lastIndex(of: ".") else { return nil }
    switch last[last.index(after: dot)...].lowercased() {
    case "json": return .json
    case "ndjson", "jsonl": return .ndjson
    case "csv", "tsv": return .csv
    case "ofx", "qfx": return .ofx
    case "qif": return .qif
    default: return nil
    }
  }

  /// A URL as messages show it: its scheme, host and path, without the user name and password
  /// before its host, and without its query and fragment (a token is often passed as
  /// `?access_token=…`), whatever a parser makes of the URL.
  ///
  /// A password may hold a `/`, `?` or `#` written raw (`https://alice:pa/ss@bank.example`),
  /// which a parser takes for the end of the host, and the password for the host and path; so
  /// the user name and password are taken to run to the last `@` before the query. An `@` after
  /// the first `?` or `#` makes the split uncertain (a raw `?` in a password, or an `@` in the
  /// query): then only the scheme is shown, with `…` for the rest. A URL whose path holds an `@`
  /// loses part of its path in messages, never a secret.
  ///
  /// - Parameter url: The URL as given.
  /// - Returns: `https://host/path` for `https://user:secret@host/path?token=T#top`.
  static func shown(_ url: String) -> String {
    guard let separator = url.firstRange(of: "://") else { return url }
    let afterSlashes = url[separator.upperBound...]
    let scheme = String(url[..<separator.upperBound])
    let queryStart = afterSlashes.firstIndex { $0 == "?" || $0 == "#" } ?? afterSlashes.endIndex
    if afterSlashes[queryStart...].contains("@") { return scheme + "…" }
    var kept = afterSlashes[..<queryStart]
    if let at = kept.lastIndex(of: "@") { kept = kept[kept.index(after: at)...] }
    return scheme + kept
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> Substring {
    var text = self
    while text.first == " " || text.first == "\t" { text.removeFirst() }
    while text.last == " " || text.last == "\t" { text.removeLast() }
    return text
  }
}
