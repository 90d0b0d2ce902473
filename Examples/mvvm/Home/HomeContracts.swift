//
//  HomeContracts.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

/// Navigation out of the module.
@MainActor
protocol HomeRouting: AnyObject {
  func showDetail(for item: HomeItem)
}
