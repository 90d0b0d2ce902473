//
//  HomeMocks.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

@testable import App

/// A spy for `HomeServicing`. Calls may come from any task: they are recorded under a lock.
/// Stub it before, and read what it recorded after, the code under test runs.
final class HomeServicingMock: HomeServicing, @unchecked Sendable {
  private let lock = NSLock()

  // MARK: - fetchItems()

  private(set) var fetchItemsCallCount = 0
  var fetchItemsError: (any Error)?
  var fetchItemsReturnValue: [HomeItem]?
  var fetchItemsClosure: (@Sendable () async throws -> [HomeItem])?

  func fetchItems() async throws -> [HomeItem] {
    let (error, closure, value) = lock.withLock {
      fetchItemsCallCount += 1
      return (fetchItemsError, fetchItemsClosure, fetchItemsReturnValue)
    }
    if let error { throw error }
    if let closure { return try await closure() }
    guard let value else {
      throw HomeMissingStub("HomeServicingMock.fetchItems() has no stub: set fetchItemsReturnValue or fetchItemsClosure")
    }
    return value
  }

  /// Forgets every recorded call and every stub, as if the mock were new.
  func reset() {
    lock.withLock {
      fetchItemsCallCount = 0
      fetchItemsError = nil
      fetchItemsReturnValue = nil
      fetchItemsClosure = nil
    }
  }
}

/// Thrown by a mock whose method the test did not stub: its message says what to set.
struct HomeMissingStub: LocalizedError {
  let errorDescription: String?

  init(_ message: String) {
    errorDescription = message
  }
}
