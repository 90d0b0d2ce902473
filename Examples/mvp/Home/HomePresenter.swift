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
  private var fetchTask: Task<Void, Never>?

  init(service: any HomeServicing, router: any HomeRouting) {
    self.service = service
    self.router = router
  }
}

// MARK: - HomePresenting

extension HomePresenter: HomePresenting {
  /// Loads the items. A load started while another is in progress replaces it, and cancelling
  /// the caller (a view that disappears) cancels the load.
  func load() async {
    fetchTask?.cancel()
    let task = Task { await fetchItems() }
    fetchTask = task
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }

  private func fetchItems() async {
    if items.isEmpty {
      view?.display(.loading)
    }
    do {
      let items = try await service.fetchItems()
      try Task.checkCancellation()
      self.items = items
      view?.display(items.isEmpty ? .empty : .loaded(items.map { HomeItemViewModel(id: $0.id, title: $0.title) }))
    } catch is CancellationError {
      // A newer load replaced this one, or nobody waits for it any more.
    } catch {
      if items.isEmpty {
        view?.display(.failed(because: error))
      } else {
        // A refresh failed: what was loaded stays on screen.
        view?.display(.refreshFailed(items.map { HomeItemViewModel(id: $0.id, title: $0.title) }, because: error))
      }
    }
  }

  func didSelectItem(id: UUID) {
    guard let item = items.first(where: { $0.id == id }) else { return }
    router.showDetail(for: item)
  }
}
