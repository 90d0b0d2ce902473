// How the stand-in runs hosted views, as SwiftUI does: evaluate bodies under observation
// tracking, keep state by the view's structural identity, start and cancel tasks as views appear
// and disappear, push navigation destinations whose item is set, and render again after a change.

/// The views of one hosting controller.
@MainActor
final class ViewGraph {
  var root: (() -> any View)?
  var isVisible = false
  private(set) var rendered = RenderedNode(kind: "Screen")
  private var renderScheduled = false

  private var stateLocations: [String: AnyObject] = [:]
  private var stateObjects: [String: AnyObject] = [:]
  private var subscriptions: [String: AnyCancellable] = [:]
  /// The `onReceive` modifiers of the last render, by the view's identity.
  private var receivers: [String: ReceiveRecord] = [:]
  /// How many times an `onReceive` subscribed to its publisher.
  private(set) var receiveSubscriptions = 0
  private var tasks: [String: (id: (any Equatable)?, task: Task<Void, Never>)] = [:]
  private var appeared: [String: (() -> Void)?] = [:]

  /// What SwiftUI would log: state written before install, destinations outside a stack.
  static var warnings: [String] = []

  /// Renders again on the next turn of the main actor, once however many changes come first.
  func setNeedsRender() {
    guard !renderScheduled else { return }
    renderScheduled = true
    Task { @MainActor [weak self] in
      guard let self, self.renderScheduled else { return }
      self.render()
    }
  }

  func render() {
    renderScheduled = false
    guard let root else { return }
    let pass = RenderPass(graph: self)
    let screen = Scope(parent: nil)
    screen.isVisible = isVisible
    let nodes = withObservationTracking {
      pass.render(root(), RenderContext(path: "root", scope: screen))
    } onChange: { [weak self] in
      Task { @MainActor in self?.setNeedsRender() }
    }
    rendered = RenderedNode(kind: "Screen", children: nodes)
    commit(pass)
  }

  // MARK: - Identity-keyed storage

  func stateLocation<Value>(_ key: String, initial: Value) -> StateLocation<Value> {
    if let location = stateLocations[key] as? StateLocation<Value> { return location }
    let location = StateLocation(initial, graph: self)
    stateLocations[key] = location
    return location
  }

  func stateObject<Object: AnyObject>(_ key: String, make: () -> Object) -> Object {
    if let object = stateObjects[key] as? Object { return object }
    let object = make()
    stateObjects[key] = object
    return object
  }

  // MARK: - Committing a pass

  private func commit(_ pass: RenderPass) {
    // State and objects of views that left the hierarchy are gone, as in SwiftUI.
    stateLocations = stateLocations.filter { pass.installed.contains($0.key) }
    stateObjects = stateObjects.filter { pass.installed.contains($0.key) }
    // An `onReceive` given another publisher than the last render's subscribes to it instead.
    for (key, receiver) in pass.receivers {
      if let earlier = receivers[key], !receiver.isSame(earlier.publisher) {
        pass.resubscribe.insert(key)
      }
    }
    receivers = pass.receivers
    for (key, subscribe) in pass.subscriptions
    where subscriptions[key] == nil || pass.resubscribe.contains(key) {
      subscriptions[key] = subscribe()
      if pass.receivers[key] != nil { receiveSubscriptions += 1 }
    }
    for key in subscriptions.keys where pass.subscriptions[key] == nil {
      subscriptions[key] = nil
    }

    var visibleTasks: Set<String> = []
    for request in pass.tasks where request.scope.isEffectivelyVisible {
      visibleTasks.insert(request.key)
      if let running = tasks[request.key] {
        if sameID(running.id, request.id) { continue }
        running.task.cancel()
      }
      let action = request.action
      tasks[request.key] = (request.id, Task { await action() })
    }
    for (key, running) in tasks where !visibleTasks.contains(key) {
      running.task.cancel()
      tasks[key] = nil
    }

    var visibleAppearances: Set<String> = []
    for request in pass.appearances where request.scope.isEffectivelyVisible {
      visibleAppearances.insert(request.key)
      if appeared[request.key] == nil {
        appeared[request.key] = .some(request.onDisappear)
        request.onAppear?()
      }
    }
    for (key, onDisappear) in appeared where !visibleAppearances.contains(key) {
      appeared[key] = nil
      onDisappear?()
    }
  }

  private func sameID(_ a: (any Equatable)?, _ b: (any Equatable)?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    func equal<T: Equatable>(_ lhs: T, _ rhs: any Equatable) -> Bool { (rhs as? T) == lhs }
    return equal(a, b)
  }
}

/// Whether the views rendered in it are on screen: not when the host is not, nor when a
/// navigation destination covers them.
@MainActor
final class Scope {
  let parent: Scope?
  var isVisible = true
  init(parent: Scope?) { self.parent = parent }
  var isEffectivelyVisible: Bool { isVisible && (parent?.isEffectivelyVisible ?? true) }
}

/// The destinations declared inside one NavigationStack's root.
@MainActor
final class NavigationFrame {
  var destinations: [NavigationDestinationRecord] = []
}

