// A stand-in for the parts of UIKit that generated modules use, so that they compile and their
// tests run on Linux. Declarations keep Apple's signatures and isolation (README.md lists each one
// next to the real API): a stand-in looser than UIKit would let code pass here that fails on iOS.
// Where generated code depends on a behaviour, it is UIKit's: a view controller loads its view on
// first access; `present` does nothing unless the presenter is in a window and presents nothing
// yet; a table view shows what its data source said at the last `reloadData()`; dequeuing an
// unregistered cell identifier stops; constraints between views without a common ancestor stop.
// Declarations marked `@_spi(StandIn)` do not exist in UIKit: they let the scenario tests act as a
// user (pull to refresh, tap a content-unavailable button) and are invisible to generated code.
@_exported import Foundation

// MARK: - Basics

public typealias UIActionHandler = @MainActor (UIAction) -> Void

open class UIColor: NSObject, @unchecked Sendable {
  public let name: String

  init(name: String) {
    self.name = name
    super.init()
  }

  open class var systemBackground: UIColor { UIColor(name: "systemBackground") }
  open class var systemGroupedBackground: UIColor { UIColor(name: "systemGroupedBackground") }
  open class var label: UIColor { UIColor(name: "label") }
  open class var secondaryLabel: UIColor { UIColor(name: "secondaryLabel") }
}

open class UIImage: NSObject, @unchecked Sendable {
  public let systemName: String?

  /// An empty image.
  override public init() {
    systemName = nil
    super.init()
  }

  public init?(systemName name: String) {
    systemName = name
    super.init()
  }
}

@MainActor
open class UIResponder: NSObject {}

@MainActor
open class UIAction: NSObject {
  public let title: String
  public let image: UIImage?
  private let handler: UIActionHandler

  public init(
    title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
    discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
    state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
  ) {
    self.title = title
    self.image = image
    self.handler = handler
    super.init()
  }

  public struct Identifier: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }

  /// Runs the handler, as UIKit does when the user triggers the action.
  @_spi(StandIn) public func _perform() { handler(self) }
}

public enum UIMenuElement {
  public struct Attributes: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let disabled = Attributes(rawValue: 1 << 0)
    public static let destructive = Attributes(rawValue: 1 << 1)
  }

  public enum State: Int, Sendable {
    case off, on, mixed
  }
}

// MARK: - Views

@MainActor
open class UIView: UIResponder {
  open var frame: CGRect
  open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
  open var isHidden = false
  open var backgroundColor: UIColor?
  open var accessibilityIdentifier: String?
  open var accessibilityLabel: String?
  open var translatesAutoresizingMaskIntoConstraints = true
  open var autoresizingMask: UIView.AutoresizingMask = []
  open private(set) weak var superview: UIView?
  open private(set) var subviews: [UIView] = []

  public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
  }

  public init(frame: CGRect) {
    self.frame = frame
    super.init()
  }

  public convenience override init() { self.init(frame: .zero) }

  public required init?(coder: NSCoder) {
    frame = .zero
    super.init()
  }

  /// The window the view is in, if any: the end of its chain of superviews.
  open var window: UIWindow? {
    var view: UIView? = self
    while let current = view {
      if let window = current as? UIWindow { return window }
      view = current.superview
    }
    return nil
  }

  open func addSubview(_ view: UIView) {
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
  }

  open func removeFromSuperview() {
    superview?.subviews.removeAll { $0 === self }
    superview = nil
  }

  open func isDescendant(of view: UIView) -> Bool {
    var current: UIView? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.superview
    }
    return false
  }

  // Layout anchors.
  open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(view: self, name: "top") }
  open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(view: self, name: "bottom") }
  open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(view: self, name: "centerY") }
  open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(view: self, name: "leading") }
  open var trailingAnchor: NSLayoutXAxisAnchor {
    NSLayoutXAxisAnchor(view: self, name: "trailing")
  }
  open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(view: self, name: "centerX") }
  open var widthAnchor: NSLayoutDimension { NSLayoutDimension(view: self, name: "width") }
  open var heightAnchor: NSLayoutDimension { NSLayoutDimension(view: self, name: "height") }

  public private(set) lazy var safeAreaLayoutGuide = UILayoutGuide(owningView: self)

  /// What UIKit would log as unsatisfiable layout for this view: constrained while it still
  /// translates its autoresizing mask into constraints.
  @_spi(StandIn) public internal(set) var _layoutWarnings: [String] = []
  public private(set) lazy var layoutMarginsGuide = UILayoutGuide(owningView: self)
}

