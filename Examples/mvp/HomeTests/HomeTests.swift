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
  func testBuilderWiresEveryPart() async {
    let module = HomeBuilder.assemble()
    XCTAssertTrue(module.viewController is HomeViewController)
    XCTAssertTrue(module.presenter.view === module.viewController)
  }

  func testViewDidLoadReachesThePresenter() async {
    let presenter = HomePresentingMock()
    let viewController = HomeViewController(presenter: presenter)
    viewController.loadViewIfNeeded()
    XCTAssertTrue(presenter.viewDidLoadCallCount == 1)
  }

  private func makePresenter() -> (HomePresenter, HomeViewingMock, HomeServicingMock) {
    let view = HomeViewingMock()
    let service = HomeServicingMock()
    let presenter = HomePresenter(service: service)
    presenter.view = view
    return (presenter, view, service)
  }

  func testLoadingShowsTheItems() async {
    let (presenter, view, service) = makePresenter()
    service.fetchItemsReturnValue = [HomeItem(id: UUID(), title: "First")]
    presenter.viewDidLoad()
    await presenter.loading?.value
    XCTAssertTrue(view.showLoadingCallCount == 1)
    XCTAssertTrue(service.fetchItemsCallCount == 1)
    XCTAssertTrue(view.displayItemsReceivedArguments == [HomeItemViewModel(title: "First")])
  }

  func testFailureShowsTheError() async {
    struct LoadError: Error {}
    let (presenter, view, service) = makePresenter()
    service.fetchItemsError = LoadError()
    presenter.viewDidLoad()
    await presenter.loading?.value
    XCTAssertTrue(view.showErrorCallCount == 1)
    XCTAssertTrue(view.displayItemsCallCount == 0)
  }

  func testSelectingAnItemRoutesToItsDetail() async {
    let item = HomeItem(id: UUID(), title: "First")
    let (presenter, view, service) = makePresenter()
    service.fetchItemsReturnValue = [item]
    presenter.viewDidLoad()
    await presenter.loading?.value
    presenter.didSelectItem(at: 0)
    XCTAssertTrue(view.showDetailForReceivedArguments == item)
  }
}
