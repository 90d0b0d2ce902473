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
final class HomeViewInputMock: HomeViewInput {
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
}

@MainActor
final class HomeViewOutputMock: HomeViewOutput {
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
final class HomeInteractorInputMock: HomeInteractorInput {
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

@MainActor
final class HomeInteractorOutputMock: HomeInteractorOutput {
  // MARK: - didFetchItems(_:)

  private(set) var didFetchItemsCallCount = 0
  private(set) var didFetchItemsReceivedArguments: ([HomeItem])?
  private(set) var didFetchItemsReceivedInvocations: [([HomeItem])] = []
  var didFetchItemsHandler: (@MainActor ([HomeItem]) -> Void)?

  func didFetchItems(_ items: [HomeItem]) {
    didFetchItemsCallCount += 1
    didFetchItemsReceivedArguments = items
    didFetchItemsReceivedInvocations.append(items)
    if let didFetchItemsHandler {
      didFetchItemsHandler(items)
    }
  }

  // MARK: - didFailToFetchItems(_:)

  private(set) var didFailToFetchItemsCallCount = 0
  private(set) var didFailToFetchItemsReceivedArguments: (any Error)?
  private(set) var didFailToFetchItemsReceivedInvocations: [(any Error)] = []
  var didFailToFetchItemsHandler: (@MainActor (any Error) -> Void)?

  func didFailToFetchItems(_ error: any Error) {
    didFailToFetchItemsCallCount += 1
    didFailToFetchItemsReceivedArguments = error
    didFailToFetchItemsReceivedInvocations.append(error)
    if let didFailToFetchItemsHandler {
      didFailToFetchItemsHandler(error)
    }
  }
}

@MainActor
final class HomeRouterInputMock: HomeRouterInput {
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
