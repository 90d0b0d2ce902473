//
//  HomeMocks.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

@testable import App

/// A spy for `HomeServicing`. Calls may come from any task: it keeps what it records and
/// its stubs under a lock, and a test reads and sets them as its properties. Stub it before,
/// and read what it recorded after, the code under test runs.
@dynamicMemberLookup
final class HomeServicingMock: HomeServicing, @unchecked Sendable {
  /// What the mock records, read as its properties (`mock.fetchItemsCallCount`).
  struct Calls {
    // fetchItems()
    var fetchItemsCallCount = 0
  }

  /// What the mock answers, set as its properties (`mock.fetchItemsClosure = …`).
  struct Stubs {
    // fetchItems()
    var fetchItemsError: (any Error)?
    var fetchItemsReturnValue: [HomeItem]?
    var fetchItemsClosure: (@Sendable () async throws -> [HomeItem])?
  }

  // NSLock: the module's code runs on iOS 17, and Synchronization's Mutex needs iOS 18.
  private let lock = NSLock()
  private var calls = Calls()
  private var stubs = Stubs()

  subscript<Value>(dynamicMember keyPath: KeyPath<Calls, Value>) -> Value {
    lock.withLock { calls[keyPath: keyPath] }
  }

  subscript<Value>(dynamicMember keyPath: WritableKeyPath<Stubs, Value>) -> Value {
    get { lock.withLock { stubs[keyPath: keyPath] } }
    set { lock.withLock { stubs[keyPath: keyPath] = newValue } }
  }

  // MARK: - fetchItems()

  func fetchItems() async throws -> [HomeItem] {
    let stub = self.lock.withLock {
      self.calls.fetchItemsCallCount += 1
      return self.stubs
    }
    if let error = stub.fetchItemsError { throw error }
    if let closure = stub.fetchItemsClosure { return try await closure() }
    guard let value = stub.fetchItemsReturnValue else {
      throw HomeMissingStub(in: self, "fetchItems()", stub: "fetchItems")
    }
    return value
  }

  /// Forgets every recorded call and every stub, as if the mock were new.
  func reset() {
    lock.withLock {
      calls = Calls()
      stubs = Stubs()
    }
  }
}

/// Thrown by a mock whose method the test did not stub: its message says what to set.
struct HomeMissingStub: LocalizedError {
  let errorDescription: String?

  /// `method` (a selector) of `mock` was called without a stub: set `<stub>ReturnValue` or
  /// `<stub>Closure`.
  init(in mock: AnyObject, _ method: String, stub: String) {
    errorDescription =
      "\(type(of: mock)).\(method) has no stub: set \(stub)ReturnValue or \(stub)Closure"
  }
}
