// A stand-in for the parts of SwiftUI that generated modules use, so that they compile and their
// tests run on Linux. Declarations keep Apple's signatures and isolation (README.md lists each one
// next to the real API): `View` is `@MainActor` with a `@ViewBuilder` body, `ObservedObject`
// needs an `ObservableObject`, `Bindable` an `Observable` object, `.task` inherits the caller's
// actor and `.refreshable` does not. Hosted in a `UIHostingController` that is in a window, the
// views really run, as SwiftUI runs them: the body is evaluated again when an `@Observable`
// property it read, an `@ObservedObject`'s `objectWillChange` or an `@State` changes; `@State`
// keeps its value, and drops writes made before the view is installed; `.task` starts when its
// view appears and is cancelled when it disappears (also when a destination is pushed over it,
// and it starts again when the user goes back); `navigationDestination(item:)` pushes while its
// item is non-nil inside a `NavigationStack`, and going back sets the item to nil. Declarations
// marked `@_spi(StandIn)` do not exist in SwiftUI: they let scenario tests read what is on
// screen and act as a user.
@_exported import Combine
@_exported import Foundation
@_exported import Observation
@_exported import UIKit

// MARK: - Views and the view builder

@MainActor
@preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError("Never has no body") }
}

/// The body of a view SwiftUI draws itself.
func primitiveBody<V>(_ view: V.Type) -> Never {
  fatalError("\(V.self) is drawn by SwiftUI and has no body")
}

@MainActor
@resultBuilder
public enum ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
    (repeat each Content)
  > {
    TupleView((repeat each content))
  }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  {
    _ConditionalContent(.trueContent(first))
  }
  public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  {
    _ConditionalContent(.falseContent(second))
  }
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
    AnyView(content)
  }
}

extension Optional: View where Wrapped: View {
  public var body: Never { primitiveBody(Self.self) }
}

public struct EmptyView: View {
  public init() {}
  public var body: Never { primitiveBody(Self.self) }
}

public struct TupleView<T>: View {
  public var value: T
  public init(_ value: T) { self.value = value }
  public var body: Never { primitiveBody(Self.self) }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }
  let storage: Storage
  init(_ storage: Storage) { self.storage = storage }
  public var body: Never { primitiveBody(Self.self) }
}

public struct AnyView: View {
  let view: any View
  public init<V: View>(_ view: V) { self.view = view }
  public var body: Never { primitiveBody(Self.self) }
}

// MARK: - Text, images, labels

public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
  let key: String

  public init(_ value: String) { key = value }
  public init(stringLiteral value: String) { key = value }
  public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.text }

  public struct StringInterpolation: StringInterpolationProtocol, Sendable {
    var text = ""
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) { text += literal }
    public mutating func appendInterpolation(_ string: String) { text += string }
    public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) { text += "\(value)" }
    public mutating func appendInterpolation(_ text: Text) { self.text += text.content }
  }
}

public struct Text: View, Equatable, Sendable {
  let content: String

  public init(verbatim content: String) { self.content = content }
  public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
  public init(
    _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
    comment: StaticString? = nil
  ) {
    content = key.key
  }

  public var body: Never { primitiveBody(Self.self) }
}

public struct Image: View, Equatable, Sendable {
  let systemName: String
  public init(systemName: String) { self.systemName = systemName }
  public var body: Never { primitiveBody(Self.self) }
}

public struct Label<Title: View, Icon: View>: View {
  let title: Title
  let icon: Icon

  public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
    self.title = title()
    self.icon = icon()
  }

  public var body: Never { primitiveBody(Self.self) }
}

extension Label where Title == Text, Icon == Image {
  public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
    self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
  }

  public init<S: StringProtocol>(_ title: S, systemImage name: String) {
    self.init(title: { Text(title) }, icon: { Image(systemName: name) })
  }
}

// MARK: - Controls and containers

public struct Button<Label: View>: View {
  let action: @MainActor () -> Void
  let label: Label

  @preconcurrency
  public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
    self.action = action
    self.label = label()
  }

  public var body: Never { primitiveBody(Self.self) }
}

extension Button where Label == Text {
  @preconcurrency
  public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
    self.init(action: action) { Text(titleKey) }
  }

  @preconcurrency
  public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
    self.init(action: action) { Text(title) }
  }
}

