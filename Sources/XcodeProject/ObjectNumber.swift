/// An object's number in file order among a document's objects (`ProjectDocument.objects`), as
/// `ObjectIndex` finds it for an ID: a type of its own so that it is not taken for a token's
/// number.
struct ObjectNumber: Hashable, Sendable {
  let rawValue: Int

  init(_ number: Int) {
    rawValue = number
  }
}

extension Array where Element == ObjectRecord {
  /// The record of the object with this number.
  @inline(__always)
  subscript(_ number: ObjectNumber) -> ObjectRecord { self[number.rawValue] }
}
