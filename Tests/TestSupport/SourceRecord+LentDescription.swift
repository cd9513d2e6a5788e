import UseCases

extension SourceRecord {
  /// The record with the description lent apart from it as bytes (decision 0043) made its
  /// transaction's description again; `nil` when the record cannot take them: it is not a
  /// transaction, its own description is not empty, or the bytes are not UTF-8.
  ///
  /// - Parameter bytes: The description's bytes, as a stream lent them with the record.
  /// - Returns: The record as a stream that makes strings gives it, or `nil`.
  public func withDescription(lentAs bytes: UnsafeBufferPointer<UInt8>) -> SourceRecord? {
    guard case .transaction(var transaction, let origin) = self, transaction.description.isEmpty,
      let description = String(validating: bytes, as: UTF8.self)
    else { return nil }
    transaction.description = description
    return .transaction(transaction, origin)
  }
}
