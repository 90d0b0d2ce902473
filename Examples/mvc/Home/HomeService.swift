//
//  HomeService.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

/// Where the module gets its data. Not tied to the main actor: it may work anywhere.
protocol HomeServicing: Sendable {
  func fetchItems() async throws -> [HomeItem]
}

/// The module's data source.
struct HomeService: HomeServicing {
  func fetchItems() async throws -> [HomeItem] {
    // TODO: load the items from the network or a database.
    []
  }
}
