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
  func display(_ state: HomeLoadState)
}

/// What the view reports to the presenter.
@MainActor
protocol HomePresenting: AnyObject {
  func load() async
  func didSelectItem(id: UUID)
}

/// Navigation out of the module.
@MainActor
protocol HomeRouting: AnyObject {
  func showDetail(for item: HomeItem)
}
