/// Where ``CompactRows`` keeps a loaded report's rows out of memory, block by block: the
/// terminal's table view spools to a temporary file, and the report then holds in memory only
/// an index of its blocks, its sections and its date blocks, and the few blocks on screen.
///
/// Without one, the rows stay in memory, in a few bytes each (`Architecture/table-view-client.md`).
/// A spool is used from more than one thread: the report is written on the report's task and
/// read on the screen's.
package protocol ReportRowSpool: AnyObject, Sendable {
  /// Keeps a full block of rows' bytes, after the blocks kept before it.
  ///
  /// - Parameter block: The bytes: 1 MiB, or more for a single large row.
  /// - Returns: Whether it kept them; if not, the report keeps that block in memory.
  func keep(_ block: [UInt8]) -> Bool

  /// A block kept before, whole, as it was given.
  ///
  /// - Parameter index: Which block, counting from 0 the blocks ``keep(_:)`` kept.
  /// - Returns: The bytes; `nil` when they cannot be read back, and the report then shows its
  ///   rows as missing rather than wrong.
  func block(_ index: Int) -> [UInt8]?

  /// Forgets every block: a new report starts, or a draft is taken back.
  func removeAll()
}
