//
//  HomeContracts.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

/// The passive view: it shows what the presenter tells it.
@MainActor
protocol HomeViewing: AnyObject {
  func display(items: [HomeItemViewModel])
  func showLoading()
  func showError(_ message: String)
  func showDetail(for item: HomeItem)
}

/// What the view reports to the presenter.
@MainActor
protocol HomePresenting: AnyObject {
  func viewDidLoad()
  func didSelectItem(at index: Int)
}

/// Where the presenter gets its data.
@MainActor
protocol HomeServicing: AnyObject {
  func fetchItems() async throws -> [HomeItem]
}
