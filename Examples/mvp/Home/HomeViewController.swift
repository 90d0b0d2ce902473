//
//  HomeViewController.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import UIKit

/// A passive view: it forwards events to the presenter and shows what it is told.
final class HomeViewController: UIViewController {
  private let presenter: any HomePresenting
  private var items: [HomeItemViewModel] = []
  private let tableView = UITableView(frame: .zero, style: .plain)
  private let activityIndicator = UIActivityIndicatorView(style: .medium)

  init(presenter: any HomePresenting) {
    self.presenter = presenter
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
    presenter.viewDidLoad()
  }
}

// MARK: - HomeViewing

extension HomeViewController: HomeViewing {
  func display(items: [HomeItemViewModel]) {
    activityIndicator.stopAnimating()
    self.items = items
    tableView.reloadData()
  }

  func showLoading() {
    activityIndicator.startAnimating()
  }

  func showError(_ message: String) {
    activityIndicator.stopAnimating()
    let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "OK", style: .default))
    present(alert, animated: true)
  }

  func showDetail(for item: HomeItem) {
    // TODO: show the detail screen.
    let detail = UIViewController()
    detail.title = item.title
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
    content.text = items[indexPath.row].title
    cell.contentConfiguration = content
    return cell
  }

  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    presenter.didSelectItem(at: indexPath.row)
  }
}
