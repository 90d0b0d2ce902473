//
//  HomeMocks.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

@testable import App

/// A spy for `HomeViewing`: it records every call.
@MainActor
final class HomeViewingMock: HomeViewing {
  // MARK: - display(_:)

  private(set) var displayCallCount = 0
  private(set) var displayReceivedArguments: HomeLoadState?
  private(set) var displayReceivedInvocations: [HomeLoadState] = []
  var displayClosure: (@MainActor (HomeLoadState) -> Void)?

  func display(_ state: HomeLoadState) {
    displayCallCount += 1
    displayReceivedArguments = state
    displayReceivedInvocations.append(state)
    if let closure = displayClosure { closure(state) }
  }

  // MARK: - endRefreshing()

  private(set) var endRefreshingCallCount = 0
  var endRefreshingClosure: (@MainActor () -> Void)?

  func endRefreshing() {
    endRefreshingCallCount += 1
    if let closure = endRefreshingClosure { closure() }
  }

  /// Forgets every recorded call and every stub, as if the mock were new.
  func reset() {
    displayCallCount = 0
    displayReceivedArguments = nil
    displayReceivedInvocations = []
    displayClosure = nil
    endRefreshingCallCount = 0
    endRefreshingClosure = nil
  }
}

/// A spy for `HomePresenting`: it records every call.
@MainActor
final class HomePresentingMock: HomePresenting {
  // MARK: - viewDidLoad()

  private(set) var viewDidLoadCallCount = 0
  var viewDidLoadClosure: (@MainActor () -> Void)?

  func viewDidLoad() {
    viewDidLoadCallCount += 1
    if let closure = viewDidLoadClosure { closure() }
  }

  // MARK: - didPullToRefresh()

  private(set) var didPullToRefreshCallCount = 0
  var didPullToRefreshClosure: (@MainActor () -> Void)?

  func didPullToRefresh() {
    didPullToRefreshCallCount += 1
    if let closure = didPullToRefreshClosure { closure() }
  }

  // MARK: - didTapRetry()

  private(set) var didTapRetryCallCount = 0
  var didTapRetryClosure: (@MainActor () -> Void)?

  func didTapRetry() {
    didTapRetryCallCount += 1
    if let closure = didTapRetryClosure { closure() }
  }

  // MARK: - didSelectItem(id:)

  private(set) var didSelectItemIdCallCount = 0
  private(set) var didSelectItemIdReceivedArguments: UUID?
  private(set) var didSelectItemIdReceivedInvocations: [UUID] = []
  var didSelectItemIdClosure: (@MainActor (UUID) -> Void)?

  func didSelectItem(id: UUID) {
    didSelectItemIdCallCount += 1
    didSelectItemIdReceivedArguments = id
    didSelectItemIdReceivedInvocations.append(id)
    if let closure = didSelectItemIdClosure { closure(id) }
  }

  // MARK: - viewDidLeave()

  private(set) var viewDidLeaveCallCount = 0
  var viewDidLeaveClosure: (@MainActor () -> Void)?

  func viewDidLeave() {
    viewDidLeaveCallCount += 1
    if let closure = viewDidLeaveClosure { closure() }
  }

  /// Forgets every recorded call and every stub, as if the mock were new.
  func reset() {
    viewDidLoadCallCount = 0
    viewDidLoadClosure = nil
    didPullToRefreshCallCount = 0
    didPullToRefreshClosure = nil
    didTapRetryCallCount = 0
    didTapRetryClosure = nil
    didSelectItemIdCallCount = 0
    didSelectItemIdReceivedArguments = nil
    didSelectItemIdReceivedInvocations = []
    didSelectItemIdClosure = nil
    viewDidLeaveCallCount = 0
    viewDidLeaveClosure = nil
  }
}

/// A spy for `HomeRouting`: it records every call and returns what it is told to.
@MainActor
final class HomeRoutingMock: HomeRouting {
  // MARK: - showDetail(for:)

  private(set) var showDetailForCallCount = 0
  private(set) var showDetailForReceivedArguments: HomeItem?
  private(set) var showDetailForReceivedInvocations: [HomeItem] = []
  var showDetailForClosure: (@MainActor (HomeItem) -> Void)?

  func showDetail(for item: HomeItem) {
    showDetailForCallCount += 1
    showDetailForReceivedArguments = item
    showDetailForReceivedInvocations.append(item)
    if let closure = showDetailForClosure { closure(item) }
  }

  /// Forgets every recorded call and every stub, as if the mock were new.
  func reset() {
    showDetailForCallCount = 0
    showDetailForReceivedArguments = nil
    showDetailForReceivedInvocations = []
    showDetailForClosure = nil
  }
}

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
