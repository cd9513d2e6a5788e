/// A line and column in a source's text, both counted from 1.
///
/// Columns count characters (Unicode scalars), not bytes.
public struct TextPosition: Hashable, Comparable, Sendable {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1.
  public var column: Int

  /// Creates a position.
  ///
  /// - Parameters:
  ///   - line: The line, from 1.
  ///   - column: The column, from 1.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Orders positions as they appear in the text.
  public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// The fields of a transaction record, as input files name them.
public enum RecordField: String, CaseIterable, Sendable {
  /// `group`: `A` or `P`.
  case group
  /// `date`: `YYYY-MM-DD`.
  case date
  /// `description`: any text.
  case description
  /// `amount`: an unsigned decimal with at most two fraction digits.
  case amount
  /// `debit`: `D` or `C`.
  case debit
}

/// Where a valid record was read: its source and the position of each field's value.
///
/// The source's name is kept once for the process, however many origins name it, so that
/// copying an origin counts no reference (decision 0058): a program that makes origins with
/// millions of different names keeps each of them.
///
/// Use-case rules that look at several records (a group that does not match its source, a total
/// that overflows) use it to point at the value that broke the rule.
///
/// Every valid record of a file carries one from the reader's thread to the report's, so it is
/// kept small (decision 0037): the record's start whole, and each field's position relative to
/// it in 32 bits a line and a column (the lines after the start's, and the column, counted from
/// the start's column on the start's own line). A field before the start, or 2^32 lines or
/// columns or more after it, is kept as the start itself; no field of a file's record can be
/// (a record is at most 1 MiB, and its fields follow its start).
public struct RecordOrigin: Hashable, Sendable {
  /// The name of the source, such as a file path.
  ///
  /// Setting it looks the name up, under a lock, among those kept for the process (see the
  /// type's documentation).
  public var source: String {
    get { sourceName.text }
    set { sourceName = SourceName(newValue) }
  }
  /// The name of the source, kept without counting references (``SourceName``).
  @usableFromInline package private(set) var sourceName: SourceName
  /// Where the record starts.
  ///
  /// Setting it keeps each field where it was, unless the field is then before the start (or
  /// 2^32 lines or columns after it): such a field becomes the start.
  public var start: TextPosition {
    didSet {
      // The fields keep their positions, not their offsets.
      (groupOffset, amountOffset, dateOffset, descriptionOffset) = (
        FieldOffset(groupOffset.position(from: oldValue), from: start),
        FieldOffset(amountOffset.position(from: oldValue), from: start),
        FieldOffset(dateOffset.position(from: oldValue), from: start),
        FieldOffset(descriptionOffset.position(from: oldValue), from: start)
      )
    }
  }
  @usableFromInline private(set) var groupOffset: FieldOffset
  @usableFromInline private(set) var amountOffset: FieldOffset
  @usableFromInline private(set) var dateOffset: FieldOffset
  @usableFromInline private(set) var descriptionOffset: FieldOffset

  /// Where the value of `group` starts.
  public var group: TextPosition {
    get { groupOffset.position(from: start) }
    set { groupOffset = FieldOffset(newValue, from: start) }
  }
  /// Where the value of `amount` starts.
  public var amount: TextPosition {
    get { amountOffset.position(from: start) }
    set { amountOffset = FieldOffset(newValue, from: start) }
  }
  /// Where the value of `date` starts.
  public var date: TextPosition {
    get { dateOffset.position(from: start) }
    set { dateOffset = FieldOffset(newValue, from: start) }
  }
  /// Where the value of `description` starts.
  public var description: TextPosition {
    get { descriptionOffset.position(from: start) }
    set { descriptionOffset = FieldOffset(newValue, from: start) }
  }

  /// Creates an origin.
  ///
  /// - Parameters:
  ///   - source: The name of the source, such as a file path.
  ///   - start: Where the record starts.
  ///   - group: Where the value of `group` starts; the record's start when omitted.
  ///   - amount: Where the value of `amount` starts; the record's start when omitted.
  ///   - date: Where the value of `date` starts; the record's start when omitted.
  ///   - description: Where the value of `description` starts; the record's start when omitted.
  ///
  /// It looks the name up, under a lock, among those kept for the process (see the type's
  /// documentation): a source that makes many origins makes its name once
  /// (`init(sourceName:start:group:amount:date:description:)`, for the package's gateways).
  public init(
    source: String, start: TextPosition, group: TextPosition? = nil, amount: TextPosition? = nil,
    date: TextPosition? = nil, description: TextPosition? = nil
  ) {
    self.init(
      sourceName: SourceName(source), start: start, group: group, amount: amount, date: date,
      description: description)
  }

