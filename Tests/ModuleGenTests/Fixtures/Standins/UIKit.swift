// A stand-in for the parts of UIKit that generated modules use, so that they compile and their
// tests run on Linux. Signatures and isolation follow the real framework: a stand-in looser
// than UIKit would let code pass here that fails on iOS.
@_exported import Foundation

@MainActor
open class UIResponder: NSObject {}

public struct UIViewAutoresizing: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let flexibleWidth = UIViewAutoresizing(rawValue: 1 << 1)
  public static let flexibleHeight = UIViewAutoresizing(rawValue: 1 << 4)
}

@MainActor
open class UIView: UIResponder {
  open var frame: CGRect
  open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
  open var autoresizingMask: UIView.AutoresizingMask = []
  open private(set) var subviews: [UIView] = []
  open var isHidden = false

  public typealias AutoresizingMask = UIViewAutoresizing

  public init(frame: CGRect) {
    self.frame = frame
    super.init()
  }

  open func addSubview(_ view: UIView) { subviews.append(view) }
}

@MainActor
open class UIViewController: UIResponder {
  open var title: String?
  private var loadedView: UIView?
  open var view: UIView! {
    get {
      loadViewIfNeeded()
      return loadedView
    }
    set { loadedView = newValue }
  }
  open internal(set) weak var navigationController: UINavigationController?
  open private(set) var presentedViewController: UIViewController?

  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init()
  }

  public convenience override init() {
    self.init(nibName: nil, bundle: nil)
  }

  public required init?(coder: NSCoder) {
    super.init()
  }

  open func loadView() { loadedView = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844)) }

  open func viewDidLoad() {}

  open func loadViewIfNeeded() {
    guard loadedView == nil else { return }
    loadView()
    viewDidLoad()
  }

  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (@MainActor @Sendable () -> Void)? = nil
  ) {
    presentedViewController = viewControllerToPresent
    completion?()
  }

  open func dismiss(animated flag: Bool, completion: (@MainActor @Sendable () -> Void)? = nil) {
    presentedViewController = nil
    completion?()
  }
}

@MainActor
open class UINavigationController: UIViewController {
  open var viewControllers: [UIViewController] = []

  public init(rootViewController: UIViewController) {
    super.init(nibName: nil, bundle: nil)
    pushViewController(rootViewController, animated: false)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    viewController.navigationController = self
    viewControllers.append(viewController)
  }

  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    viewControllers.popLast()
  }
}

public enum UITableViewStyle: Int, Sendable {
  case plain, grouped, insetGrouped
}

@MainActor
public protocol UIContentConfiguration {}

public struct UIListContentConfiguration: UIContentConfiguration, Sendable {
  public var text: String?
  public var secondaryText: String?
}

@MainActor
open class UITableViewCell: UIView {
  open var contentConfiguration: (any UIContentConfiguration)?
  public let reuseIdentifier: String?

  public required init(style: Int = 0, reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: .zero)
  }

  open func defaultContentConfiguration() -> UIListContentConfiguration {
    UIListContentConfiguration()
  }
}

@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

@MainActor
public protocol UITableViewDelegate: NSObjectProtocol {
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
}

@MainActor
open class UITableView: UIView {
  public typealias Style = UITableViewStyle
  open weak var dataSource: (any UITableViewDataSource)?
  open weak var delegate: (any UITableViewDelegate)?
  private var registrations: [String: UITableViewCell.Type] = [:]

  public init(frame: CGRect, style: UITableView.Style) {
    super.init(frame: frame)
  }

  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    registrations[identifier] = cellClass as? UITableViewCell.Type
  }

  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
    -> UITableViewCell
  {
    (registrations[identifier] ?? UITableViewCell.self).init(style: 0, reuseIdentifier: identifier)
  }

  open func reloadData() {}
}

public enum UIActivityIndicatorViewStyle: Int, Sendable {
  case medium, large
}

@MainActor
open class UIActivityIndicatorView: UIView {
  public typealias Style = UIActivityIndicatorViewStyle
  open private(set) var isAnimating = false

  public init(style: UIActivityIndicatorView.Style) {
    super.init(frame: .zero)
  }

  open func startAnimating() { isAnimating = true }
  open func stopAnimating() { isAnimating = false }
}

@MainActor
open class UILabel: UIView {
  open var text: String?
}

@MainActor
open class UIButton: UIView {
  open var title: String?
}

public enum UIAlertControllerStyle: Int, Sendable {
  case actionSheet, alert
}

public enum UIAlertActionStyle: Int, Sendable {
  case `default`, cancel, destructive
}

@MainActor
open class UIAlertAction: NSObject {
  public typealias Style = UIAlertActionStyle
  public let title: String?
  public let style: UIAlertAction.Style

  public init(
    title: String?, style: UIAlertAction.Style, handler: (@MainActor (UIAlertAction) -> Void)? = nil
  ) {
    self.title = title
    self.style = style
    super.init()
  }
}

@MainActor
open class UIAlertController: UIViewController {
  public typealias Style = UIAlertControllerStyle
  open var message: String?
  open private(set) var actions: [UIAlertAction] = []

  public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style)
  {
    self.init(nibName: nil, bundle: nil)
    self.title = title
    self.message = message
  }

  open func addAction(_ action: UIAlertAction) { actions.append(action) }
}

extension IndexPath {
  public var row: Int { self[1] }
  public var section: Int { self[0] }
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
}
