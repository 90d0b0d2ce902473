//
//  HomeRouter.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import UIKit

/// Navigation out of the module: it pushes onto the navigation controller of the module's view
/// controller, which it does not keep alive.
@MainActor
final class HomeRouter: HomeRouting {
  weak var viewController: UIViewController?

  func showDetail(for item: HomeItem) {
    // TODO: show the detail module instead of this placeholder.
    let detail = UIViewController()
    detail.title = item.title
    detail.view.backgroundColor = .systemBackground
    viewController?.navigationController?.pushViewController(detail, animated: true)
  }
}