@MainActor
open class UILayoutGuide: NSObject {
  open private(set) weak var owningView: UIView?

  init(owningView: UIView) {
    self.owningView = owningView
    super.init()
  }

  open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(view: owningView, name: "top") }
  open var bottomAnchor: NSLayoutYAxisAnchor {
    NSLayoutYAxisAnchor(view: owningView, name: "bottom")
  }
  open var centerYAnchor: NSLayoutYAxisAnchor {
    NSLayoutYAxisAnchor(view: owningView, name: "centerY")
  }
  open var leadingAnchor: NSLayoutXAxisAnchor {
    NSLayoutXAxisAnchor(view: owningView, name: "leading")
  }
  open var trailingAnchor: NSLayoutXAxisAnchor {
    NSLayoutXAxisAnchor(view: owningView, name: "trailing")
  }
  open var centerXAnchor: NSLayoutXAxisAnchor {
    NSLayoutXAxisAnchor(view: owningView, name: "centerX")
  }
}

@MainActor
open class UIWindow: UIView {
  open private(set) var isKeyWindow = false

  open var rootViewController: UIViewController? {
    didSet {
      guard oldValue !== rootViewController else { return }
      if let oldValue {
        oldValue.beginAppearanceTransition(false)
        oldValue.viewIfLoaded?.removeFromSuperview()
      }
      if !isHidden { showRoot() }
    }
  }

  open func makeKeyAndVisible() {
    isKeyWindow = true
    isHidden = false
    showRoot()
  }

  private func showRoot() {
    guard let root = rootViewController, root.viewIfLoaded?.superview !== self else { return }
    addSubview(root.view)
    root.beginAppearanceTransition(true)
  }
}

// MARK: - Auto Layout

@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
  weak var view: UIView?
  let name: String

  init(view: UIView?, name: String) {
    self.view = view
    self.name = name
    super.init()
  }

  open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
    NSLayoutConstraint(first: self, second: anchor, constant: 0)
  }

  open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
    -> NSLayoutConstraint
  {
    NSLayoutConstraint(first: self, second: anchor, constant: c)
  }

  open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>)
    -> NSLayoutConstraint
  {
    NSLayoutConstraint(first: self, second: anchor, constant: 0)
  }

  open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
    NSLayoutConstraint(first: self, second: anchor, constant: 0)
  }
}

@MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
@MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

@MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
  open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
    NSLayoutConstraint(first: self, second: nil, constant: c)
  }
}

@MainActor
open class NSLayoutConstraint: NSObject {
  let firstView: UIView?
  let secondView: UIView?
  let summary: String
  open var constant: CGFloat

  init<T>(first: NSLayoutAnchor<T>, second: NSLayoutAnchor<T>?, constant: CGFloat) {
    firstView = first.view
    secondView = second?.view
    summary = "\(first.name) → \(second?.name ?? "constant")"
    self.constant = constant
    super.init()
  }

  /// Activating a constraint between views that share no ancestor stops, as in UIKit. A view
  /// constrained inside another that still translates its autoresizing mask gets the warning
  /// UIKit logs as unsatisfiable constraints.
  open var isActive = false {
    didSet {
      guard isActive, let first = firstView else { return }
      let second = secondView ?? first
      guard let ancestor = NSLayoutConstraint.commonAncestor(first, second) else {
        preconditionFailure(
          "Unable to activate constraint (\(summary)) because its views have no common ancestor"
        )
      }
      for view in [first, second]
      where view !== ancestor && view.translatesAutoresizingMaskIntoConstraints {
        view._layoutWarnings.append(
          "\(type(of: view)) is constrained (\(summary)) but translates its autoresizing mask into constraints"
        )
      }
    }
  }

