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
  /// Shows `state`: loading, the items (with why a refresh failed), or why there are none.
  func display(_ state: HomeLoadState)
  /// Stops the spinner of the pull to refresh: the refresh it asked for has ended.
  func endRefreshing()
}

/// What the user does, as the view reports it: the presenter decides what to load and when,
/// and what the view shows.
@MainActor
protocol HomePresenting: AnyObject {
  /// The view loaded: the items load.
  func viewDidLoad()
  /// The user pulled to refresh: the items load (or the load in progress goes on), and then
  /// the view ends the pull's spinner.
  func didPullToRefresh()
  /// The user asked to load again, from the empty or the failed state.
  func didTapRetry()
  /// The user selected the item with `id`.
  func didSelectItem(id: UUID)
  /// The view left for good (popped or dismissed): a load in progress stops.
  func viewDidLeave()
}

/// Navigation out of the module.
@MainActor
protocol HomeRouting: AnyObject {
  func showDetail(for item: HomeItem)
}
