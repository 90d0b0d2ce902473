// The behaviours of Apple's frameworks that generated code relies on, checked against the
// stand-ins (README.md says where each is documented). A stand-in that drifts from Apple's
// behaviour would let a broken template pass; these tests keep it honest.
import Combine
import Foundation
import Observation
@_spi(StandIn) import SwiftUI
import Testing
@_spi(StandIn) import UIKit

// MARK: - Combine

private final class Counter: ObservableObject {
  @Published var count = 0
  @Published var name = ""
}

@Suite struct CombineBehaviour {
  @Test func publishedSendsTheNewValueBeforeThePropertyChanges() {
    let counter = Counter()
    var seen: [(sent: Int, stored: Int)] = []
    let subscription = counter.$count.sink { [unowned counter] in
      seen.append(($0, counter.count))
    }
    counter.count = 1
    #expect(seen.map(\.sent) == [0, 1])
    #expect(seen.map(\.stored) == [0, 0])
    subscription.cancel()
  }

  @Test func objectWillChangeFiresBeforeEveryPublishedChange() {
    let counter = Counter()
    var stored: [Int] = []
    let subscription = counter.objectWillChange.sink { [unowned counter] in
      stored.append(counter.count)
    }
    counter.count = 1
    counter.name = "a"
    counter.count = 2
    #expect(stored == [0, 1, 1])
    subscription.cancel()
  }

  @Test func objectWillChangeIsOnePublisherPerObject() {
    let counter = Counter()
    #expect(counter.objectWillChange === counter.objectWillChange)
  }

  @Test func cancellingOrReleasingASubscriptionStopsDelivery() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var subscription: AnyCancellable? = subject.sink { received.append($0) }
    subject.send(1)
    subscription = nil
    subject.send(2)
    #expect(received == [1])
    #expect(subscription == nil)
  }

  @Test func currentValueSubjectSendsItsValueFirst() {
    let subject = CurrentValueSubject<Int, Never>(7)
    var received: [Int] = []
    let subscription = subject.eraseToAnyPublisher().sink { received.append($0) }
    subject.send(8)
    #expect(received == [7, 8])
    subscription.cancel()
  }
}

// MARK: - Observation

@MainActor
@Observable
private final class Box {
  var value = 0
}

/// A flag that the onChange closure of `withObservationTracking` (which is `@Sendable`) can set.
private final class Flag: @unchecked Sendable {
  var isSet = false
}

@MainActor
@Suite struct ObservationBehaviour {
  /// Swift 6.0's macro notifies on every write; from Swift 6.2 it skips a value equal to the
  /// current one. Templates must work with both: nothing they generate waits for a
  /// notification of an equal value, and rendering twice shows the same thing.
  @Test func theToolchainSkipsEqualValues() {
    let box = Box()
    let flag = Flag()
    withObservationTracking {
      _ = box.value
    } onChange: {
      flag.isSet = true
    }
    box.value = 0
    #expect(flag.isSet == compilerNotifiesEqualValues)
    box.value = 1
    #expect(flag.isSet)
  }

  private var compilerNotifiesEqualValues: Bool {
    #if compiler(>=6.2)
      false
    #else
      true
    #endif
  }
}

// MARK: - UIKit

@MainActor
@Suite struct UIKitBehaviour {
  @Test func presentDoesNothingOutsideAWindow() {
    let screen = UIViewController()
    screen.loadViewIfNeeded()
    screen.present(UIViewController(), animated: true)
    #expect(screen.presentedViewController == nil)
    #expect(screen._presentationWarnings.count == 1)
  }

