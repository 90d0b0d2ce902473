//
//  HomeBuilder.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import UIKit

/// Creates the module: the controller with its loader and its service.
@MainActor
enum HomeBuilder {
  static func build(service: any HomeServicing = HomeService()) -> HomeViewController {
    HomeViewController(loader: HomeLoader(service: service))
  }
}
