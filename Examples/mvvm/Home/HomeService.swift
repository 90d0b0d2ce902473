//
//  HomeService.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

@MainActor
final class HomeService: HomeServicing {
  func fetchItems() async throws -> [HomeItem] {
    // TODO: load the items from the network or a database.
    []
  }
}
