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
    HomePresenter, HomeViewingMock, HomeServicingMock, HomeRoutingMock
  ) {
    let view = HomeViewingMock()
    let service = HomeServicingMock()
    let navigation = HomeRoutingMock()
    let presenter = HomePresenter(service: service, router: navigation)
    presenter.view = view
    return (presenter, view, service, navigation)
  }

  // MARK: - Presenter

  func testOpeningShowsLoadingThenTheItems() async throws {
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsReturnValue = items
    presenter.viewDidLoad()
    await presenter.loadTask?.value
    XCTAssertEqual(view.displayReceivedInvocations, [.loading, .loaded(itemViewModels)])
    XCTAssertTrue(presenter.loadTask == nil)
  }

  func testOpeningWithoutItemsShowsTheEmptyState() async throws {
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsReturnValue = []
    presenter.viewDidLoad()
    await presenter.loadTask?.value
    XCTAssertEqual(view.displayReceivedInvocations, [.loading, .empty])
  }

  func testFailedLoadShowsWhyAndTryingAgainLoads() async throws {
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsError = LoadError()
    presenter.viewDidLoad()
    await presenter.loadTask?.value
    service.fetchItemsError = nil
    service.fetchItemsReturnValue = items
    presenter.didTapRetry()
    await presenter.loadTask?.value
    let failed = HomeLoadState.failed("The network is down.")
    XCTAssertEqual(view.displayReceivedInvocations, [.loading, failed, .loading, .loaded(itemViewModels)])
  }

  func testAnErrorWithNothingForUsersGetsAGeneralMessage() async throws {
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsError = OpaqueError()
    presenter.viewDidLoad()
    await presenter.loadTask?.value
    XCTAssertEqual(view.displayReceivedArguments, .failed("Something went wrong. Please try again."))
  }

  func testPullToRefreshKeepsTheItemsOnScreen() async throws {
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsReturnValue = items
    presenter.viewDidLoad()
    await presenter.loadTask?.value
    presenter.didPullToRefresh()
    await presenter.loadTask?.value
    XCTAssertEqual(view.displayReceivedInvocations, [.loading, .loaded(itemViewModels), .loaded(itemViewModels)])
    XCTAssertEqual(view.endRefreshingCallCount, 1)
  }

  func testFailedRefreshKeepsTheItemsAndSaysWhy() async throws {
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsReturnValue = items
    presenter.viewDidLoad()
    await presenter.loadTask?.value
    service.fetchItemsError = LoadError()
    presenter.didPullToRefresh()
    await presenter.loadTask?.value
    XCTAssertEqual(view.displayReceivedArguments, .refreshFailed(itemViewModels, "The network is down."))
  }

  func testRequestsWhileLoadingJoinTheLoadInProgress() async throws {
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsReturnValue = items
    presenter.viewDidLoad()
    presenter.didTapRetry()
    presenter.didPullToRefresh()
    await presenter.loadTask?.value
    XCTAssertEqual(service.fetchItemsCallCount, 1)
    XCTAssertEqual(view.displayReceivedInvocations, [.loading, .loaded(itemViewModels)])
    XCTAssertEqual(view.endRefreshingCallCount, 1)
  }

  func testLeavingStopsTheLoad() async throws {
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsClosure = {
      do {
        try await Task.sleep(for: .seconds(60))
      } catch {
        // Cancelled, it ends as URLSession's fetches do: not with CancellationError.
        throw URLError(.cancelled)
      }
      return []
    }
    presenter.viewDidLoad()
    let load = try XCTUnwrap(presenter.loadTask)
    let deadline = ContinuousClock.now + .seconds(1)
    while service.fetchItemsCallCount == 0, ContinuousClock.now < deadline { await Task.yield() }
    presenter.viewDidLeave()
    await load.value
    XCTAssertTrue(load.isCancelled)
    XCTAssertTrue(presenter.loadTask == nil)
    XCTAssertEqual(view.displayReceivedInvocations, [.loading])
  }

  func testSelectingAnItemShowsItsDetailEveryTime() async throws {
    let (presenter, _, service, navigation) = makePresenter()
    service.fetchItemsReturnValue = items
    presenter.viewDidLoad()
    await presenter.loadTask?.value
    presenter.didSelectItem(id: items[1].id)
    presenter.didSelectItem(id: items[1].id)
    XCTAssertEqual(navigation.showDetailForReceivedInvocations, [items[1], items[1]])
  }

  // MARK: - View

  /// A screen that reports to a presenter spy, loaded.
  private func makeScreen() -> (HomeViewController, HomePresentingMock) {
    let presenter = HomePresentingMock()
    let screen = HomeViewController(presenter: presenter)
    screen.loadViewIfNeeded()
    return (screen, presenter)
  }

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

  func testScreenReportsThatItLoadedAndNothingElse() async throws {
    let (_, presenter) = makeScreen()
    XCTAssertEqual(presenter.viewDidLoadCallCount, 1)
    XCTAssertEqual(presenter.didTapRetryCallCount + presenter.didPullToRefreshCallCount, 0)
  }

  func testScreenShowsLoadingThenTheRowsItIsTold() async throws {
    let (screen, _) = makeScreen()
    let table: UITableView = try XCTUnwrap(view("home.list", in: screen.view))
    let indicator: UIActivityIndicatorView = try XCTUnwrap(view("home.loading", in: screen.view))
    screen.display(.loading)
    XCTAssertTrue(indicator.isAnimating)
    screen.display(.loaded(itemViewModels))
    XCTAssertEqual(rowTitles(table), ["First", "Second"])
    XCTAssertTrue(!indicator.isAnimating)
    XCTAssertTrue(screen.contentUnavailableConfiguration == nil)
  }

  func testScreenShowsWhyLoadingFailedWithAWayToTryAgain() async throws {
    let (screen, _) = makeScreen()
    screen.display(.failed("The network is down."))
    let configuration = try XCTUnwrap(screen.contentUnavailableConfiguration as? UIContentUnavailableConfiguration)
    XCTAssertEqual(configuration.secondaryText, "The network is down.")
    XCTAssertTrue(configuration.buttonProperties.primaryAction != nil)
  }

  func testScreenKeepsTheRowsItIsToldWhenARefreshFails() async throws {
    let (screen, _) = makeScreen()
    let table: UITableView = try XCTUnwrap(view("home.list", in: screen.view))
    screen.display(.refreshFailed(itemViewModels, "The network is down."))
    XCTAssertEqual(rowTitles(table), ["First", "Second"])
    XCTAssertEqual(screen.tableView(table, titleForHeaderInSection: 0), "Couldn't refresh. The network is down.")
    XCTAssertTrue(screen.contentUnavailableConfiguration == nil)
  }

  func testScreenReportsAPullAndEndsItsSpinnerWhenTold() async throws {
    let (screen, presenter) = makeScreen()
    let table: UITableView = try XCTUnwrap(view("home.list", in: screen.view))
    let refreshControl = try XCTUnwrap(table.refreshControl)
    refreshControl.beginRefreshing()
    refreshControl.sendActions(for: .valueChanged)
    XCTAssertEqual(presenter.didPullToRefreshCallCount, 1)
    XCTAssertTrue(refreshControl.isRefreshing)
    screen.endRefreshing()
    XCTAssertTrue(!refreshControl.isRefreshing)
  }

  func testSelectingARowReportsItsItem() async throws {
    let (screen, presenter) = makeScreen()
    let table: UITableView = try XCTUnwrap(view("home.list", in: screen.view))
    screen.display(.loaded(itemViewModels))
    table.delegate?.tableView(table, didSelectRowAt: IndexPath(row: 1, section: 0))
    XCTAssertEqual(presenter.didSelectItemIdReceivedInvocations, [items[1].id])
  }
}