public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
  let label: Label?
  public var body: Never { primitiveBody(Self.self) }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
  public init() { label = nil }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
  public init(_ titleKey: LocalizedStringKey) { label = Text(titleKey) }
}

public struct HorizontalAlignment: Equatable, Sendable {
  let name: String
  public static let leading = HorizontalAlignment(name: "leading")
  public static let center = HorizontalAlignment(name: "center")
  public static let trailing = HorizontalAlignment(name: "trailing")
}

public struct VStack<Content: View>: View {
  let content: Content

  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {
    self.content = content()
  }

  public var body: Never { primitiveBody(Self.self) }
}

public struct Group<Content> {
  let content: Content
}

extension Group: View where Content: View {
  public init(@ViewBuilder content: () -> Content) { self.content = content() }
  public var body: Never { primitiveBody(Self.self) }
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
  public var data: Data
  public var content: (Data.Element) -> Content
  let id: KeyPath<Data.Element, ID>
}

extension ForEach: View where Content: View {
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.data = data
    self.content = content
    self.id = id
  }

  public var body: Never { primitiveBody(Self.self) }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.init(data, id: \Data.Element.id, content: content)
  }
}

public struct Section<Parent, Content, Footer> {
  let header: Parent
  let content: Content
  let footer: Footer
}

extension Section: View where Parent: View, Content: View, Footer: View {
  @MainActor public init(
    @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent,
    @ViewBuilder footer: () -> Footer
  ) {
    self.header = header()
    self.content = content()
    self.footer = footer()
  }

  public var body: Never { primitiveBody(Self.self) }
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
  @MainActor public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
    self.init(content: content, header: header, footer: { EmptyView() })
  }
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
  @MainActor public init(@ViewBuilder content: () -> Content) {
    self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
  }
}

public struct List<SelectionValue: Hashable, Content: View>: View {
  let content: Content
  public var body: Never { primitiveBody(Self.self) }
}

extension List where SelectionValue == Never {
  public init(@ViewBuilder content: () -> Content) { self.content = content() }

  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
    content = ForEach(data, content: rowContent)
  }
}

public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
  let label: Label
  let description: Description
  let actions: Actions

  public init(
    @ViewBuilder label: () -> Label,
    @ViewBuilder description: () -> Description = { EmptyView() },
    @ViewBuilder actions: () -> Actions = { EmptyView() }
  ) {
    self.label = label()
    self.description = description()
    self.actions = actions()
  }

  public var body: Never { primitiveBody(Self.self) }
}

extension ContentUnavailableView
where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
  public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
    label = SwiftUI.Label(title, systemImage: name)
    self.description = description
    actions = EmptyView()
  }
}

public struct NavigationPath: Equatable {
  public init() {}
}

public struct NavigationStack<Data, Root: View>: View {
  let root: Root
  public var body: Never { primitiveBody(Self.self) }
}

extension NavigationStack where Data == NavigationPath {
  public init(@ViewBuilder root: () -> Root) { self.root = root() }
  public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) { self.root = root() }
}

// MARK: - Modifiers

/// A view with a modifier applied; how it renders is up to the modifier.
public struct _ModifiedView<Content: View>: View {
  let content: Content
  let modifier: Modifier
  public var body: Never { primitiveBody(Self.self) }

  enum Modifier {
    case navigationTitle(String)
    case accessibilityIdentifier(String)
    case task(id: (any Equatable)?, action: @Sendable () async -> Void)
    case onAppear((() -> Void)?)
    case onDisappear((() -> Void)?)
    case refreshable(@Sendable () async -> Void)
    case navigationDestination(NavigationDestinationRecord)
    case onReceive(ReceiveRecord)
  }
}

