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

/// The loader, the controller as its user sees it, and the model's formatting.
@MainActor
final class HomeTests: XCTestCase {
  private let items = [
    HomeItem(id: UUID(), title: "First"),
    HomeItem(id: UUID(), title: "Second"),
  ]

  /// A failure with a message for users.
  private struct LoadError: LocalizedError {
    var errorDescription: String? { "The network is down." }
  }

  /// A failure with nothing to tell users.
  private struct OpaqueError: Error {}

  /// The states a loader reported, in order.
  @MainActor
  private final class ReportedStates {
    var states: [HomeLoadState] = []
  }

  private func makeLoader() -> (HomeLoader, HomeServicingMock, ReportedStates) {
    let service = HomeServicingMock()
    let loader = HomeLoader(service: service)
    let reported = ReportedStates()
    loader.onChange = { reported.states.append($0) }
    return (loader, service, reported)
  }

  // MARK: - Loader

  func testLoadShowsLoadingThenTheItems() async throws {
    let (loader, service, _) = makeLoader()
    service.fetchItemsClosure = { @MainActor [items] in
      XCTAssertEqual(loader.state, .loading)
      return items
    }
    await loader.load()
    XCTAssertEqual(loader.state, .loaded(items))
  }

  func testLoadWithoutItemsShowsTheEmptyState() async throws {
    let (loader, service, _) = makeLoader()
    service.fetchItemsReturnValue = []
    await loader.load()
    XCTAssertEqual(loader.state, .empty)
  }

  func testFailedLoadShowsItsMessageEveryTime() async throws {
    let (loader, service, _) = makeLoader()
    service.fetchItemsClosure = { @MainActor in
      XCTAssertEqual(loader.state, .loading)
      throw LoadError()
    }
    await loader.load()
    XCTAssertEqual(loader.state, .failed("The network is down."))
    await loader.load()
    XCTAssertEqual(loader.state, .failed("The network is down."))
    XCTAssertEqual(service.fetchItemsCallCount, 2)
  }

  func testAnErrorWithNothingForUsersGetsAGeneralMessage() async throws {
    let (loader, service, _) = makeLoader()
    service.fetchItemsError = OpaqueError()
    await loader.load()
    XCTAssertEqual(loader.state, .failed(String(localized: "Something went wrong. Please try again.")))
  }

  func testReloadKeepsTheItemsOnScreen() async throws {
    let (loader, service, _) = makeLoader()
    service.fetchItemsReturnValue = items
    await loader.load()
    service.fetchItemsClosure = { @MainActor [items] in
      XCTAssertEqual(loader.state, .loaded(items))
      return items
    }
    await loader.load()
    XCTAssertEqual(loader.state, .loaded(items))
  }

  func testFailedRefreshKeepsTheItemsAndSaysWhy() async throws {
    let (loader, service, _) = makeLoader()
    service.fetchItemsReturnValue = items
    await loader.load()
    service.fetchItemsError = LoadError()
    await loader.load()
    XCTAssertEqual(loader.state, .refreshFailed(items, "The network is down."))
  }

  func testANewLoadReplacesTheOneInProgress() async throws {
    let (loader, service, _) = makeLoader()
    service.fetchItemsClosure = {
      do {
        try await Task.sleep(for: .seconds(60))
      } catch {
        // Cancelled, it ends as URLSession's fetches do: not with CancellationError.
        throw URLError(.cancelled)
      }
      return []
    }
    let first = Task { await loader.load() }
    let deadline = ContinuousClock.now + .seconds(1)
    while service.fetchItemsCallCount == 0, ContinuousClock.now < deadline { await Task.yield() }
    service.fetchItemsClosure = { @MainActor [items] in
      // The replaced load has ended, and shows nothing of how.
      await first.value
      XCTAssertEqual(loader.state, .loading)
      return items
    }
    await loader.load()
    XCTAssertEqual(loader.state, .loaded(items))
  }

  func testLoaderReportsEveryState() async throws {
    let (loader, service, reported) = makeLoader()
    service.fetchItemsReturnValue = items
    await loader.load()
    service.fetchItemsError = LoadError()
    await loader.load()
    XCTAssertEqual(reported.states, [.loading, .loaded(items), .refreshFailed(items, "The network is down.")])
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
    let screen = HomeBuilder.build(service: service)
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
    let screen = HomeBuilder.build(service: service)
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
    let screen = HomeBuilder.build(service: service)
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
    let screen = HomeBuilder.build(service: service)
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

  func testModelFormatsUntitledItems() async throws {
    XCTAssertEqual(HomeItem(id: UUID(), title: "").displayTitle, String(localized: "Untitled"))
  }
}
