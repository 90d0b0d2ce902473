//
//  HomeModel.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

struct HomeItem: Sendable, Equatable {
  var id: UUID
  var title: String
}

// MARK: - Formatting

extension HomeItem {
  /// The text a cell shows for the item.
  var displayTitle: String {
    title.isEmpty ? "Untitled" : title
  }
}
