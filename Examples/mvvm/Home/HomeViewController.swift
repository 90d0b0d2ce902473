//
//  HomeViewController.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Observation
import UIKit

/// Shows the view model's state and sends it the user's actions.
final class HomeViewController: UIViewController {
  let viewModel: HomeViewModel
  private let tableView = UITableView(frame: .zero, style: .plain)
  private let activityIndicator = UIActivityIndicatorView(style: .medium)
  private var shownError: String?

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
    title = "Home"
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.dataSource = self
    tableView.delegate = self
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    view.addSubview(tableView)
    view.addSubview(activityIndicator)
    bind()
    viewModel.viewDidLoad()
  }

  private func bind() {
    withObservationTracking {
      render()
    } onChange: { [weak self] in
      Task { @MainActor in self?.bind() }
    }
  }

  /// Brings the views up to date with the view model.
  private func render() {
    if viewModel.isLoading {
      activityIndicator.startAnimating()
    } else {
      activityIndicator.stopAnimating()
    }
    tableView.reloadData()
    if let message = viewModel.errorMessage, message != shownError {
      shownError = message
      let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
      alert.addAction(UIAlertAction(title: "OK", style: .default))
      present(alert, animated: true)
    }
    if let item = viewModel.selectedItem,
      navigationController?.viewControllers.last?.title != item.title
    {
      // TODO: show the detail screen.
      let detail = UIViewController()
      detail.title = item.title
      navigationController?.pushViewController(detail, animated: true)
    }
  }
}

// MARK: - UITableViewDataSource, UITableViewDelegate

extension HomeViewController: UITableViewDataSource, UITableViewDelegate {
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    viewModel.items.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
    var content = cell.defaultContentConfiguration()
    content.text = viewModel.items[indexPath.row].title
    cell.contentConfiguration = content
    return cell
  }

  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    viewModel.didSelectItem(at: indexPath.row)
  }
}
