import BankReading
import UseCases

/// An unnamed temporary file that another gateway fills once (the answer of a download) and
/// reads from its first byte at every opening, with the decoders of this module, as a file
/// would be read.
///
/// The seam between the network gateway and the decoders: `NetworkGateways` writes into
/// ``descriptor`` and reads through ``records(length:format:options:source:reading:progress:)``,
/// and never sees a byte provider or a decoder.
package struct TemporaryCopy: Sendable {
  private let file: FileDescriptor

  private init(file: FileDescriptor) {
    self.file = file
  }

  /// Makes an unnamed temporary file in `$TMPDIR` (else `/tmp`), unlinked at once, so it
  /// outlives no run.
  ///
  /// - Returns: The copy, or why the temporary file cannot be made.
  package static func make() -> Making {
    switch FileDescriptor.anonymousTemporaryFile() {
    case .failure(let failure): .failed(failure)
    case .file(let file, _): .made(TemporaryCopy(file: file))
    }
  }

  /// What making a copy gave.
  package enum Making {
    /// The copy, empty.
    case made(TemporaryCopy)
    /// Why the temporary file cannot be made.
    case failed(TemporaryFileFailure)
  }

  /// The open file, to write the copy into.
  package var descriptor: Int32 { file.descriptor }

  /// The format the copy's first bytes show, if they show one beyond doubt
  /// (``RecordFormat/sniffed(from:)``): how an answer whose type and URL say nothing is read.
  package var sniffedFormat: RecordFormat? {
    RecordFormat.sniffed(from: file.firstBytes(limit: RecordFormat.sniffedLength))
  }

  /// The records of the copy, from its first byte, read ahead on a thread of their own.
  ///
  /// - Parameters:
  ///   - length: How many bytes the copy holds, for the progress.
  ///   - format: The format of the copy.
  ///   - options: How to read a bank's CSV export.
  ///   - name: How issues and origins name the source.
  ///   - reading: Which reading this is, from 1, for the progress.
  ///   - progress: Called after each chunk read, if given.
  /// - Returns: The stream.
  package func records(
    length: Int, format: RecordFormat, options: ReadingOptions, source name: String, reading: Int,
    progress: (@Sendable (ReadProgress) -> Void)?
  ) -> any RecordLending {
    let provider = CopyReader(base: PositionalReader(file), source: name)
    let input: ByteInput
    if let progress {
      let start = ReadProgress(source: name, reading: reading, bytesRead: 0, totalBytes: length)
      input = ByteInput(
        provider: ProgressReportingProvider(provider, progress: start, observer: progress),
        recordLimit: RecordFormat.maximumRecordLength)
    } else {
      input = ByteInput(provider: provider, recordLimit: RecordFormat.maximumRecordLength)
    }
    return ReadAheadTransactionStream(format.stream(reading: input, source: name, options: options))
  }
}

/// A reading of a ``TemporaryCopy``: a read error is the machine's, not the input's the user
/// named, so the source becomes unavailable, as a download that breaks off does, and is not
/// missing as a file that cannot be read is.
private struct CopyReader: ByteProvider {
  var base: PositionalReader<FileDescriptor>
  /// How messages name the source.
  let source: String

  mutating func readChunk(into buffer: UnsafeMutableRawBufferPointer) -> ByteReadResult {
    let result = base.readChunk(into: buffer)
    guard case .failure(.system(let systemError)) = result else { return result }
    return .failure(
      .unavailable(UnavailableReason(FileProblem.readFailed(source: source, systemError: systemError))))
  }
}
