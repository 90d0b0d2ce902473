//
//  HomeRouter.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import UIKit

@MainActor
final class HomeRouter: HomeRouterInput {
  weak var viewController: UIViewController?

  func showDetail(for item: HomeItem) {
    // TODO: build the detail module.
    let detail = UIViewController()
    detail.title = item.title
    viewController?.navigationController?.pushViewController(detail, animated: true)
  }
}
