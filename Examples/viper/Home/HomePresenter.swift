//
//  HomePresenter.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

@MainActor
final class HomePresenter {
  weak var view: (any HomeViewInput)?
  private let interactor: any HomeInteractorInput
  private let router: any HomeRouterInput
  private var items: [HomeItem] = []
  /// The load started by viewDidLoad(), kept so that tests can wait for it.
  private(set) var loading: Task<Void, Never>?

  init(interactor: any HomeInteractorInput, router: any HomeRouterInput) {
    self.interactor = interactor
    self.router = router
  }
}

// MARK: - HomeViewOutput

extension HomePresenter: HomeViewOutput {
  func viewDidLoad() {
    view?.showLoading()
    loading = Task {
      do {
        didFetchItems(try await interactor.fetchItems())
      } catch {
        didFailToFetchItems(error)
      }
    }
  }

  func didSelectItem(at index: Int) {
    guard items.indices.contains(index) else { return }
    router.showDetail(for: items[index])
  }
}

// MARK: - HomeInteractorOutput

extension HomePresenter: HomeInteractorOutput {
  func didFetchItems(_ items: [HomeItem]) {
    self.items = items
    view?.display(items: items.map { HomeItemViewModel(title: $0.title) })
  }

  func didFailToFetchItems(_ error: any Error) {
    view?.showError(String(describing: error))
  }
}
