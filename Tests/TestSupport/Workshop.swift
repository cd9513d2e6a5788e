import Foundation

/// The switch that turns on the workshop's guided tests (`Architecture/workshop/`).
///
/// Each exercise has a suite that fails until the exercise is done. In a normal run those
/// suites are skipped; a participant turns one on with the environment variable `WORKSHOP`:
///
/// ```sh
/// WORKSHOP=1 Scripts/quick-check --filter Workshop1
/// WORKSHOP=1,2 Scripts/quick-check --filter Workshop   # two exercises at once
/// ```
public enum Workshop {
  /// Whether the guided tests of an exercise are on: `WORKSHOP` lists its number (`2`,
  /// `1,2`) or says `all`.
  ///
  /// - Parameter exercise: The exercise's number, 1 to 4.
  /// - Returns: `true` when `WORKSHOP` turns it on.
  public static func isOn(_ exercise: Int) -> Bool {
    guard let value = ProcessInfo.processInfo.environment["WORKSHOP"] else { return false }
    let listed = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    return listed.contains("all") || listed.contains(String(exercise))
  }
}
