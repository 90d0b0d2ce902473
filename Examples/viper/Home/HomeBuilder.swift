//
//  HomeBuilder.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import UIKit

/// Creates the module and wires its parts: the view owns the presenter, the presenter owns
/// the interactor and the router; the back references are weak.
@MainActor
enum HomeBuilder {
  /// The parts of an assembled module, for tests.
  struct Module {
    let viewController: UIViewController
    let presenter: HomePresenter
    let interactor: HomeInteractor
    let router: HomeRouter
  }

  static func build() -> UIViewController {
    assemble().viewController
  }

  static func assemble() -> Module {
    let interactor = HomeInteractor()
    let router = HomeRouter()
    let presenter = HomePresenter(interactor: interactor, router: router)
    interactor.output = presenter
    let viewController = HomeViewController(output: presenter)
    presenter.view = viewController
    router.viewController = viewController
    return Module(
      viewController: viewController, presenter: presenter, interactor: interactor, router: router)
  }
}
