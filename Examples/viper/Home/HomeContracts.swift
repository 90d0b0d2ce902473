//
//  HomeContracts.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

/// What the presenter tells the view to show.
@MainActor
protocol HomeViewInput: AnyObject {
  func display(items: [HomeItemViewModel])
  func showLoading()
  func showError(_ message: String)
}

/// What the view reports to the presenter.
@MainActor
protocol HomeViewOutput: AnyObject {
  func viewDidLoad()
  func didSelectItem(at index: Int)
}

/// The module's use cases.
@MainActor
protocol HomeInteractorInput: AnyObject {
  func fetchItems() async throws -> [HomeItem]
}

/// What the interactor reports back to the presenter.
@MainActor
protocol HomeInteractorOutput: AnyObject {
  func didFetchItems(_ items: [HomeItem])
  func didFailToFetchItems(_ error: any Error)
}

/// Navigation out of the module.
@MainActor
protocol HomeRouterInput: AnyObject {
  func showDetail(for item: HomeItem)
}
