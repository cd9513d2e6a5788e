import UseCases

extension SourceRecord {
  /// The record with the description lent apart from it as bytes (`RecordLending`) made its
  /// transaction's description again: the record a stream that makes strings gives. `nil` when
  /// the record cannot take them: it is not a transaction, its own description is not empty, or
  /// the bytes are not UTF-8. How the package's tests and fuzzers check what a lending stream of
  /// this module gave.
  ///
  /// - Parameter bytes: The description's bytes, as a stream lent them with the record.
  /// - Returns: The record, or `nil`.
  package func withDescription(lentAs bytes: UnsafeBufferPointer<UInt8>) -> SourceRecord? {
    guard case .transaction(var transaction, let origin) = self, transaction.description.isEmpty,
      let description = String(validating: bytes, as: UTF8.self)
    else { return nil }
    transaction.description = description
    return .transaction(transaction, origin)
  }
}
