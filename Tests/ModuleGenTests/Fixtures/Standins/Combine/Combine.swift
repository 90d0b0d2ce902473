// A stand-in for the parts of Combine that generated modules use, so that they compile and their
// tests run on Linux. Declarations follow Apple's (README.md lists each one next to the real
// API), and so does the behaviour generated code relies on: `@Published` publishes the new value
// in `willSet`, before the property changes; `objectWillChange` fires before every `@Published`
// change; `sink(receiveValue:)` exists only when the publisher cannot fail. Delivery is
// synchronous, as Combine's is without a scheduler.

// MARK: - Cancellation

public protocol Cancellable {
  func cancel()
}

/// Cancels when cancelled or deinitialized, as Combine's does.
public final class AnyCancellable: Cancellable, Hashable {
  private var cancelAction: (() -> Void)?

  public init(_ cancel: @escaping () -> Void) { cancelAction = cancel }

  public convenience init<C: Cancellable>(_ canceller: C) {
    self.init { canceller.cancel() }
  }

  deinit { cancelAction?() }

  public func cancel() {
    let action = cancelAction
    cancelAction = nil
    action?()
  }

  public final func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

  public final func store<C: RangeReplaceableCollection>(in collection: inout C)
  where C.Element == AnyCancellable {
    collection.append(self)
  }

  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

// MARK: - Publishers and subscribers

public protocol Publisher<Output, Failure> {
  associatedtype Output
  associatedtype Failure: Error

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

public protocol Subscriber<Input, Failure> {
  associatedtype Input
  associatedtype Failure: Error

  func receive(subscription: any Subscription)
  func receive(_ input: Input) -> Subscribers.Demand
  func receive(completion: Subscribers.Completion<Failure>)
}

public protocol Subscription: Cancellable {
  func request(_ demand: Subscribers.Demand)
}

public enum Subscribers {
  /// How many values a subscriber wants; only `.unlimited` and counts, as generated code needs.
  public struct Demand: Equatable, Hashable, Sendable {
    fileprivate let count: Int?
    public static let unlimited = Demand(count: nil)
    public static let none = Demand(count: 0)
    public static func max(_ value: Int) -> Demand { Demand(count: value) }
  }

  public enum Completion<Failure: Error> {
    case finished
    case failure(Failure)
  }

  /// The subscriber behind `sink`: requests unlimited values.
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable {
    public let receiveValue: (Input) -> Void
    public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    private var subscription: (any Subscription)?

    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      self.receiveCompletion = receiveCompletion
      self.receiveValue = receiveValue
    }

    public func receive(subscription: any Subscription) {
      self.subscription = subscription
      subscription.request(.unlimited)
    }

    public func receive(_ value: Input) -> Subscribers.Demand {
      receiveValue(value)
      return .none
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
      receiveCompletion(completion)
      subscription = nil
    }

    public func cancel() {
      subscription?.cancel()
      subscription = nil
    }
  }
}

extension Publisher {
  public func subscribe<S: Subscriber>(_ subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    receive(subscriber: subscriber)
  }

  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(
      receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }

  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}

extension Publisher where Failure == Never {
  /// Only a publisher that cannot fail offers `sink` without a completion handler.
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}

public struct AnyPublisher<Output, Failure: Error>: Publisher {
  private let subscribeAction: (AnySubscriber<Output, Failure>) -> Void

  public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    subscribeAction = { publisher.receive(subscriber: $0) }
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscribeAction(AnySubscriber(subscriber))
  }
}

public struct AnySubscriber<Input, Failure: Error>: Subscriber {
  private let receiveSubscription: (any Subscription) -> Void
  private let receiveValue: (Input) -> Subscribers.Demand
  private let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

  public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
    receiveSubscription = subscriber.receive(subscription:)
    receiveValue = subscriber.receive(_:)
    receiveCompletion = subscriber.receive(completion:)
  }

  public func receive(subscription: any Subscription) { receiveSubscription(subscription) }
  public func receive(_ input: Input) -> Subscribers.Demand { receiveValue(input) }
  public func receive(completion: Subscribers.Completion<Failure>) {
    receiveCompletion(completion)
  }
}

/// The subscriptions of one publisher: delivers to each while it wants values.
final class Fanout<Output, Failure: Error> {
  final class Entry: Subscription {
    let subscriber: AnySubscriber<Output, Failure>
    var demand: Int? = 0
    weak var owner: Fanout?

    init(_ subscriber: AnySubscriber<Output, Failure>, owner: Fanout) {
      self.subscriber = subscriber
      self.owner = owner
    }

    func request(_ demand: Subscribers.Demand) {
      guard let current = self.demand else { return }
      self.demand = demand.count.map { current + $0 }
    }

    func cancel() { owner?.entries.removeAll { $0 === self } }

    func deliver(_ value: Output) {
      if let count = demand {
        guard count > 0 else { return }
        demand = count - 1
      }
      let more = subscriber.receive(value)
      if let extra = more.count, let count = demand { demand = count + extra }
    }
  }

