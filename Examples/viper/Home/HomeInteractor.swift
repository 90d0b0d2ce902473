//
//  HomeInteractor.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

/// The module's use cases. It knows nothing about views.
@MainActor
final class HomeInteractor: HomeInteractorInput {
  weak var output: (any HomeInteractorOutput)?

  func fetchItems() async throws -> [HomeItem] {
    // TODO: load the items from a service.
    []
  }
}