  /// `root` in a navigation controller in a key window, as an app shows its first screen.
  static func shownInAWindow(_ root: UIViewController) -> (UIWindow, UINavigationController) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let navigation = UINavigationController(rootViewController: root)
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    return (window, navigation)
  }

  @Test func presentWorksInAWindowOncePerPresenter() {
    let screen = UIViewController()
    let (window, navigation) = Self.shownInAWindow(screen)
    let first = UIViewController()
    screen.present(first, animated: true)
    #expect(screen.presentedViewController === first)
    #expect(navigation.presentedViewController === first)
    screen.present(UIViewController(), animated: true)
    #expect(screen.presentedViewController === first)
    #expect(screen._presentationWarnings.count == 1)
    first.dismiss(animated: true)
    #expect(screen.presentedViewController == nil)
    withExtendedLifetime(window) {}
  }

  @Test func aViewControllerLoadsItsViewOnce() {
    final class Screen: UIViewController {
      var loads = 0
      override func viewDidLoad() { loads += 1 }
    }
    let screen = Screen()
    _ = screen.view
    _ = screen.view
    #expect(screen.loads == 1)
  }

  @Test func aTableShowsWhatItsDataSourceSaidAtTheLastReload() {
    final class Source: NSObject, UITableViewDataSource {
      var rows = 2
      func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows }
      func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
        -> UITableViewCell
      {
        tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
      }
    }
    let source = Source()
    let table = UITableView(frame: .zero, style: .plain)
    table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = source
    #expect(table.numberOfRows(inSection: 0) == 2)
    source.rows = 5
    #expect(table.numberOfRows(inSection: 0) == 2)
    table.reloadData()
    #expect(table.numberOfRows(inSection: 0) == 5)
  }

  @Test func aStoppedActivityIndicatorHides() {
    let indicator = UIActivityIndicatorView(style: .large)
    #expect(indicator.isHidden)
    indicator.startAnimating()
    #expect(!indicator.isHidden)
    indicator.stopAnimating()
    #expect(indicator.isHidden)
  }

  @Test func pushingAndPoppingChangesTheStack() {
    let root = UIViewController()
    let navigation = UINavigationController(rootViewController: root)
    let detail = UIViewController()
    navigation.pushViewController(detail, animated: true)
    #expect(navigation.viewControllers.count == 2)
    #expect(detail.navigationController === navigation)
    #expect(navigation.popViewController(animated: true) === detail)
    #expect(navigation.popViewController(animated: true) == nil)
  }

  /// Setting the stack replaces it: the old top leaves as a pop does, the new one arrives.
  @Test func settingTheStackReplacesIt() {
    final class Watching: UIViewController {
      var appeared: [Bool] = []
      var disappeared: [Bool] = []
      override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        appeared.append(isMovingToParent)
      }
      override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        disappeared.append(isMovingFromParent)
      }
    }
    let first = Watching()
    let (window, navigation) = Self.shownInAWindow(first)
    let second = Watching()
    navigation.setViewControllers([second], animated: false)
    #expect(navigation.viewControllers == [second])
    #expect(first.disappeared == [true] && first.parent == nil)
    #expect(second.appeared == [true] && second.navigationController === navigation)
    navigation.setViewControllers([first, second], animated: false)
    #expect(navigation.viewControllers == [first, second])
    #expect(second.disappeared.isEmpty && first.navigationController === navigation)
    withExtendedLifetime(window) {}
  }

  /// Popping several controllers at once (to the root, or to one under the top, as a long press
  /// on the back button does): only the top one disappears, moving from its parent; the ones
  /// under it get no appearance callback; every one popped moves to no parent.
  @Test func poppingSeveralAtOnceTakesEachOffTheStack() {
    final class Watching: UIViewController {
      var events: [String] = []
      override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        events.append("disappeared\(isMovingFromParent ? ", moving from its parent" : "")")
      }
      override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        events.append(parent == nil ? "will leave" : "will join")
      }
      override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        events.append(parent == nil ? "left" : "joined")
      }
    }
    let root = UIViewController()
    let (window, navigation) = Self.shownInAWindow(root)
    let (first, second, third) = (Watching(), Watching(), Watching())
    for screen in [first, second, third] { navigation.pushViewController(screen, animated: true) }
    #expect(navigation.popToRootViewController(animated: true) == [first, second, third])
    #expect(navigation.viewControllers == [root])
    #expect(first.events == ["will join", "joined", "disappeared", "will leave", "left"])
    #expect(second.events == first.events)
    #expect(
      third.events == [
        "will join", "joined", "will leave", "disappeared, moving from its parent", "left",
      ])
    #expect([first, second, third].allSatisfy { $0.parent == nil })

    let (fourth, fifth) = (Watching(), Watching())
    for screen in [first, fourth, fifth] { navigation.pushViewController(screen, animated: true) }
    #expect(navigation.popToViewController(first, animated: true) == [fourth, fifth])
    #expect(navigation.viewControllers == [root, first])
    #expect(fourth.events == ["will join", "joined", "disappeared", "will leave", "left"])
    #expect(
      fifth.events.suffix(3) == ["will leave", "disappeared, moving from its parent", "left"])
    #expect(navigation.popToRootViewController(animated: true) == [first])
    #expect(navigation.popToRootViewController(animated: true) == nil)
    withExtendedLifetime(window) {}
  }

  /// What a view controller sees in `viewDidDisappear(_:)`: popped (moving from its parent),
  /// dismissed itself, or inside a dismissed navigation controller (whose flag is set, not its
  /// children's); a push over it is none of these.
  @Test func aDisappearingViewControllerKnowsWhetherItLeaves() {
    final class Watching: UIViewController {
      var seen: [(moving: Bool, dismissed: Bool, parentDismissed: Bool)] = []
      override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        seen.append(
          (isMovingFromParent, isBeingDismissed, navigationController?.isBeingDismissed == true))
      }
    }
    let root = UIViewController()
    let (window, navigation) = Self.shownInAWindow(root)
    let screen = Watching()
    navigation.pushViewController(screen, animated: true)
    navigation.pushViewController(UIViewController(), animated: true)
    navigation.popViewController(animated: true)
    navigation.popViewController(animated: true)
    #expect(screen.seen.map(\.moving) == [false, true])

    let presented = Watching()
    root.present(presented, animated: true)
    presented.dismiss(animated: true)
    #expect(presented.seen.map(\.dismissed) == [true])

    let child = Watching()
    root.present(UINavigationController(rootViewController: child), animated: true)
    root.dismiss(animated: true)
    #expect(child.seen.map(\.dismissed) == [false])
    #expect(child.seen.map(\.parentDismissed) == [true])
    #expect(!navigation.isMovingFromParent && !navigation.isBeingDismissed)
    withExtendedLifetime(window) {}
  }

  /// A tab bar controller's tabs are its children; only the selected one appears and
  /// disappears with it, and when it is dismissed, it is the one being dismissed, not the
  /// navigation controller of a tab nor that one's screen.
  @Test func aDismissedTabBarControllerIsTheOneBeingDismissed() {
    final class Watching: UIViewController {
      var seen: [(dismissed: Bool, ancestors: [Bool])] = []
      override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        let ancestors = sequence(first: parent, next: { $0?.parent }).prefix { $0 != nil }
        seen.append((isBeingDismissed, ancestors.map { $0?.isBeingDismissed == true }))
      }
    }
    let root = UIViewController()
    let (window, _) = Self.shownInAWindow(root)
    let first = Watching()
    let second = Watching()
    let navigation = UINavigationController(rootViewController: first)
    let tabs = UITabBarController()
    tabs.viewControllers = [navigation, second]
    #expect(navigation.parent === tabs && second.parent === tabs)
    #expect(tabs.selectedViewController === navigation)
    root.present(tabs, animated: true)
    #expect(first.isViewLoaded && !second.isViewLoaded)
    tabs.selectedViewController = second
    tabs.selectedViewController = navigation
    #expect(first.seen.map(\.dismissed) == [false])
    #expect(second.seen.map(\.dismissed) == [false])
    root.dismiss(animated: true)
    #expect(first.seen.last?.dismissed == false)
    // The navigation controller, then the tab bar controller (the one presented).
    #expect(first.seen.last?.ancestors == [false, true])
    #expect(second.seen.count == 1)
    withExtendedLifetime(window) {}
  }

  @Test func constrainingAViewThatTranslatesItsMaskIsReported() {
    let container = UIView()
    let child = UIView()
    container.addSubview(child)
    NSLayoutConstraint.activate([child.centerXAnchor.constraint(equalTo: container.centerXAnchor)])
    #expect(child._layoutWarnings.count == 1)
    #expect(container._layoutWarnings.isEmpty)
    child.translatesAutoresizingMaskIntoConstraints = false
    NSLayoutConstraint.activate([child.centerYAnchor.constraint(equalTo: container.centerYAnchor)])
    #expect(child._layoutWarnings.count == 1)
  }
}

