//
//  HomeBuilder.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import UIKit

/// The module as the module that shows it sees it: its screen, and what it can ask of it.
struct HomeModule {
  let viewController: UIViewController
  let input: any HomeModuleInput
}

/// Creates the module and wires it: the view owns the presenter, the presenter owns the
/// interactor and the router; the references back to the view are weak.
@MainActor
enum HomeBuilder {
  static func build(
    service: any HomeServicing = HomeService(), output: (any HomeModuleOutput)? = nil
  ) -> HomeModule {
    let router = HomeRouter()
    let presenter = HomePresenter(interactor: HomeInteractor(service: service), router: router)
    presenter.moduleOutput = output
    let viewController = HomeViewController(output: presenter)
    presenter.view = viewController
    router.viewController = viewController
    return HomeModule(viewController: viewController, input: presenter)
  }
}
