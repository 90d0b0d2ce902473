//
//  HomeMocks.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

@testable import App

@MainActor
final class HomeViewingMock: HomeViewing {
  // MARK: - display(items:)

  private(set) var displayItemsCallCount = 0
  private(set) var displayItemsReceivedArguments: ([HomeItemViewModel])?
  private(set) var displayItemsReceivedInvocations: [([HomeItemViewModel])] = []
  var displayItemsHandler: (@MainActor ([HomeItemViewModel]) -> Void)?

  func display(items: [HomeItemViewModel]) {
    displayItemsCallCount += 1
    displayItemsReceivedArguments = items
    displayItemsReceivedInvocations.append(items)
    if let displayItemsHandler {
      displayItemsHandler(items)
    }
  }

  // MARK: - showLoading()

  private(set) var showLoadingCallCount = 0
  var showLoadingHandler: (@MainActor () -> Void)?

  func showLoading() {
    showLoadingCallCount += 1
    if let showLoadingHandler {
      showLoadingHandler()
    }
  }

  // MARK: - showError(_:)

  private(set) var showErrorCallCount = 0
  private(set) var showErrorReceivedArguments: (String)?
  private(set) var showErrorReceivedInvocations: [(String)] = []
  var showErrorHandler: (@MainActor (String) -> Void)?

  func showError(_ message: String) {
    showErrorCallCount += 1
    showErrorReceivedArguments = message
    showErrorReceivedInvocations.append(message)
    if let showErrorHandler {
      showErrorHandler(message)
    }
  }

  // MARK: - showDetail(for:)

  private(set) var showDetailForCallCount = 0
  private(set) var showDetailForReceivedArguments: (HomeItem)?
  private(set) var showDetailForReceivedInvocations: [(HomeItem)] = []
  var showDetailForHandler: (@MainActor (HomeItem) -> Void)?

  func showDetail(for item: HomeItem) {
    showDetailForCallCount += 1
    showDetailForReceivedArguments = item
    showDetailForReceivedInvocations.append(item)
    if let showDetailForHandler {
      showDetailForHandler(item)
    }
  }
}

@MainActor
final class HomePresentingMock: HomePresenting {
  // MARK: - viewDidLoad()

  private(set) var viewDidLoadCallCount = 0
  var viewDidLoadHandler: (@MainActor () -> Void)?

  func viewDidLoad() {
    viewDidLoadCallCount += 1
    if let viewDidLoadHandler {
      viewDidLoadHandler()
    }
  }

  // MARK: - didSelectItem(at:)

  private(set) var didSelectItemAtCallCount = 0
  private(set) var didSelectItemAtReceivedArguments: (Int)?
  private(set) var didSelectItemAtReceivedInvocations: [(Int)] = []
  var didSelectItemAtHandler: (@MainActor (Int) -> Void)?

  func didSelectItem(at index: Int) {
    didSelectItemAtCallCount += 1
    didSelectItemAtReceivedArguments = index
    didSelectItemAtReceivedInvocations.append(index)
    if let didSelectItemAtHandler {
      didSelectItemAtHandler(index)
    }
  }
}

@MainActor
final class HomeServicingMock: HomeServicing {
  // MARK: - fetchItems()

  private(set) var fetchItemsCallCount = 0
  var fetchItemsError: (any Error)?
  var fetchItemsReturnValue: ([HomeItem])!
  var fetchItemsHandler: (@MainActor () async throws -> [HomeItem])?

  func fetchItems() async throws -> [HomeItem] {
    fetchItemsCallCount += 1
    if let error = fetchItemsError { throw error }
    if let fetchItemsHandler {
      return try await fetchItemsHandler()
    }
    return fetchItemsReturnValue
  }
}
