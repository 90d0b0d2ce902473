// A stand-in for the parts of SwiftUI that generated modules use. `View` keeps its real
// isolation (@MainActor) and its result builder, so bodies type-check as they do on iOS.
@_exported import Foundation
@_exported import Observation
import UIKit

@MainActor
@preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  public var body: Never { fatalError("Never has no body") }
}

public protocol PrimitiveView: View where Body == Never {}

extension PrimitiveView {
  public var body: Never { fatalError("\(Self.self) is a primitive view") }
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
  public static func buildEither<First: View, Second: View>(first: First) -> ConditionalContent<
    First, Second
  > { .first(first) }
  public static func buildEither<First: View, Second: View>(second: Second) -> ConditionalContent<
    First, Second
  > { .second(second) }
}

extension Optional: View where Wrapped: View {
  public var body: Never { fatalError() }
}

public struct EmptyView: PrimitiveView {
  public init() {}
}

public struct TupleView<T>: PrimitiveView {
  public var value: T
  public init(_ value: T) { self.value = value }
}

public enum ConditionalContent<First: View, Second: View>: PrimitiveView {
  case first(First)
  case second(Second)
}

public struct Text: PrimitiveView {
  public let content: String
  public init(_ content: String) { self.content = content }
  public init(verbatim content: String) { self.content = content }
}

public struct ProgressView: PrimitiveView {
  public init() {}
}

public struct Button<Label: View>: PrimitiveView {
  public let action: @MainActor () -> Void
  public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
    self.action = action
    _ = label()
  }
}

extension Button where Label == Text {
  public init(_ title: String, action: @escaping @MainActor () -> Void) {
    self.init(action: action) { Text(title) }
  }
}

public struct VStack<Content: View>: PrimitiveView {
  public let content: Content
  public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

public struct HStack<Content: View>: PrimitiveView {
  public let content: Content
  public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

public struct List<Content: View>: PrimitiveView {
  public let content: Content
  public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
  public let data: Data
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.data = data
  }
}

public struct ModifiedContent<Content: View>: PrimitiveView {
  public let content: Content
}

extension View {
  public func onAppear(perform action: (@MainActor () -> Void)? = nil) -> ModifiedContent<Self> {
    ModifiedContent(content: self)
  }

  public func task(_ action: @escaping @MainActor @Sendable () async -> Void) -> ModifiedContent<
    Self
  > {
    ModifiedContent(content: self)
  }

  public func navigationTitle(_ title: String) -> ModifiedContent<Self> {
    ModifiedContent(content: self)
  }
}

@MainActor
open class UIHostingController<Content: View>: UIViewController {
  public var rootView: Content

  public init(rootView: Content) {
    self.rootView = rootView
    super.init(nibName: nil, bundle: nil)
  }

  public required init?(coder: NSCoder) {
    fatalError("init(coder:) is not supported")
  }
}

@propertyWrapper
public struct State<Value> {
  private var value: Value
  public init(wrappedValue: Value) { value = wrappedValue }
  public var wrappedValue: Value {
    get { value }
    nonmutating set {}
  }
}

@propertyWrapper
public struct ObservedObject<ObjectType: AnyObject> {
  public var wrappedValue: ObjectType
  public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
}

@propertyWrapper
public struct Bindable<Value: AnyObject> {
  public var wrappedValue: Value
  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}