  open class func activate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = true }
  }

  open class func deactivate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = false }
  }

  static func commonAncestor(_ a: UIView, _ b: UIView) -> UIView? {
    var view: UIView? = a
    while let candidate = view {
      if b.isDescendant(of: candidate) { return candidate }
      view = candidate.superview
    }
    return nil
  }

}

// MARK: - Controls

@MainActor
open class UIControl: UIView {
  public struct Event: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let touchUpInside = Event(rawValue: 1 << 6)
    public static let valueChanged = Event(rawValue: 1 << 12)
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
  }

  open var isEnabled = true
  private var actions: [(action: UIAction, events: Event)] = []

  public convenience init(frame: CGRect, primaryAction: UIAction?) {
    self.init(frame: frame)
    if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
  }

  open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
    actions.append((action, controlEvents))
  }

  open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {
    actions.removeAll { $0.action === action && $0.events == controlEvents }
  }

  open func sendActions(for controlEvents: UIControl.Event) {
    for entry in actions where !entry.events.intersection(controlEvents).isEmpty {
      entry.action._perform()
    }
  }
}

@MainActor
open class UIRefreshControl: UIControl {
  open private(set) var isRefreshing = false

  open func beginRefreshing() { isRefreshing = true }
  open func endRefreshing() { isRefreshing = false }

  /// What a user's pull does: the control starts refreshing and sends `.valueChanged`.
  @_spi(StandIn) public func _pull() {
    isRefreshing = true
    sendActions(for: .valueChanged)
  }
}

@MainActor
open class UIButton: UIControl {
  public struct Configuration: Sendable {
    public var title: String?
    public var subtitle: String?
    public var image: UIImage?

    public static func plain() -> Configuration { Configuration() }
    public static func filled() -> Configuration { Configuration() }
    public static func tinted() -> Configuration { Configuration() }
    public static func gray() -> Configuration { Configuration() }
    public static func borderless() -> Configuration { Configuration() }
    public static func borderedProminent() -> Configuration { Configuration() }
  }

  open var configuration: UIButton.Configuration?
  private var titles: [UInt: String] = [:]

  public convenience init(configuration: UIButton.Configuration, primaryAction: UIAction? = nil) {
    self.init(frame: .zero, primaryAction: primaryAction)
    self.configuration = configuration
  }

  open func setTitle(_ title: String?, for state: UIControl.State) {
    titles[state.rawValue] = title
  }
  open func title(for state: UIControl.State) -> String? { titles[state.rawValue] }
}

extension UIControl {
  public struct State: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let normal = State([])
    public static let highlighted = State(rawValue: 1 << 0)
    public static let disabled = State(rawValue: 1 << 1)
    public static let selected = State(rawValue: 1 << 2)
  }
}

@MainActor
open class UILabel: UIView {
  open var text: String?
  open var numberOfLines = 1
}

@MainActor
open class UIActivityIndicatorView: UIView {
  public enum Style: Int, Sendable {
    case medium = 100
    case large = 101
  }

  open private(set) var isAnimating = false
  /// As in UIKit: a stopped indicator is hidden while this is true (the default).
  open var hidesWhenStopped = true {
    didSet { updateHidden() }
  }

  public init(style: UIActivityIndicatorView.Style) {
    super.init(frame: .zero)
    updateHidden()
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  open func startAnimating() {
    isAnimating = true
    updateHidden()
  }

  open func stopAnimating() {
    isAnimating = false
    updateHidden()
  }

  private func updateHidden() {
    if hidesWhenStopped { isHidden = !isAnimating }
  }
}

// MARK: - Content configurations

@MainActor
@preconcurrency
public protocol UIContentConfiguration {}

public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
  public var text: String?
  public var secondaryText: String?
  public var image: UIImage?

  public static func cell() -> UIListContentConfiguration { UIListContentConfiguration() }
  public static func subtitleCell() -> UIListContentConfiguration { UIListContentConfiguration() }
  public static func valueCell() -> UIListContentConfiguration { UIListContentConfiguration() }
}

public struct UIContentUnavailableConfiguration: UIContentConfiguration {
  public var image: UIImage?
  public var text: String?
  public var secondaryText: String?
  public var button = UIButton.Configuration.plain()
  public var buttonProperties = ButtonProperties()

  public struct ButtonProperties {
    public var primaryAction: UIAction?
    public var isEnabled = true
  }

