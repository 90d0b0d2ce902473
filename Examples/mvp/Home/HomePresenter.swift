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
  weak var view: (any HomeViewing)?
  private let service: any HomeServicing
  private var items: [HomeItem] = []
  /// The load started by viewDidLoad(), kept so that tests can wait for it.
  private(set) var loading: Task<Void, Never>?

  init(service: any HomeServicing) {
    self.service = service
  }
}

// MARK: - HomePresenting

extension HomePresenter: HomePresenting {
  func viewDidLoad() {
    view?.showLoading()
    loading = Task {
      do {
        let items = try await service.fetchItems()
        self.items = items
        view?.display(items: items.map { HomeItemViewModel(title: $0.title) })
      } catch {
        view?.showError(String(describing: error))
      }
    }
  }

  func didSelectItem(at index: Int) {
    guard items.indices.contains(index) else { return }
    view?.showDetail(for: items[index])
  }
}
