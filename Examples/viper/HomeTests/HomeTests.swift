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

  private func makePresenter() -> (
    HomePresenter, HomeViewInputMock, HomeInteractorInputMock, HomeRouterInputMock
  ) {
    let view = HomeViewInputMock()
    let interactor = HomeInteractorInputMock()
    let router = HomeRouterInputMock()
    let presenter = HomePresenter(interactor: interactor, router: router)
    presenter.view = view
    return (presenter, view, interactor, router)
  }

  // MARK: - Presenter

  func testLoadShowsLoadingThenTheItems() async throws {
    let (presenter, view, source, _) = makePresenter()
    source.fetchItemsReturnValue = items
    await presenter.load()
    XCTAssertEqual(view.displayReceivedInvocations, [.loading, .loaded(itemViewModels)])
  }

  func testLoadWithoutItemsShowsTheEmptyState() async throws {
    let (presenter, view, source, _) = makePresenter()
    source.fetchItemsReturnValue = []
    await presenter.load()
    XCTAssertEqual(view.displayReceivedInvocations, [.loading, .empty])
  }

  func testFailedLoadShowsItsMessageEveryTime() async throws {
    let (presenter, view, source, _) = makePresenter()
    source.fetchItemsError = LoadError()
    await presenter.load()
    await presenter.load()
    let failed = HomeLoadState.failed("The network is down.")
    XCTAssertEqual(view.displayReceivedInvocations, [.loading, failed, .loading, failed])
  }

  func testAnErrorWithNothingForUsersGetsAGeneralMessage() async throws {
    let (presenter, view, source, _) = makePresenter()
    source.fetchItemsError = OpaqueError()
    await presenter.load()
    XCTAssertEqual(view.displayReceivedArguments, .failed("Something went wrong. Please try again."))
  }

  func testReloadKeepsTheItemsOnScreen() async throws {
    let (presenter, view, source, _) = makePresenter()
    source.fetchItemsReturnValue = items
    await presenter.load()
    await presenter.load()
    XCTAssertEqual(view.displayReceivedInvocations, [.loading, .loaded(itemViewModels), .loaded(itemViewModels)])
  }

  func testFailedRefreshKeepsTheItemsAndSaysWhy() async throws {
    let (presenter, view, source, _) = makePresenter()
    source.fetchItemsReturnValue = items
    await presenter.load()
    source.fetchItemsError = LoadError()
    await presenter.load()
    XCTAssertEqual(view.displayReceivedArguments, .refreshFailed(itemViewModels, "The network is down."))
  }

  func testANewLoadReplacesTheOneInProgress() async throws {
    let (presenter, view, source, _) = makePresenter()
    source.fetchItemsClosure = {
      do {
        try await Task.sleep(for: .seconds(60))
      } catch {
        // Cancelled, it ends as URLSession's fetches do: not with CancellationError.
        throw URLError(.cancelled)
      }
      return []
    }
    let first = Task { await presenter.load() }
    let deadline = ContinuousClock.now + .seconds(1)
    while source.fetchItemsCallCount == 0, ContinuousClock.now < deadline { await Task.yield() }
    source.fetchItemsClosure = nil
    source.fetchItemsReturnValue = items
    await presenter.load()
    await first.value
    XCTAssertEqual(view.displayReceivedInvocations, [.loading, .loading, .loaded(itemViewModels)])
  }

  func testSelectingAnItemShowsItsDetailEveryTime() async throws {
    let (presenter, _, source, navigation) = makePresenter()
    source.fetchItemsReturnValue = items
    await presenter.load()
    presenter.didSelectItem(id: items[1].id)
    presenter.didSelectItem(id: items[1].id)
    XCTAssertEqual(navigation.showDetailForReceivedInvocations, [items[1], items[1]])
  }

  func testModuleOutputHearsAboutLoadedItems() async throws {
    let (presenter, _, interactor, _) = makePresenter()
    let output = HomeModuleOutputMock()
    presenter.moduleOutput = output
    interactor.fetchItemsReturnValue = items
    await presenter.load()
    XCTAssertEqual(output.homeModuleDidLoadReceivedArguments, items)
  }

  func testModuleInputLoadsAgain() async throws {
    let (presenter, _, interactor, _) = makePresenter()
    interactor.fetchItemsReturnValue = items
    let input: any HomeModuleInput = presenter
    input.reload()
    let deadline = ContinuousClock.now + .seconds(1)
    while interactor.fetchItemsCallCount == 0, ContinuousClock.now < deadline { await Task.yield() }
    XCTAssertEqual(interactor.fetchItemsCallCount, 1)
  }

  func testModuleInputWaitsForTheScreenToComeBack() async throws {
    let (presenter, _, interactor, _) = makePresenter()
    let output = HomeModuleOutputMock()
    presenter.moduleOutput = output
    interactor.fetchItemsReturnValue = items
    let input: any HomeModuleInput = presenter
    // The screen left: the reload waits.
    presenter.viewDidLeave()
    input.reload()
    for _ in 0..<10 { await Task.yield() }
    XCTAssertEqual(interactor.fetchItemsCallCount, 0)
    // The screen is back: the reload is done.
    presenter.viewDidAppear()
    let deadline = ContinuousClock.now + .seconds(1)
    while output.homeModuleDidLoadReceivedArguments == nil, ContinuousClock.now < deadline { await Task.yield() }
    XCTAssertEqual(interactor.fetchItemsCallCount, 1)
    XCTAssertEqual(output.homeModuleDidLoadReceivedArguments, items)
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
    let screen = try XCTUnwrap(HomeBuilder.build(service: service).viewController as? HomeViewController)
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
    let screen = try XCTUnwrap(HomeBuilder.build(service: service).viewController as? HomeViewController)
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
    let screen = try XCTUnwrap(HomeBuilder.build(service: service).viewController as? HomeViewController)
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
    let screen = try XCTUnwrap(HomeBuilder.build(service: service).viewController as? HomeViewController)
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
