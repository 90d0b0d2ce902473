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

/// The module's parts, and the module as its user sees it.
@MainActor
final class HomeTests: XCTestCase {
  private let items = [
    HomeItem(id: UUID(), title: "First"),
    HomeItem(id: UUID(), title: "Second"),
  ]

  private var itemViewModels: [HomeItemViewModel] {
    items.map { HomeItemViewModel(id: $0.id, title: $0.title) }
  }

  /// A failure with a message for users.
  private struct LoadError: LocalizedError {
    var errorDescription: String? { "The network is down." }
  }

  /// A failure with nothing to tell users.
  private struct OpaqueError: Error {}

  private func makeViewModel() -> (HomeViewModel, HomeServicingMock, HomeRoutingMock) {
    let service = HomeServicingMock()
    let navigation = HomeRoutingMock()
    return (HomeViewModel(service: service, router: navigation), service, navigation)
  }

  // MARK: - View model

  func testLoadShowsLoadingThenTheItems() async throws {
    let (viewModel, service, _) = makeViewModel()
    service.fetchItemsClosure = { @MainActor [items] in
      XCTAssertEqual(viewModel.state, .loading)
      return items
    }
    await viewModel.load()
    XCTAssertEqual(viewModel.state, .loaded(itemViewModels))
  }

  func testLoadWithoutItemsShowsTheEmptyState() async throws {
    let (viewModel, service, _) = makeViewModel()
    service.fetchItemsReturnValue = []
    await viewModel.load()
    XCTAssertEqual(viewModel.state, .empty)
  }

  func testFailedLoadShowsItsMessageEveryTime() async throws {
    let (viewModel, service, _) = makeViewModel()
    service.fetchItemsClosure = { @MainActor in
      XCTAssertEqual(viewModel.state, .loading)
      throw LoadError()
    }
    await viewModel.load()
    XCTAssertEqual(viewModel.state, .failed("The network is down."))
    await viewModel.load()
    XCTAssertEqual(viewModel.state, .failed("The network is down."))
    XCTAssertEqual(service.fetchItemsCallCount, 2)
  }

  func testAnErrorWithNothingForUsersGetsAGeneralMessage() async throws {
    let (viewModel, service, _) = makeViewModel()
    service.fetchItemsError = OpaqueError()
    await viewModel.load()
    XCTAssertEqual(viewModel.state, .failed(String(localized: "Something went wrong. Please try again.")))
  }

  func testReloadKeepsTheItemsOnScreen() async throws {
    let (viewModel, service, _) = makeViewModel()
    service.fetchItemsReturnValue = items
    await viewModel.load()
    service.fetchItemsClosure = { @MainActor [items, itemViewModels] in
      XCTAssertEqual(viewModel.state, .loaded(itemViewModels))
      return items
    }
    await viewModel.load()
    XCTAssertEqual(viewModel.state, .loaded(itemViewModels))
  }

  func testFailedRefreshKeepsTheItemsAndSaysWhy() async throws {
    let (viewModel, service, _) = makeViewModel()
    service.fetchItemsReturnValue = items
    await viewModel.load()
    service.fetchItemsError = LoadError()
    await viewModel.load()
    XCTAssertEqual(viewModel.state, .refreshFailed(itemViewModels, "The network is down."))
  }

  func testANewLoadReplacesTheOneInProgress() async throws {
    let (viewModel, service, _) = makeViewModel()
    service.fetchItemsClosure = {
      do {
        try await Task.sleep(for: .seconds(60))
      } catch {
        // Cancelled, it ends as URLSession's fetches do: not with CancellationError.
        throw URLError(.cancelled)
      }
      return []
    }
    let first = Task { await viewModel.load() }
    let deadline = ContinuousClock.now + .seconds(1)
    while service.fetchItemsCallCount == 0, ContinuousClock.now < deadline { await Task.yield() }
    service.fetchItemsClosure = { @MainActor [items] in
      // The replaced load has ended, and shows nothing of how.
      await first.value
      XCTAssertEqual(viewModel.state, .loading)
      return items
    }
    await viewModel.load()
    XCTAssertEqual(viewModel.state, .loaded(itemViewModels))
  }

  func testSelectingAnItemShowsItsDetailEveryTime() async throws {
    let (viewModel, service, navigation) = makeViewModel()
    service.fetchItemsReturnValue = items
    await viewModel.load()
    viewModel.didSelectItem(id: items[1].id)
    viewModel.didSelectItem(id: items[1].id)
    XCTAssertEqual(navigation.showDetailForReceivedInvocations, [items[1], items[1]])
  }

