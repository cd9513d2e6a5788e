import FileGateways
import Presenters
import Testing
import UseCases

/// The words of the file gateway's reasons, as the presenter's wording shows them in a warning.
@Suite struct FileProblemWordsTests {
  @Test(
    "A warning reads as one line: the subject, then the reason, worded from its value",
    arguments: [
      (
        UnavailableReason(
          FileProblem.cannotOpen(path: "posted.json", systemError: "No such file or directory")),
        "Posted Transactions are not available: cannot read 'posted.json': No such file or directory"
      ),
      (
        UnavailableReason(FileProblem.isDirectory(path: "data")),
        "Posted Transactions are not available: 'data' is a directory"
      ),
      (
        UnavailableReason(FileProblem.standardInputClosed),
        "Posted Transactions are not available: standard input is closed"
      ),
      (
        UnavailableReason(FileProblem.standardInputIsDirectory),
        "Posted Transactions are not available: standard input is a directory"
      ),
      (
        UnavailableReason(
          FileProblem.cannotCopy(path: nil, .create(folder: "/tmp", systemError: "No space left on device"))),
        "Posted Transactions are not available: cannot read standard input twice: cannot create a temporary file"
          + " in /tmp: No space left on device"
      ),
      (
        UnavailableReason(
          FileProblem.cannotCopy(path: "fifo", .unlink(folder: "/tmp", systemError: "Permission denied"))),
        "Posted Transactions are not available: cannot read 'fifo' twice: cannot unlink a temporary file in /tmp:"
          + " Permission denied"
      ),
      (
        UnavailableReason(FileProblem.pathContainsNUL(path: "a\u{0}b")),
        "Posted Transactions are not available: cannot read 'a\\u{0}b': the path contains a NUL character"
      ),
      (
        UnavailableReason(FileProblem.noSuchFile(path: #"a\u{1B}.csv"#, similarPath: "a\u{1B}.csv")),
        #"Posted Transactions are not available: cannot read 'a\\u{1B}.csv': No such file or directory;"#
          + #" did you mean 'a\u{1B}.csv'?"#
      ),
    ])
  func warningText(reason: UnavailableReason, text: String) {
    #expect(EnglishReportWording().warning(.group(.posted), reason: reason) == text)
  }
}

/// The English words of the problems that only the operating system causes.
@Suite struct EnglishSystemProblemsTests {
  @Test("A read that fails is worded as before")
  func readProblem() {
    let problem = RecordProblem.source(
      AnySourceProblem(ReadingProblem.unreadable(reason: "Input/output error")))
    #expect(EnglishReportWording().problem(problem) == "cannot read the rest of the file: Input/output error")
    #expect(EnglishReportWording().hint(for: problem) == nil)
  }

  @Test(
    "A copy of standard input that the disk cannot hold says it is the disk, not the data",
    arguments: [
      (
        UnavailableReason(
          FileProblem.cannotCopy(path: nil, .write(folder: "/tmp", systemError: "No space left on device"))),
        "cannot read standard input twice: cannot write its copy to a temporary file in /tmp: No space left on"
          + " device (the disk, not the data: free some space there, or set TMPDIR to a folder with more)"
      ),
      (
        UnavailableReason(
          FileProblem.cannotCopy(path: "in.fifo", .write(folder: "/var/tmp", systemError: nil))),
        "cannot read 'in.fifo' twice: cannot write its copy to a temporary file in /var/tmp: nothing was"
          + " written (the disk, not the data: free some space there, or set TMPDIR to a folder with more)"
      ),
    ])
  func copyThatFails(reason: UnavailableReason, words: String) {
    #expect(EnglishReportWording().reason(reason) == words)
  }
}