  public static func empty() -> UIContentUnavailableConfiguration {
    UIContentUnavailableConfiguration()
  }
  public static func loading() -> UIContentUnavailableConfiguration {
    UIContentUnavailableConfiguration()
  }
  public static func search() -> UIContentUnavailableConfiguration {
    UIContentUnavailableConfiguration()
  }
}

// MARK: - View controllers

@MainActor
open class UIViewController: UIResponder {
  open var title: String?
  open var contentUnavailableConfiguration: (any UIContentConfiguration)?
  private var loadedView: UIView?
  open internal(set) weak var parent: UIViewController?
  open private(set) weak var presentingViewController: UIViewController?
  private var isAppearing = false

  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init()
  }

  public convenience override init() { self.init(nibName: nil, bundle: nil) }

  public required init?(coder: NSCoder) { super.init() }

  /// Loads the view on first access, then calls `viewDidLoad()`.
  open var view: UIView! {
    get {
      loadViewIfNeeded()
      return loadedView
    }
    set { loadedView = newValue }
  }

  open var viewIfLoaded: UIView? { loadedView }
  open var isViewLoaded: Bool { loadedView != nil }

  open func loadView() { loadedView = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844)) }
  open func viewDidLoad() {}
  open func viewWillAppear(_ animated: Bool) {}
  open func viewDidAppear(_ animated: Bool) {}
  open func viewWillDisappear(_ animated: Bool) {}
  open func viewDidDisappear(_ animated: Bool) {}

  /// Called by a container before it adds this view controller (`parent`) or removes it (nil).
  open func willMove(toParent parent: UIViewController?) {}
  /// Called by a container once it has added this view controller (`parent`) or removed it
  /// (nil), after the transition.
  open func didMove(toParent parent: UIViewController?) {}

  /// True in the appearance callbacks of a view controller being pushed, and of one being
  /// popped; false otherwise.
  open var isMovingToParent: Bool { movingToParent }
  open var isMovingFromParent: Bool { movingFromParent }
  /// True in the appearance callbacks of the view controller being presented or dismissed
  /// itself, not of the children of a presented or dismissed container.
  open var isBeingPresented: Bool { beingPresented }
  open var isBeingDismissed: Bool { beingDismissed }
  var movingToParent = false
  var movingFromParent = false
  private var beingPresented = false
  private var beingDismissed = false

  open func loadViewIfNeeded() {
    guard loadedView == nil else { return }
    loadView()
    viewDidLoad()
  }

  /// The nearest ancestor that is a navigation controller.
  open var navigationController: UINavigationController? {
    var current = parent
    while let candidate = current {
      if let navigation = candidate as? UINavigationController { return navigation }
      current = candidate.parent
    }
    return nil
  }

  /// Appearance callbacks, as a container or window sends them.
  func beginAppearanceTransition(_ appearing: Bool) {
    guard appearing != isAppearing else { return }
    isAppearing = appearing
    if appearing {
      loadViewIfNeeded()
      viewWillAppear(false)
      viewDidAppear(false)
    } else {
      viewWillDisappear(false)
      viewDidDisappear(false)
    }
    for child in visibleChildren { child.beginAppearanceTransition(appearing) }
  }

  var visibleChildren: [UIViewController] { [] }

  /// Whether the view controller's view is in a window: UIKit presents only from these.
  var isInWindowHierarchy: Bool { viewIfLoaded?.window != nil }

  /// The view controller presented by this one or by one of its ancestors.
  open var presentedViewController: UIViewController? {
    presented ?? parent?.presentedViewController
  }
  private var presented: UIViewController?

  /// Presents from the root of the view controller's hierarchy. As in UIKit, nothing happens
  /// (but a logged warning) when the presenter is not in a window or already presents.
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (@MainActor @Sendable () -> Void)? = nil
  ) {
    var root: UIViewController = self
    while let parent = root.parent { root = parent }
    guard let window = viewIfLoaded?.window, root.presented == nil else {
      _presentationWarnings.append(
        "Attempt to present \(type(of: viewControllerToPresent)) on \(type(of: self)) whose view is not in the window hierarchy or which is already presenting"
      )
      return
    }
    root.presented = viewControllerToPresent
    viewControllerToPresent.presentingViewController = root
    window.addSubview(viewControllerToPresent.view)
    viewControllerToPresent.beingPresented = true
    viewControllerToPresent.beginAppearanceTransition(true)
    viewControllerToPresent.beingPresented = false
    completion?()
  }

  /// Dismisses what this view controller (or its root) presents, or, for a presented view
  /// controller, itself.
  open func dismiss(animated flag: Bool, completion: (@MainActor @Sendable () -> Void)? = nil) {
    var root: UIViewController = self
    while let parent = root.parent { root = parent }
    let presenter = root.presented == nil ? root.presentingViewController : root
    guard let presenter, let shown = presenter.presented else { return }
    shown.beingDismissed = true
    shown.beginAppearanceTransition(false)
    shown.beingDismissed = false
    shown.viewIfLoaded?.removeFromSuperview()
    shown.presentingViewController = nil
    presenter.presented = nil
    completion?()
  }

  /// Presentations UIKit refused, with the warning it logs.
  @_spi(StandIn) public internal(set) var _presentationWarnings: [String] = []
}

