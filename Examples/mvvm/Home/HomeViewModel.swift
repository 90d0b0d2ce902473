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
  private(set) var items: [HomeItemViewModel] = []
  private(set) var isLoading: Bool = false
  private(set) var errorMessage: String? = nil
  private(set) var selectedItem: HomeItem? = nil

  private let service: any HomeServicing
  private var models: [HomeItem] = []
  /// The load started by viewDidLoad(), kept so that tests can wait for it.
  private(set) var loading: Task<Void, Never>?

  init(service: any HomeServicing) {
    self.service = service
  }
}

// MARK: - Inputs

extension HomeViewModel {
  func viewDidLoad() {
    isLoading = true
    errorMessage = nil
    loading = Task {
      do {
        models = try await service.fetchItems()
        items = models.map { HomeItemViewModel(title: $0.title) }
      } catch {
        errorMessage = String(describing: error)
      }
      isLoading = false
    }
  }

  func didSelectItem(at index: Int) {
    guard models.indices.contains(index) else { return }
    selectedItem = models[index]
  }
}