// MARK: - SwiftUI

@MainActor
@Observable
private final class Model {
  var count = 0
  var selection: String?
}

private struct CountingView: View {
  let model: Model
  @State private var local = 0

  var body: some View {
    VStack {
      Text("count \(model.count)")
      Text("local \(local)")
      Button("Increment") { local += 1 }
    }
  }
}

private struct NavigatingView: View {
  @Bindable var model: Model
  let started: @MainActor () -> Void

  var body: some View {
    NavigationStack {
      Text("root")
        .navigationDestination(item: $model.selection) { Text($0) }
        .task { started() }
    }
  }
}

private final class Starts: @unchecked Sendable {
  var count = 0
}

/// Receives from a publisher made again on every render, or from one made once.
private struct ReceivingView: View {
  let model: Model
  let subject: PassthroughSubject<Int, Never>
  let stored: AnyPublisher<Int, Never>
  let erasesOnEveryRender: Bool
  @State private var received = 0

  var body: some View {
    Text("count \(model.count) received \(received)")
      .onReceive(erasesOnEveryRender ? subject.eraseToAnyPublisher() : stored) { received = $0 }
  }
}

/// Counts the evaluations of its body; its button writes the value its state already has.
private struct SameValueView: View {
  let renders: Starts
  @State private var value = 0

