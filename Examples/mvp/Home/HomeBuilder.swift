//
//  HomeBuilder.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import UIKit

/// Creates the module and wires it: the view owns the presenter, the presenter's reference
/// back to the view is weak.
@MainActor
enum HomeBuilder {
  /// The parts of an assembled module, for tests.
  struct Module {
    let viewController: UIViewController
    let presenter: HomePresenter
  }

  static func build() -> UIViewController {
    assemble().viewController
  }

  static func assemble(service: any HomeServicing = HomeService()) -> Module {
    let presenter = HomePresenter(service: service)
    let viewController = HomeViewController(presenter: presenter)
    presenter.view = viewController
    return Module(viewController: viewController, presenter: presenter)
  }
}