@MainActor
struct RenderContext {
  var path: String
  var scope: Scope
  var stack: NavigationFrame?
  var refresh: (@Sendable () async -> Void)?

  init(path: String, scope: Scope) {
    self.path = path
    self.scope = scope
  }

  func appending(_ component: String) -> RenderContext {
    var copy = self
    copy.path += "/" + component
    return copy
  }
}

/// One evaluation of the hierarchy: what it found, committed afterwards.
@MainActor
final class RenderPass {
  struct TaskRequest {
    let key: String
    let id: (any Equatable)?
    let action: @Sendable () async -> Void
    let scope: Scope
  }

  struct AppearanceRequest {
    let key: String
    let onAppear: (() -> Void)?
    let onDisappear: (() -> Void)?
    let scope: Scope
  }

  unowned let graph: ViewGraph
  var installed: Set<String> = []
  var subscriptions: [String: () -> AnyCancellable] = [:]
  var receivers: [String: ReceiveRecord] = [:]
  /// Subscriptions to replace, because the object may have changed (`@ObservedObject`).
  var resubscribe: Set<String> = []
  var tasks: [TaskRequest] = []
  var appearances: [AppearanceRequest] = []

  init(graph: ViewGraph) { self.graph = graph }

  func render(_ view: any View, _ context: RenderContext) -> [RenderedNode] {
    if let primitive = view as? any PrimitiveRendering {
      return primitive.render(in: self, context)
    }
    return renderComposed(view, context)
  }

  private func renderComposed<V: View>(_ view: V, _ context: RenderContext) -> [RenderedNode] {
    for child in Mirror(reflecting: view).children {
      if let property = child.value as? any GraphInstallable {
        property.install(in: self, key: context.path + "." + (child.label ?? "_"))
      }
    }
    return render(view.body, context.appending(String(describing: V.self)))
  }

  func invalidate() { graph.setNeedsRender() }
}

// MARK: - Dynamic properties

@MainActor
protocol GraphInstallable {
  func install(in pass: RenderPass, key: String)
}

extension State: GraphInstallable {
  func install(in pass: RenderPass, key: String) {
    pass.installed.insert(key)
    storage.location = pass.graph.stateLocation(key, initial: storage.initial)
  }
}

extension ObservedObject: GraphInstallable {
  func install(in pass: RenderPass, key: String) {
    let object = wrappedValue
    pass.resubscribe.insert(key)
    pass.subscriptions[key] = { [weak graph = pass.graph] in
      object.objectWillChange.sink { _ in graph?.setNeedsRender() }
    }
  }
}

extension StateObject: GraphInstallable {
  func install(in pass: RenderPass, key: String) {
    pass.installed.insert(key)
    let object = pass.graph.stateObject(key) { storage.object ?? storage.make() }
    storage.object = object
    pass.subscriptions[key] = { [weak graph = pass.graph] in
      object.objectWillChange.sink { _ in graph?.setNeedsRender() }
    }
  }
}

// MARK: - Primitive views

@MainActor
protocol PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode]
}

extension EmptyView: PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] { [] }
}

extension TupleView: PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    Mirror(reflecting: value).children.enumerated().flatMap { index, child -> [RenderedNode] in
      guard let view = child.value as? any View else { return [] }
      return pass.render(view, context.appending("\(index)"))
    }
  }
}

extension _ConditionalContent: PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    switch storage {
    case .trueContent(let view): return pass.render(view, context.appending("true"))
    case .falseContent(let view): return pass.render(view, context.appending("false"))
    }
  }
}

extension Optional: PrimitiveRendering where Wrapped: View {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    map { pass.render($0, context.appending("some")) } ?? []
  }
}

extension AnyView: PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    pass.render(view, context.appending(String(describing: type(of: view))))
  }
}

extension Text: PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    [RenderedNode(kind: "Text", text: content)]
  }
}

extension Image: PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    [RenderedNode(kind: "Image", text: systemName)]
  }
}

extension Label: PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    let children =
      pass.render(title, context.appending("title")) + pass.render(icon, context.appending("icon"))
    return [RenderedNode(kind: "Label", children: children)]
  }
}

extension Button: PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    let node = RenderedNode(
      kind: "Button", children: pass.render(label, context.appending("label")))
    node.action = action
    return [node]
  }
}

extension ProgressView: PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    let children = label.map { pass.render($0, context.appending("label")) } ?? []
    return [RenderedNode(kind: "ProgressView", children: children)]
  }
}

extension VStack: PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    [RenderedNode(kind: "VStack", children: pass.render(content, context.appending("content")))]
  }
}

extension Group: PrimitiveRendering where Content: View {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    pass.render(content, context.appending("content"))
  }
}

extension ForEach: PrimitiveRendering where Content: View {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    data.flatMap { element in
      pass.render(content(element), context.appending("\(element[keyPath: id])"))
    }
  }
}