  var body: some View {
    renders.count += 1
    return Button("Same \(value)") { value = 0 }
  }
}

@MainActor
@Suite struct SwiftUIBehaviour {
  func host(_ view: some View) -> (UIViewController, UIWindow) {
    let host = UIHostingController(rootView: view)
    let window = UIWindow(frame: .zero)
    window.rootViewController = host
    window.makeKeyAndVisible()
    return (host, window)
  }

  func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<1000 {
      if condition() { return true }
      await Task.yield()
    }
    return false
  }

  @Test func theBodyIsEvaluatedAgainWhenWhatItReadChanges() async {
    let model = Model()
    let (host, window) = host(CountingView(model: model))
    let screen = { (host as? any _SwiftUIHost)?._screen.texts ?? [] }
    #expect(screen() == ["count 0", "local 0", "Increment"])
    model.count = 3
    #expect(await eventually { screen().first == "count 3" })
    withExtendedLifetime(window) {}
  }

  @Test func stateKeepsItsValueAcrossRenders() async {
    let model = Model()
    let (host, window) = host(CountingView(model: model))
    let root = { (host as? any _SwiftUIHost)?._screen }
    root()?.button("Increment")?.tap()
    #expect(await eventually { root()?.texts.contains("local 1") == true })
    model.count = 1
    #expect(await eventually { root()?.texts.first == "count 1" })
    #expect(root()?.texts.contains("local 1") == true)
    root()?.button("Increment")?.tap()
    #expect(await eventually { root()?.texts.contains("local 2") == true })
    withExtendedLifetime(window) {}
  }

  @Test func writingTheValueStateHasRendersNothingAgain() async {
    let renders = Starts()
    let (host, window) = host(SameValueView(renders: renders))
    let root = { (host as? any _SwiftUIHost)?._screen }
    let before = renders.count
    root()?.button("Same 0")?.tap()
    for _ in 0..<10 { await Task.yield() }
    #expect(renders.count == before)
    withExtendedLifetime(window) {}
  }

  @Test func onReceiveSubscribesAgainOnlyWhenGivenAnotherPublisher() async {
    for erases in [true, false] {
      let model = Model()
      let subject = PassthroughSubject<Int, Never>()
      let (host, window) = host(
        ReceivingView(
          model: model, subject: subject, stored: subject.eraseToAnyPublisher(),
          erasesOnEveryRender: erases))
      let root = { (host as? any _SwiftUIHost)?._screen }
      let subscriptions = { (host as? any _SwiftUIHost)?._receiveSubscriptions ?? 0 }
      #expect(subscriptions() == 1)
      model.count = 1
      #expect(await eventually { root()?.texts == ["count 1 received 0"] })
      #expect(subscriptions() == (erases ? 2 : 1))
      subject.send(5)
      #expect(await eventually { root()?.texts == ["count 1 received 5"] })
      withExtendedLifetime(window) {}
    }
  }

  @Test func stateWrittenBeforeTheViewIsInstalledIsDropped() {
    @State var value = 1
    value = 2
    #expect(value == 1)
  }

  @Test func aDestinationIsPushedWhileItsItemIsSetAndTheTaskRestartsOnBack() async {
    let model = Model()
    let starts = Starts()
    let (host, window) = host(NavigatingView(model: model) { starts.count += 1 })
    let root = { (host as? any _SwiftUIHost)?._screen }
    #expect(await eventually { starts.count == 1 })
    model.selection = "detail"
    #expect(await eventually { root()?.pushedDestination?.texts == ["detail"] })
    root()?.pushedDestination?.goBack()
    #expect(model.selection == nil)
    #expect(await eventually { root()?.pushedDestination == nil && starts.count == 2 })
    withExtendedLifetime(window) {}
  }

  @Test func nothingRunsUntilTheHostIsInAWindow() async {
    let starts = Starts()
    let host = UIHostingController(rootView: NavigatingView(model: Model()) { starts.count += 1 })
    host.loadViewIfNeeded()
    for _ in 0..<10 { await Task.yield() }
    #expect(starts.count == 0)
  }
}
