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
    XCTAssertTrue((module.viewController as? HomeViewController)?.viewModel === module.viewModel)
  }

  private func makeViewModel() -> (HomeViewModel, HomeServicingMock) {
    let service = HomeServicingMock()
    return (HomeViewModel(service: service), service)
  }

  func testViewDidLoadReachesTheViewModel() async {
    let (viewModel, service) = makeViewModel()
    service.fetchItemsReturnValue = [HomeItem(id: UUID(), title: "First")]
    let viewController = HomeViewController(viewModel: viewModel)
    viewController.loadViewIfNeeded()
    await viewModel.loading?.value
    XCTAssertTrue(service.fetchItemsCallCount == 1)
  }

  func testLoadingShowsTheItems() async {
    let (viewModel, service) = makeViewModel()
    service.fetchItemsReturnValue = [HomeItem(id: UUID(), title: "First")]
    viewModel.viewDidLoad()
    XCTAssertTrue(viewModel.isLoading)
    await viewModel.loading?.value
    XCTAssertTrue(!viewModel.isLoading)
    XCTAssertTrue(viewModel.items == [HomeItemViewModel(title: "First")])
    XCTAssertTrue(viewModel.errorMessage == nil)
  }

  func testFailureShowsTheError() async {
    struct LoadError: Error {}
    let (viewModel, service) = makeViewModel()
    service.fetchItemsError = LoadError()
    viewModel.viewDidLoad()
    await viewModel.loading?.value
    XCTAssertTrue(viewModel.errorMessage != nil)
    XCTAssertTrue(viewModel.items.isEmpty)
  }

  func testSelectingAnItemRoutesToItsDetail() async {
    let item = HomeItem(id: UUID(), title: "First")
    let (viewModel, service) = makeViewModel()
    service.fetchItemsReturnValue = [item]
    viewModel.viewDidLoad()
    await viewModel.loading?.value
    viewModel.didSelectItem(at: 0)
    XCTAssertTrue(viewModel.selectedItem == item)
  }
}