@MainActor
open class UINavigationController: UIViewController {
  open private(set) var viewControllers: [UIViewController] = []

  public init(rootViewController: UIViewController) {
    super.init(nibName: nil, bundle: nil)
    pushViewController(rootViewController, animated: false)
  }

  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  open var topViewController: UIViewController? { viewControllers.last }
  open var visibleViewController: UIViewController? {
    topViewController?.presentedViewController ?? topViewController
  }

  override var visibleChildren: [UIViewController] { topViewController.map { [$0] } ?? [] }

  open override func loadView() {
    super.loadView()
    if let top = topViewController { view.addSubview(top.view) }
  }

  /// Pushing a view controller that is already on the stack stops, as in UIKit. The pushed
  /// controller will move to the navigation controller, and did once it is shown.
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    precondition(
      !viewControllers.contains { $0 === viewController },
      "Pushing the same view controller instance more than once is not supported")
    let previous = topViewController
    viewController.willMove(toParent: self)
    viewController.parent = self
    viewControllers.append(viewController)
    viewController.movingToParent = true
    show(viewController, replacing: previous)
    viewController.movingToParent = false
    viewController.didMove(toParent: self)
  }

  /// Replaces the stack, as in UIKit: the controllers that leave it are moving from their
  /// parent when they disappear, a new top is moving to it when it appears; those that leave
  /// move to no parent, those that arrive to this one. One controller twice in the stack stops.
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    precondition(
      viewControllers.indices.allSatisfy { index in
        !viewControllers[..<index].contains { $0 === viewControllers[index] }
      }, "A view controller can be in a navigation stack only once")
    let previous = topViewController
    let leaving = self.viewControllers.filter { old in !viewControllers.contains { $0 === old } }
    let arriving = viewControllers.filter { new in !self.viewControllers.contains { $0 === new } }
    for controller in leaving { controller.willMove(toParent: nil) }
    for controller in arriving {
      controller.willMove(toParent: self)
      controller.parent = self
    }
    self.viewControllers = viewControllers
    let top = topViewController
    if top !== previous {
      top?.movingToParent = arriving.contains { $0 === top }
      previous?.movingFromParent = leaving.contains { $0 === previous }
      show(top, replacing: previous)
      top?.movingToParent = false
      previous?.movingFromParent = false
    }
    for controller in leaving {
      controller.parent = nil
      controller.didMove(toParent: nil)
    }
    for controller in arriving { controller.didMove(toParent: self) }
  }

  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    guard viewControllers.count > 1 else { return nil }
    return pop(above: viewControllers.count - 2).last
  }

  /// Pops every controller above the root, as in UIKit: only the top one disappears (moving
  /// from its parent); the others were not on screen and get no appearance callbacks. Each
  /// popped controller moves to no parent.
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [UIViewController]? {
    guard viewControllers.count > 1 else { return nil }
    return pop(above: 0)
  }

  /// Pops the controllers above `viewController` (what a long press on the back button
  /// does), as `popToRootViewController(animated:)` pops; one that is not on the stack stops.
  @discardableResult
  open func popToViewController(_ viewController: UIViewController, animated: Bool)
    -> [UIViewController]?
  {
    guard let index = viewControllers.firstIndex(where: { $0 === viewController }) else {
      preconditionFailure("Tried to pop to a view controller that doesn't exist.")
    }
    return pop(above: index)
  }

  /// Takes the controllers above `index` off the stack: the top one disappears, the new top
  /// appears, and every one taken off moves to no parent.
  private func pop(above index: Int) -> [UIViewController] {
    let popped = Array(viewControllers[(index + 1)...])
    guard let top = popped.last else { return [] }
    for controller in popped { controller.willMove(toParent: nil) }
    viewControllers.removeSubrange((index + 1)...)
    top.movingFromParent = true
    show(topViewController, replacing: top)
    top.movingFromParent = false
    for controller in popped {
      controller.parent = nil
      controller.didMove(toParent: nil)
    }
    return popped
  }

  private func show(_ new: UIViewController?, replacing old: UIViewController?) {
    showChild(new, replacing: old)
  }
}