extension View {
  public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
    _ModifiedView(content: self, modifier: .navigationTitle(titleKey.key))
  }

  public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
    _ModifiedView(content: self, modifier: .navigationTitle(String(title)))
  }

  public func navigationTitle(_ title: Text) -> some View {
    _ModifiedView(content: self, modifier: .navigationTitle(title.content))
  }

  public func accessibilityIdentifier(_ identifier: String) -> some View {
    _ModifiedView(content: self, modifier: .accessibilityIdentifier(identifier))
  }

  /// Runs `action` when the view appears; SwiftUI cancels it when the view disappears.
  public func task(
    priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @Sendable () async -> Void
  ) -> some View {
    _ModifiedView(content: self, modifier: .task(id: nil, action: action))
  }

  /// Runs `action` when the view appears and again, cancelling the previous run, when `id`
  /// changes.
  public func task<T: Equatable>(
    id value: T, priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @Sendable () async -> Void
  ) -> some View {
    _ModifiedView(content: self, modifier: .task(id: value, action: action))
  }

  public func onAppear(perform action: (() -> Void)? = nil) -> some View {
    _ModifiedView(content: self, modifier: .onAppear(action))
  }

  public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
    _ModifiedView(content: self, modifier: .onDisappear(action))
  }

  /// Offers pull to refresh on the lists inside; the action does not inherit the caller's actor.
  public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
    _ModifiedView(content: self, modifier: .refreshable(action))
  }

  public func navigationDestination<D: Hashable, C: View>(
    item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View {
    let record = NavigationDestinationRecord(
      isPresented: { item.wrappedValue != nil },
      content: { item.wrappedValue.map { AnyView(destination($0)) } },
      dismiss: { item.wrappedValue = nil })
    return _ModifiedView(content: self, modifier: .navigationDestination(record))
  }

  public func onReceive<P: Publisher>(
    _ publisher: P, perform action: @escaping (P.Output) -> Void
  ) -> some View where P.Failure == Never {
    _ModifiedView(
      content: self,
      modifier: .onReceive(
        ReceiveRecord(
          publisher: publisher,
          isSame: { earlier in
            guard let earlier = earlier as? P else { return false }
            return sameBytes(earlier, publisher)
          },
          subscribe: { publisher.sink { action($0) } })))
  }
}

/// An `onReceive` as rendered: its publisher, and how to subscribe to it. SwiftUI keeps the
/// subscription while the next render gives it the same publisher, compared as SwiftUI compares
/// a view's values, field by field and a reference by identity (here: byte by byte, the
/// publisher kept so that no other can take its place): another `eraseToAnyPublisher()` is
/// another publisher, and SwiftUI subscribes to it.
struct ReceiveRecord {
  let publisher: Any
  let isSame: (_ earlier: Any) -> Bool
  let subscribe: () -> AnyCancellable
}

/// Whether two values have the same bytes: the same values, references to the same objects.
func sameBytes<T>(_ a: T, _ b: T) -> Bool {
  withUnsafeBytes(of: a) { first in withUnsafeBytes(of: b) { first.elementsEqual($0) } }
}

/// Whether SwiftUI takes two values for the same: equal, when they are `Equatable`; else the
/// same bytes.
func sameValue<T>(_ a: T, _ b: T) -> Bool {
  func equal<E: Equatable>(_ lhs: E, _ rhs: T) -> Bool { (rhs as? E) == lhs }
  if let a = a as? any Equatable { return equal(a, b) }
  return sameBytes(a, b)
}

@MainActor
struct NavigationDestinationRecord {
  let isPresented: @MainActor () -> Bool
  let content: @MainActor () -> AnyView?
  let dismiss: @MainActor () -> Void
}

// MARK: - State and bindings

public protocol DynamicProperty {
  mutating func update()
}

extension DynamicProperty {
  public mutating func update() {}
}

@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
  let get: () -> Value
  let set: (Value) -> Void

  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.get = get
    self.set = set
  }

  public init(projectedValue: Binding<Value>) { self = projectedValue }

  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(get: { value }, set: { _ in })
  }

  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }

  public var projectedValue: Binding<Value> { self }

  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  {
    Binding<Subject>(
      get: { self.wrappedValue[keyPath: keyPath] },
      set: { newValue in
        var value = self.wrappedValue
        value[keyPath: keyPath] = newValue
        self.wrappedValue = value
      })
  }
}

/// A view's stored value. It lives in the view graph once the view is installed there; before,
/// reads give the initial value and writes are dropped, as SwiftUI does.
@propertyWrapper
public struct State<Value>: DynamicProperty {
  final class Storage {
    let initial: Value
    var location: StateLocation<Value>?
    init(_ initial: Value) { self.initial = initial }
  }

  let storage: Storage

