// A stand-in for the parts of Combine that generated modules use. Delivery is synchronous, so
// that view-model tests really run.
public final class AnyCancellable: Hashable {
  private let cancelAction: () -> Void

  public init(_ cancel: @escaping () -> Void) { cancelAction = cancel }
  deinit { cancelAction() }

  public func cancel() { cancelAction() }
  public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Subscribers by token, shared by the publishers below.
public final class Subscribers<Value> {
  private var entries: [ObjectIdentifier: (Value) -> Void] = [:]

  func add(_ receive: @escaping (Value) -> Void) -> AnyCancellable {
    var token: ObjectIdentifier?
    let cancellable = AnyCancellable { [weak self] in
      if let token { self?.entries[token] = nil }
    }
    token = ObjectIdentifier(cancellable)
    entries[token!] = receive
    return cancellable
  }

  func send(_ value: Value) {
    for receive in entries.values { receive(value) }
  }
}

@propertyWrapper
public struct Published<Value> {
  /// `$property`: the current value, then every new one.
  public final class Publisher {
    fileprivate var value: Value
    private let subscribers = Subscribers<Value>()

    init(_ value: Value) { self.value = value }

    fileprivate func send(_ newValue: Value) {
      value = newValue
      subscribers.send(newValue)
    }

    public func sink(receiveValue: @escaping (Value) -> Void) -> AnyCancellable {
      let cancellable = subscribers.add(receiveValue)
      receiveValue(value)
      return cancellable
    }
  }

  private let publisher: Publisher

  public init(wrappedValue: Value) { publisher = Publisher(wrappedValue) }

  public var wrappedValue: Value {
    get { publisher.value }
    nonmutating set { publisher.send(newValue) }
  }

  public var projectedValue: Publisher { publisher }
}

public protocol ObservableObject: AnyObject {}

public final class PassthroughSubject<Output, Failure: Error> {
  private let subscribers = Subscribers<Output>()

  public init() {}

  public func send(_ value: Output) { subscribers.send(value) }

  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    subscribers.add(receiveValue)
  }
}
