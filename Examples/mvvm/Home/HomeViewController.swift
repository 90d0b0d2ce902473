//
//  HomeViewController.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Observation
import UIKit

/// The module's view: it shows the view model's state and tells it what the user does.
final class HomeViewController: UIViewController {
  private let viewModel: HomeViewModel
  /// The load started last, kept so that tests can wait for it.
  private(set) var loadTask: Task<Void, Never>?
  private var items: [HomeItemViewModel] = []
  /// Why the last refresh failed, shown above the items it kept; nil when it did not.
  private var refreshFailure: String?
  private let tableView = UITableView(frame: .zero, style: .insetGrouped)
  private let activityIndicator = UIActivityIndicatorView(style: .large)
  private let refreshControl = UIRefreshControl()
  private static let cellIdentifier = "HomeCell"

  init(viewModel: HomeViewModel) {
    self.viewModel = viewModel
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) {
    fatalError("init(coder:) is not supported")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = String(localized: "Home", comment: "The title of the Home screen")
    view.backgroundColor = .systemBackground
    view.accessibilityIdentifier = "home"
    configureTableView()
    configureActivityIndicator()
    bind()
    reload()
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    // Dismissed, itself or with a container it is in (its navigation controller, a tab bar
    // controller that holds that), whose children are not being dismissed themselves.
    if sequence(first: self as UIViewController, next: { $0.parent }).contains(where: { $0.isBeingDismissed }) {
      didLeave()
    }
  }

  override func didMove(toParent parent: UIViewController?) {
    super.didMove(toParent: parent)
    // Taken off the navigation controller: popped, or with the screens above it
    // (`popToRootViewController`, a long press on the back button), where it does not
    // disappear itself.
    if parent == nil {
      didLeave()
    }
  }

  /// The screen has left for good: nobody waits for its items any more.
  private func didLeave() {
    loadTask?.cancel()
  }

  // MARK: - Showing the state

  /// Shows `state`: the loading indicator, the items (with why a refresh failed), or a message
  /// with what to do next.
  private func render(_ state: HomeLoadState) {
    if case .loading = state {
      activityIndicator.startAnimating()
    } else {
      activityIndicator.stopAnimating()
    }
    switch state {
    case .loaded(let items):
      self.items = items
      refreshFailure = nil
    case .refreshFailed(let items, let message):
      self.items = items
      refreshFailure = message
    case .idle, .loading, .empty, .failed:
      items = []
      refreshFailure = nil
    }
    tableView.reloadData()
    contentUnavailableConfiguration = unavailableConfiguration(for: state)
  }

  private func unavailableConfiguration(for state: HomeLoadState) -> UIContentUnavailableConfiguration? {
    switch state {
    case .idle, .loading, .loaded, .refreshFailed:
      return nil
    case .empty:
      var configuration = UIContentUnavailableConfiguration.empty()
      configuration.image = UIImage(systemName: "tray")
      configuration.text = String(localized: "Nothing Here Yet", comment: "Shown when there are no items")
      configuration.button = .filled()
      configuration.button.title = String(localized: "Refresh", comment: "A button that loads the items again")
      configuration.buttonProperties.primaryAction = UIAction { [weak self] _ in self?.reload() }
      return configuration
    case .failed(let message):
      var configuration = UIContentUnavailableConfiguration.empty()
      configuration.image = UIImage(systemName: "exclamationmark.triangle")
      configuration.text = String(localized: "Couldn't Load", comment: "Shown when the items could not be loaded")
      configuration.secondaryText = message
      configuration.button = .filled()
      configuration.button.title = String(localized: "Try Again", comment: "A button that tries to load the items again")
      configuration.buttonProperties.primaryAction = UIAction { [weak self] _ in self?.reload() }
      return configuration
    }
  }

  /// Loads: when the view loads, on pull to refresh, and when the user asks again. The load
  /// does not keep the screen alive, and stops when the screen leaves for good; only a load
  /// that a pull started ends the pull's spinner.
  private func reload(pulled: Bool = false) {
    let loader = viewModel
    loadTask = Task { [weak self] in
      await loader.load()
      if pulled { self?.refreshControl.endRefreshing() }
    }
  }

  // MARK: - Layout

  private func configureTableView() {
    tableView.translatesAutoresizingMaskIntoConstraints = false
    tableView.accessibilityIdentifier = "home.list"
    tableView.dataSource = self
    tableView.delegate = self
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
    refreshControl.addAction(
      UIAction { [weak self] _ in self?.reload(pulled: true) }, for: .valueChanged)
    tableView.refreshControl = refreshControl
    view.addSubview(tableView)
    NSLayoutConstraint.activate([
      tableView.topAnchor.constraint(equalTo: view.topAnchor),
      tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
      tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
    ])
  }

  private func configureActivityIndicator() {
    activityIndicator.translatesAutoresizingMaskIntoConstraints = false
    activityIndicator.accessibilityIdentifier = "home.loading"
    view.addSubview(activityIndicator)
    NSLayoutConstraint.activate([
      activityIndicator.centerXAnchor.constraint(equalTo: view.safeAreaLayoutGuide.centerXAnchor),
      activityIndicator.centerYAnchor.constraint(equalTo: view.safeAreaLayoutGuide.centerYAnchor),
    ])
  }

  // MARK: - Binding

  /// Shows the view model's state now and after every change. Observation reports a change
  /// before it is made, so the new state is read on the main actor's next turn.
  private func bind() {
    withObservationTracking {
      render(viewModel.state)
    } onChange: { [weak self] in
      Task { @MainActor in self?.bind() }
    }
  }
}

// MARK: - UITableViewDataSource

extension HomeViewController: UITableViewDataSource {
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    items.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
    var content = cell.defaultContentConfiguration()
    content.text = items[indexPath.row].title
    cell.contentConfiguration = content
    cell.accessoryType = .disclosureIndicator
    return cell
  }

  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    refreshFailure.map {
      String(localized: "Couldn't refresh. \($0)", comment: "Shown above the items when a refresh failed")
    }
  }
}

// MARK: - UITableViewDelegate

extension HomeViewController: UITableViewDelegate {
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    viewModel.didSelectItem(id: items[indexPath.row].id)
  }
}