extension Section: PrimitiveRendering where Parent: View, Content: View, Footer: View {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    let header = pass.render(self.header, context.appending("header"))
    let footer = pass.render(self.footer, context.appending("footer"))
    return [
      RenderedNode(
        kind: "Section",
        children: (header.isEmpty ? [] : [RenderedNode(kind: "SectionHeader", children: header)])
          + pass.render(content, context.appending("content"))
          + (footer.isEmpty ? [] : [RenderedNode(kind: "SectionFooter", children: footer)]))
    ]
  }
}

extension List: PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    let node = RenderedNode(kind: "List", children: pass.render(content, context.appending("rows")))
    node.refreshAction = context.refresh
    return [node]
  }
}

extension ContentUnavailableView: PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    let children =
      pass.render(label, context.appending("label"))
      + pass.render(description, context.appending("description"))
      + pass.render(actions, context.appending("actions"))
    return [RenderedNode(kind: "ContentUnavailableView", children: children)]
  }
}

extension NavigationStack: PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    let frame = NavigationFrame()
    let rootScope = Scope(parent: context.scope)
    var inner = context.appending("root")
    inner.stack = frame
    inner.scope = rootScope
    var children = pass.render(root, inner)
    // A destination whose item is set is pushed over the root, which then disappears.
    for (index, destination) in frame.destinations.enumerated() where destination.isPresented() {
      guard let content = destination.content() else { continue }
      rootScope.isVisible = false
      var pushed = context.appending("destination\(index)")
      pushed.scope = Scope(parent: context.scope)
      let node = RenderedNode(kind: "NavigationDestination", children: pass.render(content, pushed))
      node.dismissAction = destination.dismiss
      children.append(node)
      break
    }
    return [RenderedNode(kind: "NavigationStack", children: children)]
  }
}

extension _ModifiedView: PrimitiveRendering {
  func render(in pass: RenderPass, _ context: RenderContext) -> [RenderedNode] {
    var inner = context.appending("modified")
    switch modifier {
    case .navigationTitle(let title):
      let nodes = pass.render(content, inner)
      for node in nodes { node.navigationTitle = title }
      return nodes
    case .accessibilityIdentifier(let identifier):
      let nodes = pass.render(content, inner)
      for node in nodes { node.identifier = identifier }
      return nodes
    case .task(let id, let action):
      pass.tasks.append(.init(key: context.path, id: id, action: action, scope: context.scope))
    case .onAppear(let action):
      pass.appearances.append(
        .init(key: context.path, onAppear: action, onDisappear: nil, scope: context.scope))
    case .onDisappear(let action):
      pass.appearances.append(
        .init(key: context.path, onAppear: nil, onDisappear: action, scope: context.scope))
    case .refreshable(let action):
      inner.refresh = action
    case .navigationDestination(let record):
      if let stack = context.stack {
        stack.destinations.append(record)
      } else {
        ViewGraph.warnings.append(
          "navigationDestination(item:) outside a NavigationStack is ignored")
      }
    case .onReceive(let receiver):
      pass.receivers[context.path] = receiver
      pass.subscriptions[context.path] = receiver.subscribe
    }
    return pass.render(content, inner)
  }
}

// MARK: - What is on screen

/// A view as rendered, for scenario tests to read and act on as a user would.
@_spi(StandIn)
@MainActor
public final class RenderedNode {
  public let kind: String
  public let text: String?
  public internal(set) var identifier: String?
  public internal(set) var navigationTitle: String?
  public let children: [RenderedNode]
  var action: (@MainActor () -> Void)?
  var refreshAction: (@Sendable () async -> Void)?
  var dismissAction: (@MainActor () -> Void)?

  init(kind: String, text: String? = nil, children: [RenderedNode] = []) {
    self.kind = kind
    self.text = text
    self.children = children
  }

  /// This node and every node under it, depth first.
  public var allNodes: [RenderedNode] { [self] + children.flatMap(\.allNodes) }

  /// Every text under this node, in order.
  public var texts: [String] { allNodes.compactMap { $0.kind == "Text" ? $0.text : nil } }

  public func first(identifier: String) -> RenderedNode? {
    allNodes.first { $0.identifier == identifier }
  }

  public func first(kind: String) -> RenderedNode? { allNodes.first { $0.kind == kind } }

  /// The button whose label reads `title`.
  public func button(_ title: String) -> RenderedNode? {
    allNodes.first { $0.kind == "Button" && $0.texts.contains(title) }
  }

  /// The destination pushed on the navigation stack, if any.
  public var pushedDestination: RenderedNode? {
    allNodes.first { $0.kind == "NavigationDestination" }
  }

  /// Taps a button.
  public func tap() {
    guard let action else { preconditionFailure("\(kind) cannot be tapped") }
    action()
  }

  /// Pulls a list to refresh, and waits until the refresh is over, as the spinner does.
  public func pullToRefresh() async {
    guard let refreshAction else { preconditionFailure("\(kind) offers no pull to refresh") }
    await refreshAction()
  }

  /// The back button of a pushed destination.
  public func goBack() {
    guard let dismissAction else { preconditionFailure("\(kind) is not a pushed destination") }
    dismissAction()
  }
}
