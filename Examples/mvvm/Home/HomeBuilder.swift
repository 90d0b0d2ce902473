//
//  HomeBuilder.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import UIKit

/// Creates the module: the view owns the view model, the view model owns its service.
@MainActor
enum HomeBuilder {
  /// The parts of an assembled module, for tests.
  struct Module {
    let viewController: UIViewController
    let viewModel: HomeViewModel
  }

  static func build() -> UIViewController {
    assemble().viewController
  }

  static func assemble(service: any HomeServicing = HomeService()) -> Module {
    let viewModel = HomeViewModel(service: service)
    let viewController = HomeViewController(viewModel: viewModel)
    return Module(viewController: viewController, viewModel: viewModel)
  }
}
