//
//  HomePresenter.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

/// The module's presentation logic: it asks the service, tells the passive view what to show
/// and the router where to go.
@MainActor
final class HomePresenter {
  weak var view: (any HomeViewing)?
  private let service: any HomeServicing
  private let router: any HomeRouting
  private var items: [HomeItem] = []
  /// The load in progress: the presenter starts it, lets a second request join it, and stops
  /// it when the view leaves. Tests wait for it.
  private(set) var loadTask: Task<Void, Never>?
  /// Whether a pull to refresh waits for the load in progress to end, to end its spinner.
  private var refreshIsPending = false

  init(service: any HomeServicing, router: any HomeRouting) {
    self.service = service
    self.router = router
  }
}

// MARK: - HomePresenting

extension HomePresenter: HomePresenting {
  func viewDidLoad() {
    startLoading()
  }

  func didPullToRefresh() {
    refreshIsPending = true
    startLoading()
  }

  func didTapRetry() {
    startLoading()
  }

  func didSelectItem(id: UUID) {
    guard let item = items.first(where: { $0.id == id }) else { return }
    router.showDetail(for: item)
  }

  func viewDidLeave() {
    stopLoading()
  }
}

// MARK: - Loading

extension HomePresenter {
  /// Starts loading the items unless a load is in progress; returns the load in progress.
  @discardableResult
  private func startLoading() -> Task<Void, Never> {
    if let loadTask { return loadTask }
    let task = Task { [weak self] in
      guard let self else { return }
      await fetchItems()
    }
    loadTask = task
    return task
  }

  /// Stops the load in progress: what it fetches is not shown, and the next load starts anew.
  private func stopLoading() {
    loadTask?.cancel()
    loadTask = nil
    refreshIsPending = false
  }

  /// Shows loading (unless there are items to keep), then the items, the empty state, or why
  /// they did not load; a failed refresh keeps the items.
  private func fetchItems() async {
    if items.isEmpty {
      view?.display(.loading)
    }
    do {
      let items = try await service.fetchItems()
      try Task.checkCancellation()
      self.items = items
      view?.display(items.isEmpty ? .empty : .loaded(itemViewModels))
    } catch {
      // Stopped: nobody waits for these items, nor for why they did not come.
      guard !Task.isCancelled else { return }
      if items.isEmpty {
        view?.display(.failed(because: error))
      } else {
        view?.display(.refreshFailed(itemViewModels, because: error))
      }
    }
    loadTask = nil
    if refreshIsPending {
      refreshIsPending = false
      view?.endRefreshing()
    }
  }

  /// The items as the view shows them.
  private var itemViewModels: [HomeItemViewModel] {
    items.map { HomeItemViewModel(id: $0.id, title: $0.title) }
  }
}
