import UseCases

/// Which field a name in the input that is not one of the five most likely stands for: the
/// mistyped key of a record (`descripton`, `Amount`, `grup`) or column of a CSV header.
///
/// Decoders and the validator ask only when a field is missing, so valid input never pays for
/// it. A name stands for the field whose name is nearest to it, in edits (a character inserted,
/// deleted or replaced), ignoring case, and only when it is at most ``maximumDistance`` edits
/// away; on a tie, the first field in ``RecordField/allCases`` order wins. A name nearest to a
/// field the record has stands for no missing one.
enum FieldNameGuess {
  /// The most edits a name may be from a field's name to be taken for it.
  static let maximumDistance = 2

  /// A name the input gives, such as a key that is not one of the five, and where it is.
  struct Name {
    /// The name as written, decoded.
    var text: String
    /// Where it starts: its opening quote, for a JSON key.
    var position: TextPosition
  }

  /// The name, among some, that most likely stands for a field: one that stands for it (see
  /// ``field(likelyMeantBy:)``), the nearest of them, the first in input order on a tie.
  ///
  /// - Parameters:
  ///   - field: A field the input lacks.
  ///   - names: The names that are not one of the five, in input order.
  /// - Returns: The name, or `nil` when none stands for the field.
  static func likelyName(for field: RecordField, among names: [Name]) -> Name? {
    var best: (name: Name, distance: Int)?
    for name in names {
      guard let (nearest, distance) = nearestField(to: name.text), nearest == field else { continue }
      if best.map({ distance < $0.distance }) ?? true { best = (name, distance) }
    }
    return best?.name
  }

  /// The field a name most likely stands for, mistyped.
  ///
  /// - Parameter name: A name that is not one of the five.
  /// - Returns: The field whose name is nearest, if it is at most ``maximumDistance`` edits
  ///   away, ignoring case.
  static func field(likelyMeantBy name: String) -> RecordField? {
    nearestField(to: name)?.field
  }

  private static func nearestField(to name: String) -> (field: RecordField, distance: Int)? {
    let scalars = Array(name.lowercased().unicodeScalars)
    var nearest: (field: RecordField, distance: Int)?
    for field in RecordField.allCases {
      let target = Array(field.rawValue.unicodeScalars)
      guard abs(scalars.count - target.count) <= maximumDistance else { continue }
      let distance = editDistance(scalars, target)
      if distance <= maximumDistance, nearest.map({ distance < $0.distance }) ?? true {
        nearest = (field, distance)
      }
    }
    return nearest
  }

  /// The number of characters to insert, delete or replace to turn one text into the other
  /// (Levenshtein distance).
  ///
  /// - Parameters:
  ///   - source: One text.
  ///   - target: The other.
  /// - Returns: The distance.
  static func editDistance(_ source: [Unicode.Scalar], _ target: [Unicode.Scalar]) -> Int {
    var previous = Array(0...target.count)
    var current = previous
    for (row, character) in source.enumerated() {
      current[0] = row + 1
      for (column, other) in target.enumerated() {
        let replace = previous[column] + (character == other ? 0 : 1)
        current[column + 1] = min(replace, previous[column + 1] + 1, current[column] + 1)
      }
      swap(&previous, &current)
    }
    return previous[target.count]
  }
}
