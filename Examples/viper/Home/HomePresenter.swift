//
//  HomePresenter.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

/// The module's presentation logic: it asks the interactor, tells the view what to show and the
/// router where to go.
@MainActor
final class HomePresenter {
  weak var view: (any HomeViewInput)?
  weak var moduleOutput: (any HomeModuleOutput)?
  private let interactor: any HomeInteractorInput
  private let router: any HomeRouterInput
  private var items: [HomeItem] = []
  private var fetchTask: Task<Void, Never>?
  /// Whether the screen has left and is not shown again yet (SwiftUI: also while a pushed
  /// screen covers it): a reload the module input asks for then waits until it is.
  private var hasLeft = false
  /// Whether a reload the module input asked for is not done: no load has ended since (the
  /// screen left first).
  private var owesReload = false

  init(interactor: any HomeInteractorInput, router: any HomeRouterInput) {
    self.interactor = interactor
    self.router = router
  }
}

// MARK: - HomeViewOutput

extension HomePresenter: HomeViewOutput {
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
      view?.display(.loading)
    }
    do {
      let items = try await interactor.fetchItems()
      try Task.checkCancellation()
      self.items = items
      view?.display(items.isEmpty ? .empty : .loaded(items.map { HomeItemViewModel(id: $0.id, title: $0.title) }))
      moduleOutput?.homeModuleDidLoad(items)
    } catch {
      // A newer load replaced this one, or nobody waits for it any more: what the fetch threw
      // then is no failure to show (URLSession throws URLError.cancelled, not CancellationError).
      guard !Task.isCancelled else { return }
      if items.isEmpty {
        view?.display(.failed(because: error))
      } else {
        // A refresh failed: what was loaded stays on screen.
        view?.display(.refreshFailed(items.map { HomeItemViewModel(id: $0.id, title: $0.title) }, because: error))
      }
    }
    // A reload the module input asked for, if any, is done.
    owesReload = false
  }

  func didSelectItem(id: UUID) {
    guard let item = items.first(where: { $0.id == id }) else { return }
    router.showDetail(for: item)
  }

  /// The screen is shown: back after it left, it does the reload the module input asked for
  /// while it was away, or that its leaving cut short.
  func viewDidAppear() {
    guard hasLeft else { return }
    hasLeft = false
    if owesReload {
      reload()
    }
  }

  /// The screen left: the load in progress stops, the one the module input asked for too, and
  /// what it fetches is neither shown nor reported.
  func viewDidLeave() {
    hasLeft = true
    fetchTask?.cancel()
  }
}

// MARK: - HomeModuleInput

extension HomePresenter: HomeModuleInput {
  /// Loads the items again, as a pull to refresh does. The load stops when the screen leaves;
  /// asked for while the screen is away, or cut short by its leaving, it is done when the
  /// screen is shown again, and the module output hears of it then. It is done when a load
  /// started since ends: this one, or one that replaced it (a pull to refresh).
  func reload() {
    owesReload = true
    guard !hasLeft else { return }
    // A load in progress started before this was asked for: it is replaced, and does not
    // settle it. This one is in `fetchTask` at once: the screen leaving stops it, even in the
    // same turn.
    startFetch()
  }
}
