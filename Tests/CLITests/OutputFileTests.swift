import CLI
import Foundation
import Testing

/// `OutputFile` picks the sink a destination needs; each sink finishes or abandons it.
@Suite struct OutputFileTests {
  /// A fresh folder for one test, removed afterwards.
  private final class Folder {
    let url: URL

    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "txreport-sink-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    func contents() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
    func text(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }
  }

  @Test("A new path gets an atomic sink: nothing appears until commit, then exactly the text")
  func newFile() throws {
    let folder = try Folder()
    let sink = try OutputFile.open(folder.path("r.txt"))
    #expect(sink is AtomicFileSink)
    sink.write("hello\n")
    sink.flush()
    #expect(!FileManager.default.fileExists(atPath: folder.path("r.txt")))
    try sink.commit()
    #expect(try folder.text("r.txt") == "hello\n")
    #expect(try folder.contents() == ["r.txt"])
  }

  @Test("An atomic sink rewinds: what was written before is gone from the file it commits")
  func atomicRewind() throws {
    let folder = try Folder()
    let sink = try OutputFile.open(folder.path("r.txt"))
    #expect(sink.canRewind)
    sink.write(String(repeating: "draft\n", count: 20_000))
    sink.flush()
    sink.rewind()
    sink.write("kept\n")
    try sink.commit()
    #expect(try folder.text("r.txt") == "kept\n")
    #expect(try folder.contents() == ["r.txt"])
  }

  @Test("A device cannot rewind: what is written to it is there at once")
  func deviceDoesNotRewind() throws {
    #expect(!(try OutputFile.open("/dev/null")).canRewind)
  }

  @Test("Discarding leaves an existing file as it was and removes the temporary file")
  func discardKeepsPrevious() throws {
    let folder = try Folder()
    try "previous\n".write(toFile: folder.path("r.txt"), atomically: false, encoding: .utf8)
    let sink = try OutputFile.open(folder.path("r.txt"))
    sink.write(String(repeating: "new\n", count: 50_000))
    sink.flush()
    #expect(try folder.contents().count == 2)
    sink.discard()
    #expect(try folder.text("r.txt") == "previous\n")
    #expect(try folder.contents() == ["r.txt"])
  }

  @Test("The replaced file keeps its permissions")
  func keepsPermissions() throws {
    let folder = try Folder()
    try "previous\n".write(toFile: folder.path("r.txt"), atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder.path("r.txt"))
    let sink = try OutputFile.open(folder.path("r.txt"))
    sink.write("new\n")
    try sink.commit()
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.path("r.txt"))
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
  }

  @Test("A symbolic link is followed: its target is replaced beside itself and the link stays")
  func symbolicLink() throws {
    let folder = try Folder()
    try FileManager.default.createDirectory(atPath: folder.path("real"), withIntermediateDirectories: false)
    try "previous\n".write(toFile: folder.path("real/r.txt"), atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link.txt"), withDestinationPath: "real/r.txt")
    let sink = try OutputFile.open(folder.path("link.txt"))
    sink.write("new\n")
    try sink.commit()
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("link.txt")) == "real/r.txt")
    #expect(try folder.text("real/r.txt") == "new\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("real")) == ["r.txt"])
  }

  // As root (as in CI) a rename over /dev/null would succeed, so there the device check
  // tells the two sinks apart by what they do, not only by type.
  @Test("A device gets a direct sink, and the device is still a device afterwards")
  func device() throws {
    let sink = try OutputFile.open("/dev/null")
    #expect(sink is SpecialFileSink)
    sink.write("thrown away\n")
    try sink.commit()
    let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
    #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
  }

  @Test("A device that fails a write: commit throws with the reason")
  func fullDevice() throws {
    let sink = try OutputFile.open("/dev/full")
    sink.write("x")
    sink.flush()
    #expect(sink.failure == "'/dev/full': No space left on device")
    #expect(throws: OutputError(path: "/dev/full", reason: "No space left on device")) {
      try sink.commit()
    }
  }

  @Test("A folder is refused at once, naming it")
  func folder() throws {
    let folder = try Folder()
    #expect(throws: OutputError(path: folder.url.path, reason: "Is a directory")) {
      _ = try OutputFile.open(folder.url.path)
    }
    #expect(try folder.contents().isEmpty)
  }

  @Test("A missing folder is refused at once with the system's reason")
  func missingFolder() throws {
    let folder = try Folder()
    #expect(throws: OutputError(path: folder.path("no/r.txt"), reason: "No such file or directory")) {
      _ = try OutputFile.open(folder.path("no/r.txt"))
    }
  }

  @Test("A descriptor path (/dev/fd/N) writes through that descriptor: an appending file is appended to")
  func descriptorPath() throws {
    let folder = try Folder()
    try "old\n".write(toFile: folder.path("log.txt"), atomically: false, encoding: .utf8)
    let descriptor = open(folder.path("log.txt"), O_WRONLY | O_APPEND)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let inode =
      try FileManager.default.attributesOfItem(atPath: folder.path("log.txt"))[.systemFileNumber] as? Int

    let sink = try OutputFile.open("/dev/fd/\(descriptor)")
    #expect(sink is SpecialFileSink)
    #expect(!sink.isTerminal)
    sink.write("new\n")
    try sink.commit()

    #expect(try folder.text("log.txt") == "old\nnew\n")
    #expect(
      try FileManager.default.attributesOfItem(atPath: folder.path("log.txt"))[.systemFileNumber] as? Int
        == inode)
    #expect(try folder.contents() == ["log.txt"])
  }

  @Test(
    "The paths that name a descriptor, and only those",
    arguments: [
      ("/dev/stdout", 1), ("/dev/stderr", 2), ("/dev/fd/7", 7), ("/proc/self/fd/12", 12), ("/dev/fd/x", nil),
      ("/dev/null", nil), ("report.txt", nil),
    ] as [(String, Int32?)])
  func descriptorNames(path: String, descriptor: Int32?) {
    #expect(OutputFile.descriptorNamed(by: path) == descriptor)
  }

  @Test("A dangling symbolic link stays a link: the file it names is created")
  func danglingLink() throws {
    let folder = try Folder()
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link.txt"), withDestinationPath: "new.txt")
    let sink = try OutputFile.open(folder.path("link.txt"))
    sink.write("report\n")
    try sink.commit()
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("link.txt")) == "new.txt")
    #expect(try folder.text("new.txt") == "report\n")
  }

  @Test("Links that loop are refused at once")
  func loopingLinks() throws {
    let folder = try Folder()
    try FileManager.default.createSymbolicLink(atPath: folder.path("a"), withDestinationPath: "b")
    try FileManager.default.createSymbolicLink(atPath: folder.path("b"), withDestinationPath: "a")
    #expect(throws: OutputError(path: folder.path("a"), reason: "Too many levels of symbolic links")) {
      _ = try OutputFile.open(folder.path("a"))
    }
    #expect(try folder.contents() == ["a", "b"])
  }
}
