//
//  HomeBuilder.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import UIKit

/// Creates the module: the view owns the presenter, whose reference back to the view is weak.
@MainActor
enum HomeBuilder {
  static func build(service: any HomeServicing = HomeService()) -> UIViewController {
    let router = HomeRouter()
    let presenter = HomePresenter(service: service, router: router)
    let viewController = HomeViewController(presenter: presenter)
    presenter.view = viewController
    router.viewController = viewController
    return viewController
  }
}