  private(set) var entries: [Entry] = []
  private(set) var completion: Subscribers.Completion<Failure>?

  /// Subscribes; `current` is delivered first when the publisher has a current value.
  func add(_ subscriber: AnySubscriber<Output, Failure>, current: Output? = nil) {
    let entry = Entry(subscriber, owner: self)
    if let completion {
      subscriber.receive(subscription: entry)
      subscriber.receive(completion: completion)
      return
    }
    entries.append(entry)
    subscriber.receive(subscription: entry)
    if let current { entry.deliver(current) }
  }

  func send(_ value: Output) {
    guard completion == nil else { return }
    for entry in entries { entry.deliver(value) }
  }

  func finish(_ completion: Subscribers.Completion<Failure>) {
    guard self.completion == nil else { return }
    self.completion = completion
    let finished = entries
    entries = []
    for entry in finished { entry.subscriber.receive(completion: completion) }
  }
}

// MARK: - Subjects

public protocol Subject<Output, Failure>: AnyObject, Publisher {
  func send(_ value: Output)
  func send(completion: Subscribers.Completion<Failure>)
}

extension Subject where Output == Void {
  public func send() { send(()) }
}

public final class PassthroughSubject<Output, Failure: Error>: Subject {
  private let fanout = Fanout<Output, Failure>()

  public init() {}

  public func send(_ value: Output) { fanout.send(value) }
  public func send(completion: Subscribers.Completion<Failure>) { fanout.finish(completion) }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    fanout.add(AnySubscriber(subscriber))
  }
}

public final class CurrentValueSubject<Output, Failure: Error>: Subject {
  private let fanout = Fanout<Output, Failure>()

  /// Setting the value sends it, after storing it (unlike `@Published`).
  public var value: Output {
    didSet { fanout.send(value) }
  }

  public init(_ value: Output) { self.value = value }

  public func send(_ value: Output) { self.value = value }
  public func send(completion: Subscribers.Completion<Failure>) { fanout.finish(completion) }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    fanout.add(AnySubscriber(subscriber), current: value)
  }
}

// MARK: - ObservableObject and @Published

public final class ObservableObjectPublisher: Publisher {
  public typealias Output = Void
  public typealias Failure = Never

  private let fanout = Fanout<Void, Never>()

  public init() {}

  public func send() { fanout.send(()) }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
    fanout.add(AnySubscriber(subscriber))
  }
}

public protocol ObservableObject: AnyObject {
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where ObjectWillChangePublisher.Failure == Never

  var objectWillChange: ObjectWillChangePublisher { get }
}

/// What `objectWillChange` needs from a `@Published` property: its shared publisher, which
/// Combine installs in every `@Published` property of the object the first time it is asked.
protocol PublishedProperty {
  var willChange: ObservableObjectPublisher? { get nonmutating set }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  /// Fires before any `@Published` property of the object changes.
  public var objectWillChange: ObservableObjectPublisher {
    var properties: [any PublishedProperty] = []
    var mirror: Mirror? = Mirror(reflecting: self)
    while let current = mirror {
      properties += current.children.compactMap { $0.value as? any PublishedProperty }
      mirror = current.superclassMirror
    }
    if let installed = properties.lazy.compactMap(\.willChange).first { return installed }
    let publisher = ObservableObjectPublisher()
    for property in properties { property.willChange = publisher }
    return publisher
  }
}

@propertyWrapper
public struct Published<Value> {
  /// The value and its subscribers, shared by every copy of the wrapper.
  final class Storage {
    var value: Value
    let fanout = Fanout<Value, Never>()
    var willChange: ObservableObjectPublisher?

    init(_ value: Value) { self.value = value }
  }

  /// `$property`: the current value on subscription, then every new value, sent before the
  /// property changes.
  public struct Publisher: Combine.Publisher {
    public typealias Output = Value
    public typealias Failure = Never

    fileprivate let storage: Storage

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
      storage.fanout.add(AnySubscriber(subscriber), current: storage.value)
    }
  }

  let storage: Storage

  public init(wrappedValue: Value) { storage = Storage(wrappedValue) }
  public init(initialValue: Value) { storage = Storage(initialValue) }

  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError("@Published is only available on properties of classes") }
    set { fatalError("@Published is only available on properties of classes") }
  }

  public var projectedValue: Published<Value>.Publisher {
    mutating get { Publisher(storage: storage) }
    set {}
  }

  /// The class property: `objectWillChange`, then the subscribers get the new value, then it
  /// is stored (Combine's `willSet` order).
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { object[keyPath: storageKeyPath].storage.value }
    set {
      let storage = object[keyPath: storageKeyPath].storage
      storage.willChange?.send()
      storage.fanout.send(newValue)
      storage.value = newValue
    }
  }
}

extension Published: PublishedProperty {
  var willChange: ObservableObjectPublisher? {
    get { storage.willChange }
    nonmutating set { storage.willChange = newValue }
  }
}