  // MARK: - Screen

  /// The view with an accessibility identifier, as UI tests find it.
  private func view<T: UIView>(_ identifier: String, in root: UIView) -> T? {
    if root.accessibilityIdentifier == identifier, let view = root as? T { return view }
    for subview in root.subviews {
      if let view: T = view(identifier, in: subview) { return view }
    }
    return nil
  }

  /// The titles of the rows a table shows.
  private func rowTitles(_ table: UITableView) -> [String?] {
    (0..<table.numberOfRows(inSection: 0)).map { row in
      let cell = table.dataSource?.tableView(table, cellForRowAt: IndexPath(row: row, section: 0))
      return (cell?.contentConfiguration as? UIListContentConfiguration)?.text
    }
  }

  func testScreenShowsTheItemsItLoaded() async throws {
    let service = HomeServicingMock()
    service.fetchItemsReturnValue = items
    let screen = try XCTUnwrap(HomeBuilder.build(service: service) as? HomeViewController)
    let navigation = UINavigationController(rootViewController: screen)
    screen.loadViewIfNeeded()
    await screen.loadTask?.value
    let table: UITableView = try XCTUnwrap(view("home.list", in: screen.view))
    let indicator: UIActivityIndicatorView = try XCTUnwrap(view("home.loading", in: screen.view))
    XCTAssertEqual(rowTitles(table), ["First", "Second"])
    XCTAssertTrue(!indicator.isAnimating)
    XCTAssertTrue(screen.contentUnavailableConfiguration == nil)
    XCTAssertEqual(navigation.viewControllers.count, 1)
  }

  func testScreenShowsWhyLoadingFailed() async throws {
    let service = HomeServicingMock()
    service.fetchItemsError = LoadError()
    let screen = try XCTUnwrap(HomeBuilder.build(service: service) as? HomeViewController)
    let navigation = UINavigationController(rootViewController: screen)
    screen.loadViewIfNeeded()
    await screen.loadTask?.value
    let configuration = try XCTUnwrap(screen.contentUnavailableConfiguration as? UIContentUnavailableConfiguration)
    XCTAssertEqual(configuration.secondaryText, "The network is down.")
    XCTAssertTrue(configuration.buttonProperties.primaryAction != nil)
    XCTAssertEqual(navigation.viewControllers.count, 1)
  }

  func testScreenKeepsItsItemsWhenARefreshFails() async throws {
    let service = HomeServicingMock()
    service.fetchItemsReturnValue = items
    let screen = try XCTUnwrap(HomeBuilder.build(service: service) as? HomeViewController)
    let navigation = UINavigationController(rootViewController: screen)
    screen.loadViewIfNeeded()
    await screen.loadTask?.value
    service.fetchItemsError = LoadError()
    let table: UITableView = try XCTUnwrap(view("home.list", in: screen.view))
    table.refreshControl?.sendActions(for: .valueChanged)
    await screen.loadTask?.value
    XCTAssertEqual(service.fetchItemsCallCount, 2)
    XCTAssertEqual(rowTitles(table), ["First", "Second"])
    XCTAssertEqual(screen.tableView(table, titleForHeaderInSection: 0), "Couldn't refresh. The network is down.")
    XCTAssertTrue(screen.contentUnavailableConfiguration == nil)
    XCTAssertEqual(navigation.viewControllers.count, 1)
  }

  func testSelectingARowShowsItsDetailEveryTime() async throws {
    let service = HomeServicingMock()
    service.fetchItemsReturnValue = items
    let screen = try XCTUnwrap(HomeBuilder.build(service: service) as? HomeViewController)
    let navigation = UINavigationController(rootViewController: screen)
    screen.loadViewIfNeeded()
    await screen.loadTask?.value
    let table: UITableView = try XCTUnwrap(view("home.list", in: screen.view))
    table.delegate?.tableView(table, didSelectRowAt: IndexPath(row: 0, section: 0))
    XCTAssertEqual(navigation.topViewController?.title, "First")
    navigation.popViewController(animated: false)
    table.delegate?.tableView(table, didSelectRowAt: IndexPath(row: 0, section: 0))
    XCTAssertEqual(navigation.viewControllers.count, 2)
  }
}
