import FileGateways
import UseCases

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a file in chunks gives exactly the records of the same bytes in memory.
///
/// ``FileTransactionSource`` reads a file 1 MiB at a time, and every decoder must carry its
/// state across the end of a chunk: in the middle of a string, an escape, a UTF-8 character, a
/// CRLF, a quoted CSV field. ``BytesTransactionSource`` reads the same bytes as one chunk. The
/// input is `[format][offset, two bytes little-endian][data]`: the format is
/// `format % 5` in ``RecordFormat``'s order (JSON, NDJSON, CSV, OFX, QIF), and the data is put at the end of a 1 MiB
/// padding so that `offset % (data.count + 1)` of its bytes come before the first chunk's end.
/// The padding is what each format skips: spaces for JSON, empty lines for the others.
/// Both sources, named alike, must yield the same records and issues, on every opening.
///
/// When `format / 5` is odd, both read with a small limit on a record, `1 + format / 10`
/// bytes (1 to 26), so that the limit too is crossed at every place a chunk can end.
struct FileRecordsCheck {
  /// The chunk size of a file's reads (the size of `ByteInput`'s reads).
  static let chunkSize = 1 << 20

  /// Checks one input.
  ///
  /// - Parameter bytes: The input.
  func run(_ bytes: [UInt8]) async {
    let choice = Int(bytes.first ?? 0)
    let format = RecordFormat.allCases[choice % 5]
    let recordLimit = choice / 5 % 2 == 1 ? 1 + choice / 10 : RecordFormat.maximumRecordLength
    let data = bytes.dropFirst(3)
    let offset = (bytes.count > 2 ? Int(bytes[1]) | Int(bytes[2]) << 8 : 0) % (data.count + 1)
    let filler = format == .json ? UInt8(ascii: " ") : UInt8(ascii: "\n")
    let padded = [UInt8](repeating: filler, count: Self.chunkSize - offset) + data
    ScratchFile.shared.replaceContents(with: padded)
    let path = ScratchFile.shared.path
    let limit = RecordsCheck.recordLimit(forByteCount: padded.count)
    let expected = await SourceRecord.all(
      of: BytesTransactionSource(name: path, bytes: padded, format: format, recordLimit: recordLimit),
      limit: limit)
    let file = FileTransactionSource(path: path, format: format, recordLimit: recordLimit)
    // The second opening is read as a report reads it: a batch read ahead, lent in place.
    for opening in 1...2 {
      let records = await SourceRecord.all(of: file, limit: limit, lent: opening == 2)
      guard records != expected else { continue }
      let first =
        zip(records, expected).enumerated().first { $1.0 != $1.1 }?.offset
        ?? min(records.count, expected.count)
      fatalError(
        "fuzz invariant broken: \(format) read from a file (opening \(opening), \(offset) bytes before the "
          + "chunk's end, records of at most \(recordLimit) bytes) gives \(records.count) records, not \(expected.count); record \(first) is "
          + "\(shown(records.dropFirst(first).first)), not \(shown(expected.dropFirst(first).first))")
    }
  }
}

/// The one temporary file a process writes its inputs to, removed when the process exits.
final class ScratchFile: Sendable {
  /// The file of this process.
  static let shared = ScratchFile()

  /// The file's path.
  let path: String
  private let descriptor: Int32

  private init() {
    let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((directory + "/fuzz-file-records-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { fatalError("cannot make a temporary file in \(directory)") }
    self.descriptor = descriptor
    self.path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    atexit { unlink(ScratchFile.shared.path) }
  }

  /// Makes the bytes the whole content of the file.
  ///
  /// - Parameter bytes: The new content.
  func replaceContents(with bytes: [UInt8]) {
    require(ftruncate(descriptor, 0) == 0, "cannot empty \(path)")
    var offset = 0
    bytes.withUnsafeBytes { raw in
      while offset < raw.count, let base = raw.baseAddress {
        let written = pwrite(descriptor, base + offset, raw.count - offset, off_t(offset))
        if written < 0 && errno == EINTR { continue }
        require(written > 0, "cannot write \(path)")
        offset += written
      }
    }
  }
}
