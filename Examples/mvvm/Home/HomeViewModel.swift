//
//  HomeViewModel.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation
import Observation

/// The module's state and logic. It knows nothing about UIKit or SwiftUI.
@MainActor
@Observable
final class HomeViewModel {
  /// What the screen shows.
  private(set) var state: HomeLoadState = .idle
  private let service: any HomeServicing
  private let router: any HomeRouting
  @ObservationIgnored private var items: [HomeItem] = []
  @ObservationIgnored private var fetchTask: Task<Void, Never>?

  init(service: any HomeServicing, router: any HomeRouting) {
    self.service = service
    self.router = router
  }
}

// MARK: - Inputs

extension HomeViewModel {
  /// Loads the items. A load started while another is in progress replaces it, and cancelling
  /// the caller (a view that disappears) cancels the load.
  func load() async {
    let task = startFetch()
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }

  /// Starts fetching the items now, in place of a fetch in progress: the task, kept in
  /// `fetchTask`, so that what stops the load stops it from this moment on.
  @discardableResult
  private func startFetch() -> Task<Void, Never> {
    fetchTask?.cancel()
    let task = Task { await fetchItems() }
    fetchTask = task
    return task
  }

  private func fetchItems() async {
    if items.isEmpty {
      state = .loading
    }
    do {
      let items = try await service.fetchItems()
      try Task.checkCancellation()
      self.items = items
      state = items.isEmpty ? .empty : .loaded(items.map { HomeItemViewModel(id: $0.id, title: $0.title) })
    } catch {
      // A newer load replaced this one, or nobody waits for it any more: what the fetch threw
      // then is no failure to show (URLSession throws URLError.cancelled, not CancellationError).
      guard !Task.isCancelled else { return }
      if items.isEmpty {
        state = .failed(because: error)
      } else {
        // A refresh failed: what was loaded stays on screen.
        state = .refreshFailed(items.map { HomeItemViewModel(id: $0.id, title: $0.title) }, because: error)
      }
    }
  }

  func didSelectItem(id: UUID) {
    guard let item = items.first(where: { $0.id == id }) else { return }
    router.showDetail(for: item)
  }
}
