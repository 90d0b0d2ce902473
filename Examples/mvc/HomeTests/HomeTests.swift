//
//  HomeTests.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation
import UIKit
import XCTest

@testable import App

@MainActor
final class HomeTests: XCTestCase {
  func testBuilderCreatesTheController() async {
    let service = HomeServicingMock()
    let controller = HomeBuilder.build(service: service)
    XCTAssertTrue(controller.title == nil)
  }

  func testLoadingShowsTheItems() async {
    let service = HomeServicingMock()
    service.fetchItemsReturnValue = [HomeItem(id: UUID(), title: "First")]
    let controller = HomeViewController(service: service)
    controller.loadViewIfNeeded()
    await controller.loading?.value
    XCTAssertTrue(service.fetchItemsCallCount == 1)
    XCTAssertTrue(controller.items.map(\.displayTitle) == ["First"])
    XCTAssertTrue(controller.presentedViewController == nil)
  }

  func testFailureShowsTheError() async {
    struct LoadError: Error {}
    let service = HomeServicingMock()
    service.fetchItemsError = LoadError()
    let controller = HomeViewController(service: service)
    controller.loadViewIfNeeded()
    await controller.loading?.value
    XCTAssertTrue(controller.items.isEmpty)
    XCTAssertTrue(controller.presentedViewController is UIAlertController)
  }

  func testSelectingAnItemShowsItsDetail() async {
    let service = HomeServicingMock()
    service.fetchItemsReturnValue = [HomeItem(id: UUID(), title: "First")]
    let controller = HomeViewController(service: service)
    let navigation = UINavigationController(rootViewController: controller)
    controller.loadViewIfNeeded()
    await controller.loading?.value
    controller.tableView(UITableView(frame: .zero, style: .plain), didSelectRowAt: IndexPath(row: 0, section: 0))
    XCTAssertTrue(navigation.viewControllers.count == 2)
    XCTAssertTrue(navigation.viewControllers.last?.title == "First")
  }

  func testModelFormatsUntitledItems() async {
    XCTAssertTrue(HomeItem(id: UUID(), title: "").displayTitle == "Untitled")
  }
}
