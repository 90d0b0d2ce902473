//
//  HomeInteractor.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

/// The module's use cases: it returns their results to the presenter, and knows nothing about
/// views.
struct HomeInteractor: HomeInteractorInput {
  let service: any HomeServicing

  func fetchItems() async throws -> [HomeItem] {
    // TODO: apply the module's business rules (filtering, sorting) to what the service returns.
    try await service.fetchItems()
  }
}
