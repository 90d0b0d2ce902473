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
    XCTAssertTrue(module.interactor.output === module.presenter)
    XCTAssertTrue(module.router.viewController === module.viewController)
  }

  func testViewDidLoadReachesThePresenter() async {
    let output = HomeViewOutputMock()
    let viewController = HomeViewController(output: output)
    viewController.loadViewIfNeeded()
    XCTAssertEqual(output.viewDidLoadCallCount, 1)
  }

  private func makePresenter() -> (HomePresenter, HomeViewInputMock, HomeInteractorInputMock, HomeRouterInputMock) {
    let view = HomeViewInputMock()
    let interactor = HomeInteractorInputMock()
    let router = HomeRouterInputMock()
    let presenter = HomePresenter(interactor: interactor, router: router)
    presenter.view = view
    return (presenter, view, interactor, router)
  }

  func testLoadingShowsTheItems() async {
    let (presenter, view, interactor, _) = makePresenter()
    interactor.fetchItemsReturnValue = [HomeItem(id: UUID(), title: "First")]
    presenter.viewDidLoad()
    await presenter.loading?.value
    XCTAssertEqual(view.showLoadingCallCount, 1)
    XCTAssertEqual(interactor.fetchItemsCallCount, 1)
    XCTAssertEqual(view.displayItemsReceivedArguments, [HomeItemViewModel(title: "First")])
    XCTAssertEqual(view.showErrorCallCount, 0)
  }

  func testFailureShowsTheError() async {
    struct LoadError: Error {}
    let (presenter, view, interactor, _) = makePresenter()
    interactor.fetchItemsError = LoadError()
    presenter.viewDidLoad()
    await presenter.loading?.value
    XCTAssertEqual(view.showErrorCallCount, 1)
    XCTAssertEqual(view.displayItemsCallCount, 0)
  }

  func testSelectingAnItemRoutesToItsDetail() async {
    let item = HomeItem(id: UUID(), title: "First")
    let (presenter, _, interactor, router) = makePresenter()
    interactor.fetchItemsReturnValue = [item]
    presenter.viewDidLoad()
    await presenter.loading?.value
    presenter.didSelectItem(at: 0)
    XCTAssertEqual(router.showDetailForReceivedArguments, item)
  }
}
