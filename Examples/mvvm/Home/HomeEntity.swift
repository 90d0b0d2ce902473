//
//  HomeEntity.swift
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

/// What the view shows for one item: the presenter maps entities to this.
struct HomeItemViewModel: Sendable, Equatable {
  var title: String
}
