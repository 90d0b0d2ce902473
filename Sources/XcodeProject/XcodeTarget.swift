/// A target of an Xcode project.
package struct XcodeTarget: Sendable, Equatable {
  package var name: String
  /// `PBXNativeTarget`, or `PBXAggregateTarget` / `PBXLegacyTarget`, which hold no files.
  package var isa: String
  /// Such as `com.apple.product-type.application`; nil for targets without one.
  package var productType: String?
  /// The target's dictionary token in the project file.
  let object: Int
  /// The target's ID.
  let id: String

  /// A unit-test or UI-test bundle.
  package var isTest: Bool {
    guard let productType else { return false }
    return productType.hasSuffix(".unit-test") || productType.hasSuffix(".ui-testing")
  }

  /// A unit-test bundle: the kind of test target generated tests join. A UI-test bundle drives
  /// the app from outside it and cannot `@testable import` it.
  package var isUnitTest: Bool {
    productType?.hasSuffix(".unit-test") == true
  }

  /// Whether files can be added to it (only native targets have build phases for them).
  package var canHoldFiles: Bool { isa == Isa.nativeTarget }
}