  public init(wrappedValue value: Value) { storage = Storage(value) }
  public init(initialValue value: Value) { storage = Storage(value) }

  public var wrappedValue: Value {
    get { storage.location?.value ?? storage.initial }
    nonmutating set {
      // Before the view is installed there is nowhere to keep the value: SwiftUI drops it.
      guard let location = storage.location else { return }
      // A value equal to the current one changes nothing, and renders nothing again.
      guard !sameValue(location.value, newValue) else { return }
      location.value = newValue
      let graph = location.graph
      MainActor.assumeIsolated { graph?.setNeedsRender() }
    }
  }

  public var projectedValue: Binding<Value> {
    Binding(get: { self.wrappedValue }, set: { self.wrappedValue = $0 })
  }
}

extension State where Value: ExpressibleByNilLiteral {
  public init() { self.init(wrappedValue: nil) }
}

final class StateLocation<Value> {
  var value: Value
  weak var graph: ViewGraph?
  init(_ value: Value, graph: ViewGraph) {
    self.value = value
    self.graph = graph
  }
}

@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
  @dynamicMemberLookup
  public struct Wrapper {
    let object: ObjectType
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>)
      -> Binding<Subject>
    {
      Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
  }

  public var wrappedValue: ObjectType

  public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
  public init(initialValue: ObjectType) { wrappedValue = initialValue }

  public var projectedValue: ObservedObject<ObjectType>.Wrapper { Wrapper(object: wrappedValue) }
}

@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
  final class Storage {
    let make: () -> ObjectType
    var object: ObjectType?
    init(_ make: @escaping () -> ObjectType) { self.make = make }
    var value: ObjectType {
      if let object { return object }
      let made = make()
      object = made
      return made
    }
  }

  let storage: Storage

  public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
    storage = Storage(thunk)
  }

  public var wrappedValue: ObjectType { storage.value }

  public var projectedValue: ObservedObject<ObjectType>.Wrapper {
    ObservedObject.Wrapper(object: storage.value)
  }
}

@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value> {
  public var wrappedValue: Value

  init(object: Value) { wrappedValue = object }

  /// Only observable objects can be bound: these are available in the extension below.
  @available(
    *, unavailable, message: "The wrapped value must be an object that conforms to Observable"
  )
  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

  @available(
    *, unavailable, message: "The wrapped value must be an object that conforms to Observable"
  )
  public init(projectedValue: Bindable<Value>) { self = projectedValue }

  public var projectedValue: Bindable<Value> { self }

  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  where Value: AnyObject {
    let object = wrappedValue
    return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
  }
}

extension Bindable where Value: AnyObject, Value: Observable {
  public init(wrappedValue: Value) { self.init(object: wrappedValue) }
  public init(_ wrappedValue: Value) { self.init(object: wrappedValue) }
  public init(projectedValue: Bindable<Value>) { self = projectedValue }
}

// MARK: - Hosting

/// A hosting controller whatever its root view's type, for scenario tests.
@_spi(StandIn)
@MainActor
public protocol _SwiftUIHost: UIViewController {
  var _screen: RenderedNode { get }
  var _receiveSubscriptions: Int { get }
}

@MainActor
open class UIHostingController<Content: View>: UIViewController {
  let graph = ViewGraph()

  public var rootView: Content {
    didSet { graph.setNeedsRender() }
  }

  public init(rootView: Content) {
    self.rootView = rootView
    super.init(nibName: nil, bundle: nil)
    graph.root = { [unowned self] in self.rootView }
  }

  public required init?(coder aDecoder: NSCoder) {
    fatalError("init(coder:) is not supported by the stand-in")
  }

  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    graph.isVisible = true
    graph.render()
  }

  open override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    graph.isVisible = false
    graph.render()
  }

  /// What is on screen: the tree of the last render.
  @_spi(StandIn) public var _screen: RenderedNode { graph.rendered }

  /// How many times the hosted views subscribed to the publishers of their `onReceive`.
  @_spi(StandIn) public var _receiveSubscriptions: Int { graph.receiveSubscriptions }
}

@_spi(StandIn)
extension UIHostingController: _SwiftUIHost {}

// MARK: - Previews

@freestanding(declaration)
public macro Preview(
  _ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "PreviewsMacros", type: "SwiftUIView")
