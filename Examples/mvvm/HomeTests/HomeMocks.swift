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