/// A container that shows one of its children, the selected one (the first, unless another is
/// selected). As in UIKit, its children move to it when they become its tabs and to no parent
/// when they stop being its tabs; only the selected one's view is in its view, and only that one
/// appears and disappears with it. Dismissing it dismisses none of its children themselves:
/// their `isBeingDismissed` stays false.
@MainActor
open class UITabBarController: UIViewController {
  open var viewControllers: [UIViewController]? {
    get { tabs }
    set { setViewControllers(newValue, animated: false) }
  }
  private var tabs: [UIViewController]?

  open var selectedViewController: UIViewController? {
    get { selected }
    set {
      guard let newValue, tabs?.contains(where: { $0 === newValue }) == true,
        newValue !== selected
      else { return }
      show(newValue, replacing: selected)
    }
  }
  private weak var selected: UIViewController?

  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
    let old = tabs ?? []
    let new = viewControllers ?? []
    let leaving = old.filter { tab in !new.contains { $0 === tab } }
    let arriving = new.filter { tab in !old.contains { $0 === tab } }
    for controller in leaving { controller.willMove(toParent: nil) }
    for controller in arriving {
      controller.willMove(toParent: self)
      controller.parent = self
    }
    tabs = viewControllers
    if let selected, new.contains(where: { $0 === selected }) {
    } else {
      show(new.first, replacing: selected)
    }
    for controller in leaving {
      controller.parent = nil
      controller.didMove(toParent: nil)
    }
    for controller in arriving { controller.didMove(toParent: self) }
  }

  override var visibleChildren: [UIViewController] { selected.map { [$0] } ?? [] }

  open override func loadView() {
    super.loadView()
    if let selected { view.addSubview(selected.view) }
  }

  private func show(_ new: UIViewController?, replacing old: UIViewController?) {
    selected = new
    showChild(new, replacing: old)
  }
}

extension UIViewController {
  /// A container's visible child changes: the old one's view leaves the container's and the
  /// new one's joins it, each told of its appearance while the container is in a window (not
  /// UIKit API: what UINavigationController and UITabBarController share here).
  fileprivate func showChild(_ new: UIViewController?, replacing old: UIViewController?) {
    guard let container = viewIfLoaded else { return }
    let visible = container.window != nil
    if let old {
      if visible { old.beginAppearanceTransition(false) }
      old.viewIfLoaded?.removeFromSuperview()
    }
    if let new {
      container.addSubview(new.view)
      if visible { new.beginAppearanceTransition(true) }
    }
  }
}

// MARK: - Table views

@MainActor
open class UIScrollView: UIView {
  open var refreshControl: UIRefreshControl? {
    didSet {
      oldValue?.removeFromSuperview()
      if let refreshControl { addSubview(refreshControl) }
    }
  }
}

@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
  func numberOfSections(in tableView: UITableView) -> Int
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
}

extension UITableViewDataSource {
  public func numberOfSections(in tableView: UITableView) -> Int { 1 }
  public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }
}

@MainActor
public protocol UITableViewDelegate: NSObjectProtocol {
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
}

@MainActor
open class UITableView: UIScrollView {
  public enum Style: Int, Sendable {
    case plain, grouped, insetGrouped
  }

