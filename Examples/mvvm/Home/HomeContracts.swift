//
//  HomeContracts.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

/// Where the view model gets its data.
@MainActor
protocol HomeServicing: AnyObject {
  func fetchItems() async throws -> [HomeItem]
}
