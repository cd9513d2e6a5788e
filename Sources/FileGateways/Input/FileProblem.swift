import UseCases

/// Why a file, standard input or a pipe cannot be read: the file gateway's reasons, with their
/// English words. A missing input (a file that does not exist) stops a report unless it may be
/// partial; input that cannot be copied to read it twice makes the source unavailable.
package enum FileProblem: SourceProblem {
  /// A file that cannot be opened; `systemError` is the operating system's reason.
  case cannotOpen(path: String, systemError: String)
  /// A file that does not exist; `similarPath` is an existing file whose name is close to it,
  /// in the same folder, when there is one: the name the user most likely meant.
  case noSuchFile(path: String, similarPath: String?)
  /// A path with a NUL character, which no file's path can hold.
  case pathContainsNUL(path: String)
  /// A path that names a folder.
  case isDirectory(path: String)
  /// Reading the input failed partway, for the operating system's reason (`EIO`): `source` is
  /// how messages name it, a path or `<stdin>`.
  case readFailed(source: String, systemError: String)
  /// Standard input is closed.
  case standardInputClosed
  /// Standard input is a folder.
  case standardInputIsDirectory
  /// Input that can be read only once (standard input, a pipe; `path` is `nil` for standard
  /// input) that cannot be copied to read it again, because the temporary file for the copy
  /// cannot be made, or cannot hold the input: the machine's fault, not the data's.
  case cannotCopy(path: String?, TemporaryFileFailure)

  /// Why, in English, such as `cannot read 'a.json': No such file or directory`.
  package var words: SourceWords {
    switch self {
    case .cannotOpen(let path, let systemError): "cannot read '\(shown: path)': \(words: systemError)"
    case .noSuchFile(let path, _): "cannot read '\(shown: path)': No such file or directory"
    case .pathContainsNUL(let path): "cannot read '\(shown: path)': the path contains a NUL character"
    case .isDirectory(let path): "'\(shown: path)' is a directory"
    case .readFailed(let source, let systemError):
      "cannot read '\(shown: source)' to its end: \(words: systemError)"
    case .standardInputClosed: "standard input is closed"
    case .standardInputIsDirectory: "standard input is a directory"
    case .cannotCopy(let path?, let failure): "cannot read '\(shown: path)' twice: \(failure.words)"
    case .cannotCopy(nil, let failure): "cannot read standard input twice: \(failure.words)"
    }
  }

  /// The name the user most likely meant, for a file that does not exist:
  /// `did you mean 'a.json'?`.
  package var hint: SourceWords? {
    guard case .noSuchFile(_, let similarPath?) = self else { return nil }
    return "did you mean '\(shown: similarPath)'?"
  }
}

/// Why the temporary file that holds a copy of input that can be read only once failed.
package enum TemporaryFileFailure: Hashable, Sendable {
  /// It cannot be created in this folder (`$TMPDIR`, else `/tmp`); `systemError` is the
  /// operating system's reason.
  case create(folder: String, systemError: String)
  /// It was created but cannot be unlinked from this folder, so it would outlive the run.
  case unlink(folder: String, systemError: String)
  /// It was made in this folder, but writing the copy into it failed partway: the disk is full,
  /// or a limit on a file's size was reached. `systemError` is the operating system's reason,
  /// or `nil` when a write wrote nothing.
  case write(folder: String, systemError: String?)

  /// What failed, in English.
  package var words: SourceWords {
    switch self {
    case .create(let folder, let systemError):
      "cannot create a temporary file in \(words: folder): \(words: systemError)"
    case .unlink(let folder, let systemError):
      "cannot unlink a temporary file in \(words: folder): \(words: systemError)"
    case .write(let folder, let systemError):
      "cannot write its copy to a temporary file in \(words: folder): \(words: systemError ?? "nothing was written")"
        + " (the disk, not the data: free some space there, or set TMPDIR to a folder with more)"
    }
  }
}

extension UnavailableReason {
  /// A file that cannot be opened.
  static func cannotOpen(path: String, systemError: String) -> UnavailableReason {
    UnavailableReason(FileProblem.cannotOpen(path: path, systemError: systemError))
  }
  /// A file that does not exist.
  static func noSuchFile(path: String, similarPath: String?) -> UnavailableReason {
    UnavailableReason(FileProblem.noSuchFile(path: path, similarPath: similarPath))
  }
  /// A path with a NUL character.
  static func pathContainsNUL(path: String) -> UnavailableReason {
    UnavailableReason(FileProblem.pathContainsNUL(path: path))
  }
  /// A path that names a folder.
  static func isDirectory(path: String) -> UnavailableReason {
    UnavailableReason(FileProblem.isDirectory(path: path))
  }
  /// Standard input is closed.
  static var standardInputClosed: UnavailableReason { UnavailableReason(FileProblem.standardInputClosed) }
  /// Standard input is a folder.
  static var standardInputIsDirectory: UnavailableReason {
    UnavailableReason(FileProblem.standardInputIsDirectory)
  }
  /// Input that can be read only once that cannot be copied.
  package static func cannotCopy(path: String?, _ failure: TemporaryFileFailure) -> UnavailableReason {
    UnavailableReason(FileProblem.cannotCopy(path: path, failure))
  }
}