  public enum ScrollPosition: Int, Sendable {
    case none, top, middle, bottom
  }

  open weak var dataSource: (any UITableViewDataSource)?
  open weak var delegate: (any UITableViewDelegate)?
  open var backgroundView: UIView?
  open private(set) var indexPathForSelectedRow: IndexPath?
  private var registrations: [String: AnyClass] = [:]
  /// Row counts as the data source gave them at the last reload; nil until the first one.
  private var rowCounts: [Int]?
  /// Section header titles as the data source gave them at the last reload.
  private var headerTitles: [String?] = []

  public init(frame: CGRect, style: UITableView.Style) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    registrations[identifier] = cellClass
  }

  /// Dequeuing an identifier that was never registered stops, as in UIKit.
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
    -> UITableViewCell
  {
    guard let cellClass = registrations[identifier] else {
      preconditionFailure(
        "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier"
      )
    }
    precondition(
      cellClass == UITableViewCell.self,
      "the stand-in dequeues UITableViewCell itself; register it, not a subclass")
    return UITableViewCell(style: .default, reuseIdentifier: identifier)
  }

  /// Asks the data source again; until then the table shows what it said before.
  open func reloadData() {
    guard let dataSource else {
      rowCounts = []
      headerTitles = []
      return
    }
    let sections = 0..<dataSource.numberOfSections(in: self)
    rowCounts = sections.map { dataSource.tableView(self, numberOfRowsInSection: $0) }
    headerTitles = sections.map { dataSource.tableView(self, titleForHeaderInSection: $0) }
  }

  /// The title the header of a section shows: what the data source said at the last reload.
  @_spi(StandIn) public func _headerTitle(inSection section: Int) -> String? {
    if rowCounts == nil { reloadData() }
    return headerTitles.indices.contains(section) ? headerTitles[section] : nil
  }

  open var numberOfSections: Int {
    if rowCounts == nil { reloadData() }
    return rowCounts?.count ?? 0
  }

  open func numberOfRows(inSection section: Int) -> Int {
    if rowCounts == nil { reloadData() }
    return rowCounts?[section] ?? 0
  }

  open func selectRow(
    at indexPath: IndexPath?, animated: Bool, scrollPosition: UITableView.ScrollPosition
  ) {
    indexPathForSelectedRow = indexPath
  }

  open func deselectRow(at indexPath: IndexPath, animated: Bool) {
    if indexPathForSelectedRow == indexPath { indexPathForSelectedRow = nil }
  }

  /// The cell the data source makes for a row the table shows.
  @_spi(StandIn) public func _cell(at indexPath: IndexPath) -> UITableViewCell? {
    guard indexPath.section < numberOfSections,
      indexPath.row < numberOfRows(inSection: indexPath.section)
    else { return nil }
    return dataSource?.tableView(self, cellForRowAt: indexPath)
  }

  /// What a user's tap on a row does: select it, then tell the delegate.
  @_spi(StandIn) public func _tapRow(at indexPath: IndexPath) {
    precondition(
      indexPath.section < numberOfSections
        && indexPath.row < numberOfRows(inSection: indexPath.section),
      "there is no row \(indexPath.row) on screen")
    selectRow(at: indexPath, animated: false, scrollPosition: .none)
    delegate?.tableView(self, didSelectRowAt: indexPath)
  }
}

@MainActor
open class UITableViewCell: UIView {
  public enum CellStyle: Int, Sendable {
    case `default`, value1, value2, subtitle
  }

  public enum AccessoryType: Int, Sendable {
    case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
  }

  open var contentConfiguration: (any UIContentConfiguration)?
  open var accessoryType: UITableViewCell.AccessoryType = .none
  open private(set) var reuseIdentifier: String?

  public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: .zero)
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  open func defaultContentConfiguration() -> UIListContentConfiguration {
    UIListContentConfiguration()
  }
}

extension IndexPath {
  public var row: Int { self[1] }
  public var section: Int { self[0] }
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
}

// MARK: - Previews

@freestanding(declaration)
public macro Preview(
  _ name: String? = nil, body: @escaping @MainActor () -> UIViewController
) = #externalMacro(module: "PreviewsMacros", type: "UIKitViewControllerPreview")
