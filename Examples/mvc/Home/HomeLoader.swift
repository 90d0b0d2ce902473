//
//  HomeLoader.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

/// Loads the screen's items from the service and reports every state to show: the
/// controller's loading, kept apart from the screen so that it is tested without one.
@MainActor
final class HomeLoader {
  /// Called with every state to show.
  var onChange: (@MainActor (HomeLoadState) -> Void)?
  /// The state reported last.
  private(set) var state: HomeLoadState = .idle
  private let service: any HomeServicing
  private var items: [HomeItem] = []
  private var fetchTask: Task<Void, Never>?

  init(service: any HomeServicing) {
    self.service = service
  }

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
      show(.loading)
    }
    do {
      let items = try await service.fetchItems()
      try Task.checkCancellation()
      self.items = items
      show(items.isEmpty ? .empty : .loaded(items))
    } catch {
      // A newer load replaced this one, or nobody waits for it any more: what the fetch threw
      // then is no failure to show (URLSession throws URLError.cancelled, not CancellationError).
      guard !Task.isCancelled else { return }
      if items.isEmpty {
        show(.failed(because: error))
      } else {
        // A refresh failed: what was loaded stays on screen.
        show(.refreshFailed(items, because: error))
      }
    }
  }

  private func show(_ state: HomeLoadState) {
    self.state = state
    onChange?(state)
  }
}
