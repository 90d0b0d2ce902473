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
  func display(_ state: HomeLoadState)
}

/// What the view reports to the presenter.
@MainActor
protocol HomeViewOutput: AnyObject {
  func load() async
  func didSelectItem(id: UUID)
  func viewDidAppear()
  func viewDidLeave()
}

/// The module's use cases.
protocol HomeInteractorInput: Sendable {
  func fetchItems() async throws -> [HomeItem]
}

/// Navigation out of the module.
@MainActor
protocol HomeRouterInput: AnyObject {
  func showDetail(for item: HomeItem)
}

/// What the module that shows this one can ask of it.
@MainActor
protocol HomeModuleInput: AnyObject {
  func reload()
}

/// What this module tells the module that shows it.
@MainActor
protocol HomeModuleOutput: AnyObject {
  func homeModuleDidLoad(_ items: [HomeItem])
}