  /// Creates an origin with a name made once for a source's records: how the file gateways make
  /// one for every valid record (``init(source:start:group:amount:date:description:)`` looks
  /// the name up each time).
  ///
  /// - Parameters:
  ///   - sourceName: The name of the source.
  ///   - start: Where the record starts.
  ///   - group: Where the value of `group` starts; the record's start when omitted.
  ///   - amount: Where the value of `amount` starts; the record's start when omitted.
  ///   - date: Where the value of `date` starts; the record's start when omitted.
  ///   - description: Where the value of `description` starts; the record's start when omitted.
  ///
  /// Inlinable, as the file gateways make one for every valid record: called across the
  /// modules, it was built in memory and copied into the record in wider moves than the
  /// stores that wrote it, which the processor could not forward (measured in
  /// Architecture/performance.md).
  @inlinable
  package init(
    sourceName: SourceName, start: TextPosition, group: TextPosition? = nil, amount: TextPosition? = nil,
    date: TextPosition? = nil, description: TextPosition? = nil
  ) {
    self.sourceName = sourceName
    self.start = start
    groupOffset = FieldOffset(group ?? start, from: start)
    amountOffset = FieldOffset(amount ?? start, from: start)
    dateOffset = FieldOffset(date ?? start, from: start)
    descriptionOffset = FieldOffset(description ?? start, from: start)
  }
}

extension RecordOrigin {
  /// Where a field's value starts, relative to the record's start: 8 bytes, not 16.
  ///
  /// Internal, not private, for the origin's inlinable initializer
  /// (`RecordOrigin.init(sourceName:start:group:amount:date:description:)`); what it holds, and
  /// the origin's offsets, are still set only by their own type.
  @usableFromInline
  struct FieldOffset: Hashable, Sendable {
    /// How many lines after the start's.
    @usableFromInline private(set) var lines: UInt32 = 0
    /// The column: counted from the start's column on the start's line, from 1 on a later one.
    @usableFromInline private(set) var column: UInt32 = 0

    /// The offset of `position` from `start`; none (the start itself) when it does not fit.
    @inlinable
    init(_ position: TextPosition, from start: TextPosition) {
      let (lines, linesOverflow) = position.line.subtractingReportingOverflow(start.line)
      guard !linesOverflow, let lines = UInt32(exactly: lines) else { return }
      let (column, columnOverflow) =
        lines == 0 ? position.column.subtractingReportingOverflow(start.column) : (position.column, false)
      guard !columnOverflow, let column = UInt32(exactly: column) else { return }
      (self.lines, self.column) = (lines, column)
    }

    /// The position, given the record's start.
    func position(from start: TextPosition) -> TextPosition {
      lines == 0
        ? TextPosition(line: start.line, column: start.column &+ Int(column))
        : TextPosition(line: start.line &+ Int(lines), column: Int(column))
    }
  }
}

/// One bad record, or one place where a source could not be read as records.
///
/// An issue says where (source, line, column), which field, what is wrong (a typed
/// ``RecordProblem``) and the value found. It holds no sentence: Presenters words it, for
/// example as
/// `authorized.json:12:15: error: date: not a real calendar date (got "2016-02-30")`.
public struct RecordIssue: Error, Hashable, Sendable {
  /// The name of the source, such as a file path.
  public var source: String
  /// Where the offending value starts, or `nil` for sources without positions.
  public var position: TextPosition?
  /// The field at fault, or `nil` when the problem is not one field's (malformed syntax).
  public var field: RecordField?
  /// What is wrong.
  public var problem: RecordProblem
  /// The offending value as found, or `nil` when there is none to show.
  public var value: String?
  /// Where the record that holds the issue starts, or `nil` when it is not known.
  ///
  /// The issues of one record share it (and their ``source``), so a report can say how many
  /// records were invalid as well as how many problems they had. An issue without it is counted
  /// as a record of its own.
  public var recordStart: TextPosition?

  /// Creates an issue.
  ///
  /// - Parameters:
  ///   - source: The name of the source.
  ///   - position: Where the offending value starts, if known.
  ///   - field: The field at fault, if any.
  ///   - problem: What is wrong.
  ///   - value: The offending value, if any.
  ///   - recordStart: Where the record that holds the issue starts, if known.
  public init(
    source: String,
    position: TextPosition?,
    field: RecordField?,
    problem: RecordProblem,
    value: String? = nil,
    recordStart: TextPosition? = nil
  ) {
    self.source = source
    self.position = position
    self.field = field
    self.problem = problem
    self.value = value
    self.recordStart = recordStart
  }

  /// Whether this issue is of the same record as `earlier`, the issue just before it: both
  /// know where their record starts, and it is the same place in the same source.
  ///
  /// - Parameter earlier: The issue just before.
  /// - Returns: `true` when the two are one record's.
  package func isOfSameRecord(as earlier: RecordIssue) -> Bool {
    recordStart != nil && recordStart == earlier.recordStart && source == earlier.source
  }
}
