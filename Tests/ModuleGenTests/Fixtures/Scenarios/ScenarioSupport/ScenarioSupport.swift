// What the scenario tests share: a service answered by hand, waiting for the app, and reading
// the screen as a user sees it (through the stand-ins' test hooks).
@_spi(StandIn) import SwiftUI
import Testing
@_spi(StandIn) import UIKit

/// Answers fetches by hand, one at a time, as a slow network would; a cancelled fetch ends with
/// `URLError(.cancelled)`, as `URLSession`'s does (not with `CancellationError`), or, with
/// `stopsWhenCancelled: false`, only when it is answered, as a service that does not check
/// for cancellation does.
public actor FetchScript<Value: Sendable> {
  private var pending: [(id: Int, continuation: CheckedContinuation<Value, any Error>)] = []
  private var nextID = 0
  private let stopsWhenCancelled: Bool
  public private(set) var calls = 0

  public init(stopsWhenCancelled: Bool = true) {
    self.stopsWhenCancelled = stopsWhenCancelled
  }

  /// How many fetches wait for an answer.
  public var waiting: Int { pending.count }

  public func fetch() async throws -> Value {
    calls += 1
    let id = nextID
    nextID += 1
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { pending.append((id, $0)) }
    } onCancel: {
      Task { await self.cancel(id) }
    }
  }

  /// Answers the oldest fetch.
  public func respond(_ result: Result<Value, any Error>) {
    guard !pending.isEmpty else {
      Issue.record("no fetch is waiting for an answer")
      return
    }
    pending.removeFirst().continuation.resume(with: result)
  }

  private func cancel(_ id: Int) {
    guard stopsWhenCancelled else { return }
    if let index = pending.firstIndex(where: { $0.id == id }) {
      pending.remove(at: index).continuation.resume(throwing: URLError(.cancelled))
    }
  }
}

/// Waits until `condition` holds, letting the app's tasks run; records an issue after 5 s.
@MainActor
public func eventually(
  _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () async -> Bool
) async {
  for _ in 0..<5000 {
    if await condition() { return }
    try? await Task.sleep(for: .milliseconds(1))
  }
  Issue.record("timed out waiting until \(what)", sourceLocation: sourceLocation)
}

/// Something that happened, for `eventually` to wait for (a task's end, without awaiting it).
@MainActor
public final class Flag {
  public var isSet = false
  public init() {}
}

/// Lets the app's tasks run for a while (20 ms): before checking that something did not happen.
@MainActor
public func settle() async {
  for _ in 0..<20 { try? await Task.sleep(for: .milliseconds(1)) }
}

/// A failure with a message for users.
public struct LoadError: Error, LocalizedError {
  public init() {}
  public var errorDescription: String? { "The network is down." }
}

// MARK: - UIKit

extension UIView {
  /// This view and every view under it.
  public var allViews: [UIView] { [self] + subviews.flatMap(\.allViews) }

  /// What UIKit would log as unsatisfiable constraints in this view's hierarchy.
  public var layoutWarnings: [String] { allViews.flatMap(\._layoutWarnings) }

  /// Presentations refused in this window, with the warning UIKit logs.
  public var presentationWarnings: [String] {
    var controllers: [UIViewController] = []
    func collect(_ controller: UIViewController?) {
      guard let controller else { return }
      controllers.append(controller)
      (controller as? UINavigationController)?.viewControllers.forEach(collect)
      collect(controller.presentedViewController)
    }
    collect((self as? UIWindow)?.rootViewController)
    return controllers.flatMap(\._presentationWarnings)
  }

  /// The view with an accessibility identifier, as UI tests find it.
  public func descendant<T: UIView>(_ identifier: String) -> T? {
    if accessibilityIdentifier == identifier, let view = self as? T { return view }
    for subview in subviews {
      if let view: T = subview.descendant(identifier) { return view }
    }
    return nil
  }
}

extension UITableView {
  /// The titles of the rows the table shows.
  public var rowTitles: [String] {
    (0..<numberOfRows(inSection: 0)).map {
      (_cell(at: IndexPath(row: $0, section: 0))?.contentConfiguration
        as? UIListContentConfiguration)?.text ?? ""
    }
  }
}

extension UIViewController {
  /// The content-unavailable view's configuration, when it shows one.
  public var unavailable: UIContentUnavailableConfiguration? {
    contentUnavailableConfiguration as? UIContentUnavailableConfiguration
  }

  /// What SwiftUI shows, when this hosts SwiftUI views.
  @_spi(StandIn) public var swiftUIScreen: RenderedNode? { (self as? any _SwiftUIHost)?._screen }
  /// How many times its SwiftUI views subscribed to the publishers of their `onReceive`.
  @_spi(StandIn) public var swiftUIReceiveSubscriptions: Int {
    (self as? any _SwiftUIHost)?._receiveSubscriptions ?? 0
  }
}
