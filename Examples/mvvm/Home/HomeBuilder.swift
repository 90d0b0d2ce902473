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
  static func build(service: any HomeServicing = HomeService()) -> UIViewController {
    let router = HomeRouter()
    let viewModel = HomeViewModel(service: service, router: router)
    let viewController = HomeViewController(viewModel: viewModel)
    router.viewController = viewController
    return viewController
  }
}
