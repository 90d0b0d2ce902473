//
//  HomeViewController.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import UIKit

/// A skinny controller: it asks the service, keeps the model and updates its views.
final class HomeViewController: UIViewController {
  private let service: any HomeServicing
  private(set) var items: [HomeItem] = []
  private let tableView = UITableView(frame: .zero, style: .plain)
  private let activityIndicator = UIActivityIndicatorView(style: .medium)
  /// The load started in viewDidLoad(), kept so that tests can wait for it.
  private(set) var loading: Task<Void, Never>?

  init(service: any HomeServicing) {
    self.service = service
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) {
    fatalError("init(coder:) is not supported")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Home"
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.dataSource = self
    tableView.delegate = self
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    view.addSubview(tableView)
    view.addSubview(activityIndicator)
    activityIndicator.startAnimating()
    loading = Task {
      do {
        display(items: try await service.fetchItems())
      } catch {
        showError(String(describing: error))
      }
    }
  }

  private func display(items: [HomeItem]) {
    activityIndicator.stopAnimating()
    self.items = items
    tableView.reloadData()
  }

  private func showError(_ message: String) {
    activityIndicator.stopAnimating()
    let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "OK", style: .default))
    present(alert, animated: true)
  }

  private func showDetail(for item: HomeItem) {
    // TODO: show the detail screen.
    let detail = UIViewController()
    detail.title = item.displayTitle
    navigationController?.pushViewController(detail, animated: true)
  }
}

// MARK: - UITableViewDataSource, UITableViewDelegate

extension HomeViewController: UITableViewDataSource, UITableViewDelegate {
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    items.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
    var content = cell.defaultContentConfiguration()
    content.text = items[indexPath.row].displayTitle
    cell.contentConfiguration = content
    return cell
  }

  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    showDetail(for: items[indexPath.row])
  }
}
