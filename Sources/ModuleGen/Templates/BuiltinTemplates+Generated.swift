// swift-format-ignore-file
// Generated from Templates/ by `swift run embed-templates` (Sources/EmbedTemplates).
// Do not edit: edit Templates/ and run it again.

extension BuiltinTemplates {
  static let files: [String: String] = [
    "common/snippets/builder.liquid": #"""
{%- comment %}
  The builder of an MVP or MVVM module: `build` returns the screen as a view controller to push,
  and for SwiftUI `makeView` returns the view, for a SwiftUI host, and `buildRoot` the view in
  its own navigation stack. With a coordinator, the coordinator that the flow's starter created
  is passed in, and the screen tells when it has left (`onLeave`), so that the flow can end. Expects `summary` and `assemble`: statements
  that make the module from `service` (and `coordinator`) and return its view controller
  (UIKit), or (SwiftUI) the view with the objects it owns, as `parts_type` names them.
{% endcomment %}
{%- include 'service_injection' %}
{%- if params.coordinator %}
{%- capture build_parameters %}{{ service_parameter }}coordinator: any {{ module }}Coordinating{% endcapture %}
{%- capture view_parameters %}{{ service_parameter }}coordinator: (any {{ module }}Coordinating)?{% endcapture %}
{%- capture view_arguments %}{{ service_argument }}coordinator: coordinator{% endcapture %}
{%- elsif has_service == false %}
{%- assign build_parameters = "" %}
{%- assign view_parameters = "" %}
{%- assign view_arguments = "" %}
{%- else %}
{%- capture build_parameters %}service: any {{ module }}Servicing = {{ module }}Service(){% endcapture %}
{%- assign view_parameters = build_parameters %}
{%- capture view_arguments %}service: service{% endcapture %}
{%- endif %}
/// {{ summary }}
@MainActor
enum {{ module }}Builder {
{%- if params.ui == "swiftui" %}
{%- if params.coordinator %}
  /// The module's screen, for the coordinator's navigation controller.
  static func build({{ build_parameters }}) -> {{ module }}HostingController {
    {{ module }}HostingController(rootView: makeView({{ view_arguments }}))
  }
{%- else %}
  /// The module's screen, for a UIKit host to push onto its navigation controller{% if uses_defaults %}: the
  /// module shows its destinations on that navigation controller too{% endif %}.
  static func build({{ build_parameters }}) -> UIViewController {
{%- if uses_defaults %}
    let module = assemble({{ view_arguments }})
    let screen = UIHostingController(rootView: module.view)
    module.router.viewController = screen
    return screen
{%- else %}
    UIHostingController(rootView: makeView({{ view_arguments }}))
{%- endif %}
  }

  /// The module as the root of a window or of a presentation: the screen in its own
  /// navigation stack.
  static func buildRoot({{ build_parameters }}) -> UIViewController {
    UIHostingController(rootView: NavigationStack { makeView({{ view_arguments }}) })
  }
{%- endif %}

  /// The module's view, for a SwiftUI host to show in its navigation stack.
  static func makeView({{ view_parameters }}) -> {{ module }}View {
    assemble({{ view_arguments }}).view
  }

  /// The view and the objects it owns, wired together: what `makeView` returns, and what tests
  /// check (the view keeps them in its state, which only a view on screen can read).
{%- if view_parameters == "" %}
  static func assemble() -> {{ parts_type }} {
{%- else %}
  static func assemble(
    {{ view_parameters }}
  ) -> {{ parts_type }} {
{%- endif %}
{{ assemble }}
  }
{%- else %}
  static func build({{ build_parameters }}) -> {% if params.coordinator %}{{ module }}ViewController{% else %}UIViewController{% endif %} {
{{ assemble }}
  }
{%- endif %}
}
{%- if params.ui == "swiftui" and params.coordinator %}

/// The module's screen on the coordinator's navigation controller: it hosts the view, and says
/// when it has left for good (taken off the navigation controller, or dismissed), so that the
/// coordinator can end the flow.
final class {{ module }}HostingController: UIHostingController<{{ module }}View> {
  var onLeave: (@MainActor () -> Void)?

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
{% include 'screen_leave' %}
}
{%- endif %}
"""#,
    "common/snippets/cancelled_fetch_stub.liquid": #"""
{%- comment %}
  Stubs `mock`'s `fetchItems()` with a fetch that waits until it is cancelled, and then ends as
  URLSession's fetches do: with `URLError(.cancelled)`, not `CancellationError`. For the tests
  of a load that is cancelled: replaced by a newer one, or stopped when the screen leaves.
{%- endcomment %}
    {{ mock }}.fetchItemsClosure = {
      do {
        try await Task.sleep(for: .seconds(60))
      } catch {
        // Cancelled, it ends as URLSession's fetches do: not with CancellationError.
        throw URLError(.cancelled)
      }
      return []
    }
"""#,
    "common/snippets/coordinator.liquid": #"""
{%- comment %}
  The module's coordinator (MVP-C, MVVM-C). Whoever starts the flow creates and keeps it; it
  shows the module's screen on the navigation controller it is given and navigates from it.
  Its child flows and its end are the shared `Coordinator` protocol's (coordinator_protocol).
{%- endcomment %}
{%- include 'imports', modules: "UIKit", uses: "router" %}

/// Runs the {{ module }} flow: shows the module's screen on the navigation controller it is
/// given, and navigates from it. Whoever starts the flow creates and keeps it, and calls
/// `start()`; `onFinish` tells it when to let go: when the module's screen has left.
@MainActor
final class {{ module }}Coordinator: Coordinator, {{ module }}Coordinating {
  let navigationController: UINavigationController
  var onFinish: (@MainActor () -> Void)?
  var childCoordinators: [any Coordinator] = []
{%- if has_service %}
  private let service: any {{ module }}Servicing

  init(
    navigationController: UINavigationController,
    service: any {{ module }}Servicing = {{ module }}Service()
  ) {
    self.navigationController = navigationController
    self.service = service
  }
{%- else %}

  init(navigationController: UINavigationController) {
    self.navigationController = navigationController
  }
{%- endif %}

  /// Shows the module's screen: as the navigation controller's root when it has none, pushed
  /// otherwise. The flow ends when the screen leaves: taken off the navigation controller (the
  /// user goes back past it, however many screens at once) or dismissed.
  func start() {
    let screen = {{ module }}Builder.build({% if has_service %}service: service, {% endif %}coordinator: self)
    screen.onLeave = { [weak self] in self?.finish() }
    if navigationController.viewControllers.isEmpty {
      navigationController.setViewControllers([screen], animated: false)
    } else {
      navigationController.pushViewController(screen, animated: true)
    }
  }
{%- if uses_defaults %}

  func showDetail(for item: {{ module }}Item) {
    // TODO: start the detail module's flow instead of this placeholder:
    // startChild(DetailCoordinator(navigationController: navigationController))
    let detail = UIViewController()
    detail.title = item.title
    detail.view.backgroundColor = .systemBackground
    navigationController.pushViewController(detail, animated: true)
  }
{%- else %}
{%- include 'stubs', methods: router, blank_before_first: true %}
{%- endif %}
}
"""#,
    "common/snippets/coordinator_protocol.liquid": #"""
{%- comment %}
  The protocol the coordinators of the app's modules share (MVP-C, MVVM-C), with the
  bookkeeping of child flows written once: one file for all the modules (`shared: true`).
{%- endcomment %}
/// A flow of screens. Whoever starts a flow creates and keeps its coordinator, calls `start()`,
/// and lets it go when the coordinator calls `onFinish`. The coordinators of the app's modules
/// share this protocol, and with it the bookkeeping of the flows they start.
@MainActor
protocol Coordinator: AnyObject {
  /// The coordinators of the flows started from this one, kept until they finish.
  var childCoordinators: [any Coordinator] { get set }
  /// Called when the flow is over, so that whoever keeps this coordinator lets it go.
  var onFinish: (@MainActor () -> Void)? { get set }

  /// Shows the flow's first screen.
  func start()
}

extension Coordinator {
  /// Starts a flow from this one, and keeps its coordinator until that flow finishes.
  ///
  ///     startChild(DetailCoordinator(navigationController: navigationController))
  func startChild(_ child: any Coordinator) {
    keepUntilFinished(child)
    child.start()
  }

  /// Keeps the coordinator of a flow started from this one until that flow finishes: its
  /// `onFinish` lets it go.
  func keepUntilFinished(_ child: any Coordinator) {
    childCoordinators.append(child)
    child.onFinish = { [weak self, weak child] in
      guard let self, let child else { return }
      self.childCoordinators.removeAll { $0 === child }
    }
  }

  /// Ends the flow: the flows started from it first (their screens were above its own), then
  /// this one, which tells whoever keeps it, once.
  func finish() {
    for child in childCoordinators { child.finish() }
    let onFinish = onFinish
    self.onFinish = nil
    onFinish?()
  }
}
"""#,
    "common/snippets/coordinator_tests.liquid": #"""
{%- comment %}
  Tests of the coordinator of an MVP-C or MVVM-C module: it starts the flow on the navigation
  controller it is given (as its root when it has none), navigates, keeps its children and lets
  go of them when they finish, which they do when the user goes back past their screen, one
  screen or several at once.
{%- endcomment %}
{%- if params.ui == "swiftui" %}
{%- capture screen_type %}UIHostingController<{{ module }}View>{% endcapture %}
{%- else %}
{%- capture screen_type %}{{ module }}ViewController{% endcapture %}
{%- endif %}
{%- capture started %}navigation.topViewController is {{ screen_type }}{% endcapture %}
  // MARK: - Coordinator

{% include 'test', name: "coordinatorStartsTheFlowOnItsNavigationController" %}
    let navigation = UINavigationController()
    let coordinator = {{ module }}Coordinator(navigationController: navigation{% if has_service %}, service: {{ module }}ServicingMock(){% endif %})
    coordinator.start()
    {% include 'expect_equal', actual: "navigation.viewControllers.count", expected: "1" %}
    {% include 'expect', that: started %}
  }

{% include 'test', name: "coordinatorStartsAsTheRootOfAnEmptyStackAndPushesOnAnother" %}
    final class CountingPushes: UINavigationController {
      var pushes = 0
      override func pushViewController(_ viewController: UIViewController, animated: Bool) {
        pushes += 1
        super.pushViewController(viewController, animated: animated)
      }
    }
    let navigation = CountingPushes()
    {{ module }}Coordinator(navigationController: navigation{% if has_service %}, service: {{ module }}ServicingMock(){% endif %}).start()
    {% include 'expect_equal', actual: "navigation.pushes", expected: "0" %}
    {{ module }}Coordinator(navigationController: navigation{% if has_service %}, service: {{ module }}ServicingMock(){% endif %}).start()
    {% include 'expect_equal', actual: "navigation.pushes", expected: "1" %}
    {% include 'expect_equal', actual: "navigation.viewControllers.count", expected: "2" %}
  }

{% include 'test', name: "coordinatorLetsGoOfAChildWhenTheUserGoesBack" %}
    let navigation = UINavigationController()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = navigation
    window.makeKeyAndVisible()
{%- if has_service %}
    let service = {{ module }}ServicingMock()
{%- endif %}
{%- if uses_defaults %}
    service.fetchItemsReturnValue = items
{%- endif %}
    let coordinator = {{ module }}Coordinator(navigationController: navigation{% if has_service %}, service: service{% endif %})
    coordinator.start()
    weak var released: {{ module }}Coordinator?
    do {
      let child = {{ module }}Coordinator(navigationController: navigation{% if has_service %}, service: service{% endif %})
      coordinator.startChild(child)
      released = child
    }
    {% include 'expect_equal', actual: "navigation.viewControllers.count", expected: "2" %}
    {% include 'expect_equal', actual: "coordinator.childCoordinators.count", expected: "1" %}
    navigation.popViewController(animated: false)
    {% include 'wait_while', pending: "released != nil" %}
    {% include 'expect', that: "coordinator.childCoordinators.isEmpty" %}
    {% include 'expect', that: "released == nil" %}
    withExtendedLifetime(window) {}
  }

{% include 'test', name: "coordinatorEndsEveryFlowWhoseScreenThePopToTheRootTakesOff" %}
    let navigation = UINavigationController()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = navigation
    window.makeKeyAndVisible()
{%- if has_service %}
    let service = {{ module }}ServicingMock()
{%- endif %}
{%- if uses_defaults %}
    service.fetchItemsReturnValue = items
{%- endif %}
    let root = {{ module }}Coordinator(navigationController: navigation{% if has_service %}, service: service{% endif %})
    root.start()
    weak var child: {{ module }}Coordinator?
    weak var grandchild: {{ module }}Coordinator?
    do {
      let started = {{ module }}Coordinator(navigationController: navigation{% if has_service %}, service: service{% endif %})
      root.startChild(started)
      let next = {{ module }}Coordinator(navigationController: navigation{% if has_service %}, service: service{% endif %})
      started.startChild(next)
      (child, grandchild) = (started, next)
    }
    {% include 'expect_equal', actual: "navigation.viewControllers.count", expected: "3" %}
    navigation.popToRootViewController(animated: false)
    {% include 'wait_while', pending: "child != nil || grandchild != nil" %}
    {% include 'expect', that: "root.childCoordinators.isEmpty" %}
    {% include 'expect', that: "child == nil && grandchild == nil" %}
    {% include 'expect_equal', actual: "navigation.viewControllers.count", expected: "1" %}
    withExtendedLifetime(window) {}
  }

{% include 'test', name: "coordinatorKeepsAChildFlowUntilItFinishesThenLetsItGo" %}
    let coordinator = {{ module }}Coordinator(navigationController: UINavigationController())
    weak var released: {{ module }}Coordinator?
    do {
      let child = {{ module }}Coordinator(navigationController: coordinator.navigationController)
      coordinator.keepUntilFinished(child)
      released = child
    }
    {% include 'expect', that: "released != nil" %}
    {% include 'expect_equal', actual: "coordinator.childCoordinators.count", expected: "1" %}
    released?.finish()
    {% include 'expect', that: "coordinator.childCoordinators.isEmpty" %}
    {% include 'expect', that: "released == nil" %}
  }

{% include 'test', name: "coordinatorFinishingEndsItsChildFlowsFirstAndTellsItsParentOnce" %}
    @MainActor final class Finished { var flows: [String] = [] }
    let finished = Finished()
    let coordinator = {{ module }}Coordinator(navigationController: UINavigationController())
    let child = {{ module }}Coordinator(navigationController: coordinator.navigationController)
    coordinator.keepUntilFinished(child)
    child.onFinish = { [letGo = child.onFinish] in
      finished.flows.append("child")
      letGo?()
    }
    coordinator.onFinish = { finished.flows.append("parent") }
    coordinator.finish()
    coordinator.finish()
    {% include 'expect_equal', actual: "finished.flows", expected: '["child", "parent"]' %}
    {% include 'expect', that: "coordinator.childCoordinators.isEmpty" %}
  }
{%- if uses_defaults %}

{% include 'test', name: "coordinatorShowsTheDetailOfAnItem" %}
    let navigation = UINavigationController()
    let coordinator = {{ module }}Coordinator(navigationController: navigation{% if has_service %}, service: {{ module }}ServicingMock(){% endif %})
    coordinator.start()
    coordinator.showDetail(for: items[0])
    {% include 'expect_equal', actual: "navigation.viewControllers.count", expected: "2" %}
    {% include 'expect_equal', actual: "navigation.topViewController?.title", expected: '"First"' %}
  }
{%- endif %}
"""#,
    "common/snippets/entities.liquid": #"""
{%- comment %}
  The module's value types. For the typical screen: its item, the item as the view shows it
  (when `item_view_model` is true) and the state of the screen, whose loaded items are
  `loaded_type`; for a spec, its entities: structs and enums with the conformances they
  declare and those every entity has (`entity.conformances`).
{%- endcomment %}
{%- if uses_defaults %}

/// One item the screen lists, as the service delivers it.
struct {{ module }}Item: Identifiable, Hashable, Sendable {
  let id: UUID
  var title: String
}
{%- if item_view_model %}

/// One item as the screen shows it; the presenter makes it from a `{{ module }}Item`.
struct {{ module }}ItemViewModel: Identifiable, Hashable, Sendable {
  let id: UUID
  var title: String
}
{%- endif %}

/// What the screen shows.
enum {{ module }}LoadState: Equatable, Sendable {
  /// Nothing was asked for yet.
  case idle
  /// A load is in progress and there is nothing to show yet.
  case loading
  /// The items to show.
  case loaded([{{ loaded_type }}])
  /// The load succeeded and there is nothing to show.
  case empty
  /// The load failed and there is nothing to show; the message is for the user.
  case failed(String)
  /// A refresh failed: the items loaded before are still shown, with the message for the user.
  case refreshFailed([{{ loaded_type }}], String)
}

extension {{ module }}LoadState {
  /// The state after a failed load, with a message for the user.
  static func failed(because error: any Error) -> {{ module }}LoadState {
    .failed(message(for: error))
  }

  /// The state after a failed refresh of `items`, with a message for the user.
  static func refreshFailed(
    _ items: [{{ loaded_type }}], because error: any Error
  ) -> {{ module }}LoadState {
    .refreshFailed(items, message(for: error))
  }

  /// What the user reads about `error`: its own description when it is a `LocalizedError` that
  /// has one, else a general message, never a debug description. Make your errors
  /// `LocalizedError`s to say more.
  private static func message(for error: any Error) -> String {
    (error as? any LocalizedError)?.errorDescription
      ?? String(
        localized: "Something went wrong. Please try again.",
        comment: "Shown when the items could not be loaded, for an error that says nothing")
  }
}
{%- else %}
{%- for entity in entities %}

{{ entity.kind }} {{ entity.name }}: {{ entity.conformances | join: ", " }} {
{%- for field in entity.fields %}
  {{ field.declaration }}
{%- endfor %}
{%- for entity_case in entity.cases %}
  {{ entity_case.declaration }}
{%- endfor %}
}
{%- endfor %}
{%- endif %}
"""#,
    "common/snippets/event_call.liquid": #"""
{%- comment %}
  The body of the view-output method `method`, which calls `method.calls` on `receiver` (a
  coordinator, held weakly, through `?.`): awaited in the method when it is async, else in a
  task that holds only the receiver, which the object keeps and cancels when it goes
  (`event_tasks`' `startTask`: one at a time for an event without arguments, each call for one
  with arguments); an error it throws, and a value it returns, are left to the developer to
  show.
{%- endcomment %}
{%- assign target = method.calls.method %}
{%- assign indent = "" %}
{%- assign wrapped = false %}
{%- if target.is_async and method.is_async == false %}
{%- assign wrapped = true %}
{%- assign indent = "  " %}
{%- endif %}
{%- capture call %}{% if target.has_return %}_ = {% endif %}{{ target.call_prefix }}{{ receiver }}{% if receiver == "coordinator" %}?{% endif %}.{{ method.calls.call }}{% endcapture %}
{%- if wrapped %}
    startTask(for: "{{ method.selector }}"{% if method.has_parameters %}, eachCall: true{% endif %}) { [{{ receiver }}] in
{%- endif %}
{%- if target.is_throwing %}
    {{ indent }}do {
{%- if target.has_return %}
    {{ indent }}  // TODO: show what {{ target.selector }} returns.
{%- endif %}
    {{ indent }}  {{ call }}
    {{ indent }}} catch {
    {{ indent }}  // TODO: show the error.
    {{ indent }}}
{%- else %}
{%- if target.has_return %}
    {{ indent }}// TODO: show what {{ target.selector }} returns.
{%- endif %}
    {{ indent }}{{ call }}
{%- endif %}
{%- if wrapped %}
    }
{%- endif %}
"""#,
    "common/snippets/event_role.liquid": #"""
{%- comment %}
  `picked`: `for_interactor` or `for_router`, as the view-output method `method` calls an
  interactor or a router method (`method.calls.role`), or empty when it calls nothing.
{%- endcomment %}
{%- assign picked = "" %}
{%- if method.calls %}
{%- if method.calls.role == "interactor" %}
{%- assign picked = for_interactor %}
{%- else %}
{%- assign picked = for_router %}
{%- endif %}
{%- endif %}
"""#,
    "common/snippets/event_tasks.liquid": #"""
{%- comment %}
  The tasks an object starts for what its screen reports, kept so that none runs on for a screen
  that is gone: a view-output method of `events` that is not async and calls an async method
  (`event_call`, with `interactor_receiver` and `router_receiver` as `events` takes them), and,
  when `reports_lifecycle`, the spec's async `viewDidLoad()` that a UIKit view reports
  (`lifecycle_call`). `part` is "storage" (the property that keeps them, after `ignored`:
  `@ObservationIgnored ` in an observable class, else empty) or "members" (the `deinit` that
  cancels them, and `startTask(for:_:)`, which starts one); each opens with a line break, and
  nothing is written when the object starts no task. An event without arguments runs one task
  at a time (a second tap while the first one's request runs sends none); one with arguments
  (`each_call`) runs a task for each call, as another item or value is another request, and
  its calls are neither dropped nor cancelled by the next. `deinit` is not isolated (an
  isolated one needs iOS 18.4): it reads only the sendable tasks, as Swift 6 allows.
{%- endcomment %}
{%- assign starts_tasks = false %}
{%- assign each_call = false %}
{%- comment %} The typical screen's methods call nothing (`calls` is a spec's). {% endcomment %}
{%- unless uses_defaults %}
{%- for event in events %}
{%- include 'event_role', method: event, for_interactor: interactor_receiver, for_router: router_receiver %}
{%- if picked != "" and event.calls.method.is_async and event.is_async == false %}
{%- assign starts_tasks = true %}
{%- if event.has_parameters %}{% assign each_call = true %}{% endif %}
{%- endif %}
{%- endfor %}
{%- endunless %}
{%- if reports_lifecycle %}
{%- assign load_methods = presenter | where: "selector", "viewDidLoad()" %}
{%- if load_methods.size > 0 and load_methods[0].is_async %}{% assign starts_tasks = true %}{% endif %}
{%- endif %}
{%- if starts_tasks %}
{%- if part == "storage" %}
{%- if each_call %}
  /// The tasks of the screen's events that run on after the call that started them, by event
  /// (an event with arguments: by event and number, each call its own), cancelled by `deinit`.
{%- else %}
  /// The tasks of the screen's events that run on after the call that started them, by event:
  /// the same event while its task runs starts none, and `deinit` cancels them.
{%- endif %}
  {{ ignored }}private var eventTasks: [String: Task<Void, Never>] = [:]
{%- if each_call %}
  {{ ignored }}private var eventTaskCount = 0
{%- endif %}
{%- else %}
  // The screen is gone, and this object with it: the tasks its events started stop (a slow
  // request is cancelled) instead of running on for nobody.
  deinit {
    for task in eventTasks.values { task.cancel() }
  }
{%- if each_call %}

  /// Runs `work` for `event` in a task this object keeps until it ends, and cancels when it
  /// goes. `eachCall` (an event with arguments: another item, another request): every call
  /// runs; else nothing starts while the work the same event started still runs (a second tap
  /// sends no second request). The task does not keep this object alive.
  private func startTask(
    for event: String, eachCall: Bool = false, _ work: @escaping @MainActor () async -> Void
  ) {
    var key = event
    if eachCall {
      eventTaskCount += 1
      key += " \(eventTaskCount)"
    } else if eventTasks[key] != nil {
      return
    }
    eventTasks[key] = Task { [weak self] in
      await work()
      self?.eventTasks[key] = nil
    }
  }
{%- else %}

  /// Runs `work` for `event` in a task this object keeps, unless the work the same event
  /// started still runs (a second tap sends no second request). The task does not keep this
  /// object alive, and is cancelled when it goes.
  private func startTask(for event: String, _ work: @escaping @MainActor () async -> Void) {
    guard eventTasks[event] == nil else { return }
    eventTasks[event] = Task { [weak self] in
      await work()
      self?.eventTasks[event] = nil
    }
  }
{%- endif %}
{%- endif %}
{%- endif %}
"""#,
    "common/snippets/event_tests.liquid": #"""
{%- comment %}
  A test per view-output method of `events` (the `presenter` role's) that returns nothing and whose arguments a test
  can make: a method that `calls` an interactor or router method the template wires calls it
  once, with the event's arguments (and the literal defaults of the parameters it leaves out); any other calls nothing yet (no spy of `spies` records a
  call), until the developer writes it and its test. Expects `event_setup` (statements that make
  `subject`, what implements the methods, and its spies), `subject`, `interactor_spy` and
  `router_spy` (the spies' names, empty for one the template does not wire), and `spies`
  (`name:MockType:role`, separated by commas: the spies whose calls an unwired method must not
  make).
{%- endcomment %}
{%- assign unwired = false %}
{%- assign counted = "" | split: "" %}
{%- assign spy_entries = spies | split: "," %}
{%- for s in spy_entries %}
{%- assign parts = s | split: ":" %}
{%- if roles[parts[2]].methods.size > 0 %}
{%- assign one = s | split: "," %}
{%- assign counted = counted | concat: one %}
{%- endif %}
{%- endfor %}
{%- for m in events %}
{%- if m.sample_arguments and m.has_return == false %}
{%- include 'event_role', method: m, for_interactor: interactor_spy, for_router: router_spy %}
{%- assign spy = picked %}
{%- if spy == "" and counted.size == 0 %}{% continue %}{% endif %}
{%- if spy != "" %}
{%- assign target = m.calls.method %}
{%- capture name %}{{ m.identifier }}Calls{{ spy | upper_first }}{{ target.identifier | upper_first }}{% endcapture %}
{%- else %}
{%- assign unwired = true %}
{%- capture name %}{{ m.identifier }}CallsNothingYet{% endcapture %}
{%- endif %}

{% include 'test', name: name %}
{{ event_setup }}
{%- if spy != "" and target.has_return and target.returns_optional == false and target.is_throwing == false %}
    {{ spy }}.{{ target.identifier }}ReturnValue = {{ m.calls.return_value }}
{%- endif %}
{%- for argument in m.sample_arguments %}
    let {{ argument.local }} = {{ argument.value }}
{%- endfor %}
    {{ m.call_prefix }}{{ subject }}.{{ m.sample_call }}
{%- if spy != "" %}
{%- if target.is_async and m.is_async == false %}
    {% capture pending %}{{ spy }}.{{ target.identifier }}CallCount == 0{% endcapture %}{% include 'wait_while', pending: pending %}
{%- endif %}
    {% capture count %}{{ spy }}.{{ target.identifier }}CallCount{% endcapture %}{% include 'expect_equal', actual: count, expected: "1" %}
{%- for passed in m.calls.passed %}
{%- assign argument = m.sample_arguments | where: "parameter", passed | first %}
    {% capture actual %}{{ spy }}.{{ target.identifier }}ReceivedArguments{% if target.stored_parameters.size > 1 %}?.{{ passed }}{% endif %}{% endcapture %}{% include 'expect_equal', actual: actual, expected: argument.local %}
{%- endfor %}
{%- for d in m.calls.defaults %}
    {% capture actual %}{{ spy }}.{{ target.identifier }}ReceivedArguments{% if target.stored_parameters.size > 1 %}?.{{ d.name }}{% endif %}{% endcapture %}{% include 'expect_equal', actual: actual, expected: d.value %}
{%- endfor %}
{%- else %}
    // Until you write it, it calls none of these: replace this test with what it does.
    {% capture count %}{% for s in counted %}{% assign parts = s | split: ":" %}callCount({{ parts[0] }}){% unless forloop.last %} + {% endunless %}{% endfor %}{% endcapture %}{% include 'expect_equal', actual: count, expected: "0" %}
{%- endif %}
  }
{%- endif %}
{%- endfor %}
{%- if unwired %}
{%- for s in counted %}
{%- assign parts = s | split: ":" %}

  /// The calls `{{ parts[0] }}` recorded, of all its methods.
  private func callCount(_ {{ parts[0] }}: {{ parts[1] }}) -> Int {
    var count = 0
{%- for m in roles[parts[2]].methods %}
    count += {{ parts[0] }}.{{ m.identifier }}CallCount
{%- endfor %}
    return count
  }
{%- endfor %}
{%- endif %}
"""#,
    "common/snippets/events.liquid": #"""
{%- comment %}
  The view-output methods `methods`, as `stubs` writes methods, separated by blank lines and
  preceded by one when `blank_before_first` is true; a method that `calls` an interactor
  method calls it on `interactor_receiver`, one that calls a router method on
  `router_receiver` (see `event_call`), when that is not empty.
{% endcomment %}
{%- capture newline %}
{% endcapture %}
{%- for method in methods %}
{%- if blank_before_first or forloop.first == false %}{{ newline }}{% endif %}
{%- include 'event_role', for_interactor: interactor_receiver, for_router: router_receiver %}
{%- assign receiver = picked %}
  func {{ method.signature }} {
{%- if receiver != "" %}
{%- include 'event_call' %}
{%- else %}
{% include 'stub_body' %}
{%- endif %}
  }
{%- endfor %}
"""#,
    "common/snippets/expect.liquid": #"""
{% comment %}An expectation that `that` holds.{% endcomment %}{% if params.tests == "swift-testing" %}#expect({{ that }}){% else %}XCTAssertTrue({{ that }}){% endif %}
"""#,
    "common/snippets/expect_equal.liquid": #"""
{% comment %}An expectation that `actual` equals `expected`.{% endcomment %}{% if params.tests == "swift-testing" %}#expect({{ actual }} == {{ expected }}){% else %}XCTAssertEqual({{ actual }}, {{ expected }}){% endif %}
"""#,
    "common/snippets/forwarding_stubs.liquid": #"""
{%- comment %}
  A method for each of `methods` that calls the method of the same name on `receiver` (a
  use case over its service), separated by blank lines, and preceded by one when
  `blank_before_first` is true. A method with a variadic parameter, which cannot pass its
  arguments on, is a stub to fill in.
{% endcomment %}
{%- capture newline %}
{% endcapture %}
{%- for method in methods %}
{%- if blank_before_first or forloop.first == false %}{{ newline }}{% endif %}
{%- assign variadic = method.parameters | where: "is_variadic" %}
  func {{ method.signature }} {
{%- if variadic.size > 0 %}
{% include 'stub_body' %}
{%- else %}
    // TODO: apply the use case's business rules around what the {{ receiver }} does.
    {{ method.call_prefix }}{{ receiver }}.{{ method.call }}
{%- endif %}
  }
{%- endfor %}
"""#,
    "common/snippets/header.liquid": #"""
//
//  {{ file_name }}
{%- if project != "" %}
//  {{ project }}
{%- endif %}
//
{%- if author != "" %}
//  Created by {{ author }} on {{ date }}.
{%- else %}
//  Created on {{ date }}.
{%- endif %}
{%- if company != "" %}
//  Copyright © {{ year }} {{ company }}. All rights reserved.
{%- endif %}
//
"""#,
    "common/snippets/imports.liquid": #"""
{%- comment %}
  The import lines of a file: `modules` (comma-separated, what the file itself needs) and the
  modules the types of the spec's parts it names need (`uses`: comma-separated roles and
  `entities`, from `imports_by_part`; `all` for every part, `imports`; empty for none), sorted,
  each once.
{%- endcomment %}
{%- assign import_list = modules | split: "," %}
{%- if uses == "all" %}
{%- assign import_list = import_list | concat: imports %}
{%- else %}
{%- assign used_parts = uses | split: "," %}
{%- for part in used_parts %}
{%- assign import_list = import_list | concat: imports_by_part[part] %}
{%- endfor %}
{%- endif %}
{%- assign import_list = import_list | uniq | sort %}
{%- for m in import_list %}
import {{ m }}
{%- endfor %}
"""#,
    "common/snippets/lifecycle_call.liquid": #"""
{%- comment %}
  For a module whose spec declares `viewDidLoad()` in the presenter role: the statement that
  calls it on `receiver` when the view loads, indented by `indent` (empty when there is none).
  An async one is awaited as it is when `awaited` (the caller's own task runs it: SwiftUI's
  `.task`), else run in a task the view keeps and cancels when it goes (`event_tasks`), which
  holds what it calls, not the view. `lifecycle_is_async` tells the caller which it wrote.
{%- endcomment %}
{%- assign lifecycle = presenter | where: "selector", "viewDidLoad()" %}
{%- assign lifecycle_is_async = false %}
{%- if lifecycle.size > 0 %}
{%- assign m = lifecycle[0] %}
{%- if m.is_async %}
{%- assign lifecycle_is_async = true %}
{%- capture call %}{% if m.is_throwing %}try? {% endif %}await {{ receiver }}.viewDidLoad(){% endcapture %}
{%- if awaited %}
{{ indent }}{{ call }}
{%- else %}
{%- assign holder = receiver | split: "." | first %}
{{ indent }}startTask(for: "viewDidLoad()") { [{{ holder }}] in {{ call }} }
{%- endif %}
{%- elsif m.is_throwing %}
{{ indent }}try? {{ receiver }}.viewDidLoad()
{%- else %}
{{ indent }}{{ receiver }}.viewDidLoad()
{%- endif %}
{%- endif %}
"""#,
    "common/snippets/load.liquid": #"""
{%- comment %}
  How the typical screen loads: `load()` replaces a load in progress and is cancelled with its
  caller (`startFetch()` starts a load that nothing awaits, in `fetchTask` at once); a result
  or an error that arrives for a replaced load is dropped, whatever error the service throws
  when cancelled; a failed refresh keeps the items loaded before. Expects `fetch_call` (the call
  that returns the items), `show` (a statement that shows `STATE`), `loaded_items` (the loaded
  state's items, from `items`), `keeps_items` (whether to store the entities in `items`),
  `after_loaded` (a statement after a successful load, or empty) and `after_ended` (a
  statement after a load that ended, with its items or its failure shown, or empty). Needs
  `items` and `fetchTask`.
{%- endcomment %}
  /// Loads the items. A load started while another is in progress replaces it, and cancelling
  /// the caller (a view that disappears) cancels the load.
  func load() async {
    let task = startFetch()
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }

  /// Starts fetching the items now, in place of a fetch in progress: the task, kept in
  /// `fetchTask`, so that what stops the load stops it from this moment on.
  @discardableResult
  private func startFetch() -> Task<Void, Never> {
    fetchTask?.cancel()
    let task = Task { await fetchItems() }
    fetchTask = task
    return task
  }

  private func fetchItems() async {
    if items.isEmpty {
      {{ show | replace: "STATE", ".loading" }}
    }
    do {
      let items = try await {{ fetch_call }}
      try Task.checkCancellation()
{%- if keeps_items %}
      self.items = items
{%- endif %}
      {{ show | replace: "STATE", "items.isEmpty ? .empty : .loaded(LOADED)" | replace: "LOADED", loaded_items }}
{%- if after_loaded != "" %}
      {{ after_loaded }}
{%- endif %}
    } catch {
      // A newer load replaced this one, or nobody waits for it any more: what the fetch threw
      // then is no failure to show (URLSession throws URLError.cancelled, not CancellationError).
      guard !Task.isCancelled else { return }
      if items.isEmpty {
        {{ show | replace: "STATE", ".failed(because: error)" }}
      } else {
        // A refresh failed: what was loaded stays on screen.
        {{ show | replace: "STATE", ".refreshFailed(LOADED, because: error)" | replace: "LOADED", loaded_items }}
      }
    }
{%- if after_ended != "" %}
    {{ after_ended }}
{%- endif %}
  }
"""#,
    "common/snippets/load_tests.liquid": #"""
{%- comment %}
  Tests of what loads the typical screen and keeps the state it shows (MVVM's view model, MVC's
  loader), with a mocked service: the states it goes through. Expects `subject` (its name in
  the tests), `make_subject` (a call in the suite that returns it, the service mock and one
  more value) and `loaded` (the items of the loaded state in the tests: `items`, or
  `itemViewModels`).
{%- endcomment %}
{%- capture state %}{{ subject }}.state{% endcapture %}
{%- capture loaded_state %}.loaded({{ loaded }}){% endcapture %}
{%- capture general %}.failed(String(localized: "Something went wrong. Please try again.")){% endcapture %}
{%- capture refresh_failed %}.refreshFailed({{ loaded }}, "The network is down."){% endcapture %}
{%- capture captured %}items{% if loaded != "items" %}, {{ loaded }}{% endif %}{% endcapture %}
{%- capture loading_during_fetch %}{% include 'expect_equal', actual: state, expected: ".loading" %}{% endcapture %}
{%- capture loaded_during_fetch %}{% include 'expect_equal', actual: state, expected: loaded_state %}{% endcapture %}
{% include 'test', name: "loadShowsLoadingThenTheItems" %}
    let ({{ subject }}, service, _) = {{ make_subject }}
    service.fetchItemsClosure = { @MainActor [items] in
      {{ loading_during_fetch }}
      return items
    }
    await {{ subject }}.load()
    {% include 'expect_equal', actual: state, expected: loaded_state %}
  }

{% include 'test', name: "loadWithoutItemsShowsTheEmptyState" %}
    let ({{ subject }}, service, _) = {{ make_subject }}
    service.fetchItemsReturnValue = []
    await {{ subject }}.load()
    {% include 'expect_equal', actual: state, expected: ".empty" %}
  }

{% include 'test', name: "failedLoadShowsItsMessageEveryTime" %}
    let ({{ subject }}, service, _) = {{ make_subject }}
    service.fetchItemsClosure = { @MainActor in
      {{ loading_during_fetch }}
      throw LoadError()
    }
    await {{ subject }}.load()
    {% include 'expect_equal', actual: state, expected: '.failed("The network is down.")' %}
    await {{ subject }}.load()
    {% include 'expect_equal', actual: state, expected: '.failed("The network is down.")' %}
    {% include 'expect_equal', actual: "service.fetchItemsCallCount", expected: "2" %}
  }

{% include 'test', name: "anErrorWithNothingForUsersGetsAGeneralMessage" %}
    let ({{ subject }}, service, _) = {{ make_subject }}
    service.fetchItemsError = OpaqueError()
    await {{ subject }}.load()
    {% include 'expect_equal', actual: state, expected: general %}
  }

{% include 'test', name: "reloadKeepsTheItemsOnScreen" %}
    let ({{ subject }}, service, _) = {{ make_subject }}
    service.fetchItemsReturnValue = items
    await {{ subject }}.load()
    service.fetchItemsClosure = { @MainActor [{{ captured }}] in
      {{ loaded_during_fetch }}
      return items
    }
    await {{ subject }}.load()
    {% include 'expect_equal', actual: state, expected: loaded_state %}
  }

{% include 'test', name: "failedRefreshKeepsTheItemsAndSaysWhy" %}
    let ({{ subject }}, service, _) = {{ make_subject }}
    service.fetchItemsReturnValue = items
    await {{ subject }}.load()
    service.fetchItemsError = LoadError()
    await {{ subject }}.load()
    {% include 'expect_equal', actual: state, expected: refresh_failed %}
  }

{% include 'test', name: "aNewLoadReplacesTheOneInProgress" %}
    let ({{ subject }}, service, _) = {{ make_subject }}
{%- include 'cancelled_fetch_stub', mock: "service" %}
    let first = Task { await {{ subject }}.load() }
    {% include 'wait_while', pending: "service.fetchItemsCallCount == 0" %}
    service.fetchItemsClosure = { @MainActor [items] in
      // The replaced load has ended, and shows nothing of how.
      await first.value
      {{ loading_during_fetch }}
      return items
    }
    await {{ subject }}.load()
    {% include 'expect_equal', actual: state, expected: loaded_state %}
  }
"""#,
    "common/snippets/missing_stub.liquid": #"""
{%- comment %}
  After the mocks of a Mocks file whose spies throw it (`uses_missing_stub`): the error a mock
  throws when a test did not stub a method's result. Code under test that shows errors shows
  its message, so the failing assertion says what to stub; the run goes on.
{%- endcomment %}
{%- if uses_missing_stub %}

/// Thrown by a mock whose method the test did not stub: its message says what to set.
struct {{ module }}MissingStub: LocalizedError {
  let errorDescription: String?

  /// `method` (a selector) of `mock` was called without a stub: set `<stub>ReturnValue` or
  /// `<stub>Closure`.
  init(in mock: AnyObject, _ method: String, stub: String) {
    errorDescription =
      "\(type(of: mock)).\(method) has no stub: set \(stub)ReturnValue or \(stub)Closure"
  }
}
{%- endif %}
"""#,
    "common/snippets/optional.liquid": #"""
{% comment %}`type` as an optional: `T?`, or `(T)?` for a function, `any` or `some` type.{% endcomment %}{% assign type_start = type | slice: 0, 4 %}{% if type contains "->" or type_start == "any " or type_start == "some" %}({{ type }})?{% else %}{{ type }}?{% endif %}
"""#,
    "common/snippets/passive_spec_tests.liquid": #"""
{%- comment %}
  The tests of a spec's VIPER or MVP module (`spec_tests`): the UIKit screen on a spy of what
  it reports to, or the SwiftUI view state. Expects `output_name` (the view controller's name
  for what it reports to) and `output_protocol` (that protocol's name after the module's).
{%- endcomment %}
{%- assign spy = output_name %}
{%- if params.ui == "uikit" %}
{%- capture screen_setup %}    let {{ output_name }} = {{ module }}{{ output_protocol }}Mock()
    let screen = {{ module }}ViewController({{ output_name }}: {{ output_name }}){% endcapture %}
{%- assign state_setup = "" %}
{%- else %}
{%- assign screen_setup = "" %}
{%- capture state_setup %}    let SUBJECT = {{ module }}ViewState(){% endcapture %}
{%- endif %}
{%- include 'spec_tests', state_name: "viewState" %}
"""#,
    "common/snippets/passive_view_swiftui.liquid": #"""
{%- comment %}
  A passive SwiftUI view: an observable view state that implements the view protocol, the view
  that shows it and reports to the presenter, and a preview (VIPER, MVP). Expects
  `view_protocol` and `output_protocol` (the protocols' names after the module's),
  `output_name` (the view's name for the presenter), `has_coordinator`, `reports_events` (see
  `swiftui_screen`) and `view_summary`.
{%- endcomment %}
/// What the presenter tells the view to show, as state SwiftUI observes.
@MainActor
@Observable
{%- if uses_defaults %}
final class {{ module }}ViewState: {{ module }}{{ view_protocol }} {
  private(set) var loadState: {{ module }}LoadState = .idle

  func display(_ state: {{ module }}LoadState) {
    loadState = state
  }
}
{%- elsif view.size == 0 %}
final class {{ module }}ViewState: {{ module }}{{ view_protocol }} {}
{%- else %}
final class {{ module }}ViewState: {{ module }}{{ view_protocol }} {
{%- for property in view_state %}
  private(set) var {{ property.name }}: {{ property.type }} = {{ property.initial_value }}
{%- endfor %}
{%- include 'state_methods', blank_before_first: true %}
}
{%- endif %}

{%- assign owns_router = false %}
{%- if uses_defaults and has_coordinator == false %}{% assign owns_router = true %}{% endif %}

/// {{ view_summary }}
struct {{ module }}View: View {
  // The screen's objects, owned by the view: SwiftUI keeps the first ones it is given for as
  // long as the view is on screen, so a host that makes the view again in its `body` keeps
  // the same screen.
  @State private var state: {{ module }}ViewState
  @State private var {{ output_name }}: any {{ module }}{{ output_protocol }}
{%- if owns_router %}
  @State private var router: {{ module }}Router
{%- endif %}
{%- if uses_defaults %}
{%- include 'swiftui_screen_state' %}
{%- endif %}

  init(
    state: {{ module }}ViewState, {{ output_name }}: any {{ module }}{{ output_protocol }}{% if owns_router %},
    router: {{ module }}Router{% endif %}
  ) {
    _state = State(initialValue: state)
    _{{ output_name }} = State(initialValue: {{ output_name }})
{%- if owns_router %}
    _router = State(initialValue: router)
{%- endif %}
  }
{%- if uses_defaults %}
{%- assign state_expression = "state.loadState" %}
{%- capture load_call %}{{ output_name }}.load(){% endcapture %}
{%- capture select_call %}{{ output_name }}.didSelectItem(id: item.id){% endcapture %}
{%- if has_coordinator %}
{%- assign destination = "" %}
{%- else %}
{%- assign destination = "$router.detail" %}
{%- endif %}
{%- assign task_setup = "" %}
{%- assign modifiers = "" %}
{%- comment %} A presenter that starts loads of its own (VIPER's) hears when the screen appears and leaves. {% endcomment %}
{%- assign reports_screen_events = false %}
{%- if reports_events == false and screen_events.size > 0 %}{% assign reports_screen_events = true %}{% endif %}
{% include 'swiftui_screen', reports_screen_events: reports_screen_events %}
{%- else %}
{%- include 'swiftui_spec_body', receiver: output_name, appear: "", modifiers: "" %}
{%- endif %}
}
{%- include 'preview' %}
"""#,
    "common/snippets/passive_view_uikit.liquid": #"""
{%- comment %}
  A passive UIKit view: the view controller of the screen, which implements the view protocol
  and reports to the presenter (VIPER, MVP). Expects `view_protocol` and `output_protocol` (the
  protocols' names after the module's), `output_name` (the view's name for the presenter),
  `reports_events` (whether the view only reports what the user does and the presenter loads,
  and ends the pull's spinner with `endRefreshing()`; see `uikit_screen`) and `view_summary`.
{%- endcomment %}
{%- capture setup %}{% include 'lifecycle_call', receiver: output_name, indent: "    ", awaited: false %}{% endcapture %}
{%- assign setup = setup | strip_newlines %}
{%- assign no_events = "" | split: "" %}
{%- capture dependencies %}  private let {{ output_name }}: any {{ module }}{{ output_protocol }}{% include 'event_tasks', part: "storage", events: no_events, interactor_receiver: "", router_receiver: "", reports_lifecycle: true, ignored: "" %}{% endcapture %}
{%- capture init_parameters %}{{ output_name }}: any {{ module }}{{ output_protocol }}{% endcapture %}
{%- capture init_assignments %}    self.{{ output_name }} = {{ output_name }}{% endcapture %}
{%- assign loader = output_name %}
{%- capture select_call %}{{ output_name }}.didSelectItem(id: items[indexPath.row].id){% endcapture %}
{%- assign row_type = module | append: "ItemViewModel" %}
{%- assign row_title = "title" %}
{%- capture members %}{% include 'event_tasks', part: "members", events: no_events, interactor_receiver: "", router_receiver: "", reports_lifecycle: true, ignored: "" %}{% endcapture %}
{%- assign screen_summary = view_summary %}
{%- comment %} A presenter that starts loads of its own (VIPER's) hears when the screen appears and leaves. {% endcomment %}
{%- assign reports_screen_events = false %}
{%- if reports_events == false and screen_events.size > 0 %}{% assign reports_screen_events = true %}{% endif %}
{% include 'uikit_screen', reports_screen_events: reports_screen_events %}

// MARK: - {{ module }}{{ view_protocol }}

extension {{ module }}ViewController: {{ module }}{{ view_protocol }} {
{%- if uses_defaults %}
  func display(_ state: {{ module }}LoadState) {
    render(state)
  }
{%- if reports_events %}

  func endRefreshing() {
    refreshControl.endRefreshing()
  }
{%- endif %}
{%- else %}
{%- include 'stubs', methods: view, blank_before_first: false %}
{%- endif %}
}
"""#,
    "common/snippets/presenter_tests.liquid": #"""
{%- comment %}
  Tests of a presenter that loads the typical screen (VIPER, MVP), with mocks. Expects a
  `makePresenter()` in the suite that returns the presenter, the view mock, the mock it loads
  from and the router or coordinator mock.
{%- endcomment %}
{%- capture failed %}{{ module }}LoadState.failed("The network is down."){% endcapture %}
  // MARK: - Presenter

{% include 'test', name: "loadShowsLoadingThenTheItems" %}
    let (presenter, view, source, _) = makePresenter()
    source.fetchItemsReturnValue = items
    await presenter.load()
    {% include 'expect_equal', actual: "view.displayReceivedInvocations", expected: "[.loading, .loaded(itemViewModels)]" %}
  }

{% include 'test', name: "loadWithoutItemsShowsTheEmptyState" %}
    let (presenter, view, source, _) = makePresenter()
    source.fetchItemsReturnValue = []
    await presenter.load()
    {% include 'expect_equal', actual: "view.displayReceivedInvocations", expected: "[.loading, .empty]" %}
  }

{% include 'test', name: "failedLoadShowsItsMessageEveryTime" %}
    let (presenter, view, source, _) = makePresenter()
    source.fetchItemsError = LoadError()
    await presenter.load()
    await presenter.load()
    let failed = {{ failed }}
    {% include 'expect_equal', actual: "view.displayReceivedInvocations", expected: "[.loading, failed, .loading, failed]" %}
  }

{% include 'test', name: "anErrorWithNothingForUsersGetsAGeneralMessage" %}
    let (presenter, view, source, _) = makePresenter()
    source.fetchItemsError = OpaqueError()
    await presenter.load()
    {% include 'expect_equal', actual: "view.displayReceivedArguments", expected: '.failed("Something went wrong. Please try again.")' %}
  }

{% include 'test', name: "reloadKeepsTheItemsOnScreen" %}
    let (presenter, view, source, _) = makePresenter()
    source.fetchItemsReturnValue = items
    await presenter.load()
    await presenter.load()
    {% include 'expect_equal', actual: "view.displayReceivedInvocations", expected: "[.loading, .loaded(itemViewModels), .loaded(itemViewModels)]" %}
  }

{% include 'test', name: "failedRefreshKeepsTheItemsAndSaysWhy" %}
    let (presenter, view, source, _) = makePresenter()
    source.fetchItemsReturnValue = items
    await presenter.load()
    source.fetchItemsError = LoadError()
    await presenter.load()
    {% include 'expect_equal', actual: "view.displayReceivedArguments", expected: '.refreshFailed(itemViewModels, "The network is down.")' %}
  }

{% include 'test', name: "aNewLoadReplacesTheOneInProgress" %}
    let (presenter, view, source, _) = makePresenter()
{%- include 'cancelled_fetch_stub', mock: "source" %}
    let first = Task { await presenter.load() }
    {% include 'wait_while', pending: "source.fetchItemsCallCount == 0" %}
    source.fetchItemsClosure = nil
    source.fetchItemsReturnValue = items
    await presenter.load()
    await first.value
    {% include 'expect_equal', actual: "view.displayReceivedInvocations", expected: "[.loading, .loading, .loaded(itemViewModels)]" %}
  }

{% include 'test', name: "selectingAnItemShowsItsDetailEveryTime" %}
    let (presenter, _, source, navigation) = makePresenter()
    source.fetchItemsReturnValue = items
    await presenter.load()
    presenter.didSelectItem(id: items[1].id)
    presenter.didSelectItem(id: items[1].id)
    {% include 'expect_equal', actual: "navigation.showDetailForReceivedInvocations", expected: "[items[1], items[1]]" %}
  }
"""#,
    "common/snippets/preview.liquid": #"""
{%- comment %}
  A preview of the module's SwiftUI view, made by the builder, with a stub service that returns
  sample items for the typical screen. Expects `has_coordinator` and `make_view_has_input`
  (whether `makeView` returns the view with the module's input).
{%- endcomment %}
{%- if uses_defaults %}
{%- capture preview_arguments %}service: {{ module }}PreviewService(){% endcapture %}
{%- elsif has_service %}
{%- capture preview_arguments %}service: {{ module }}Service(){% endcapture %}
{%- else %}
{%- assign preview_arguments = "" %}
{%- endif %}
{%- if has_coordinator and preview_arguments == "" %}
{%- assign preview_arguments = "coordinator: nil" %}
{%- elsif has_coordinator %}
{%- assign preview_arguments = preview_arguments | append: ", coordinator: nil" %}
{%- endif %}

#Preview {
  NavigationStack {
    {{ module }}Builder.makeView({{ preview_arguments }}){% if make_view_has_input %}.view{% endif %}
  }
}
{%- if uses_defaults %}

/// Sample items for the preview.
private struct {{ module }}PreviewService: {{ module }}Servicing {
  func fetchItems() async throws -> [{{ module }}Item] {
    [
      {{ module }}Item(id: UUID(), title: "First"),
      {{ module }}Item(id: UUID(), title: "Second"),
    ]
  }
}
{%- endif %}
"""#,
    "common/snippets/protocol.liquid": #"""
{%- comment -%}
  A protocol and, for methods with default arguments, an extension with the short overload.
  Expects `protocol_name`, `methods`, `summary` and `isolation`: "main" for what the UI calls
  and implements (main actor, class-bound), "sendable" for services that may run anywhere.
{%- endcomment -%}
/// {{ summary }}
{%- if isolation == "sendable" %}
protocol {{ protocol_name }}: Sendable {
{%- else %}
@MainActor
protocol {{ protocol_name }}: AnyObject {
{%- endif %}
{%- if methods.size == 0 %}}{% else %}
{%- for m in methods %}
  {{ m.declaration }}
{%- endfor %}
}
{%- endif %}
{%- assign defaulted = methods | where: "has_default_arguments" %}
{%- if defaulted.size > 0 %}

extension {{ protocol_name }} {
{%- for m in defaulted %}
  func {{ m.convenience_signature }} {
    {{ m.call_prefix }}{{ m.convenience_call }}
  }
{%- endfor %}
}
{%- endif %}
"""#,
    "common/snippets/require.liquid": #"""
{% comment %}`value` unwrapped, or a failed test.{% endcomment %}{% if params.tests == "swift-testing" %}try #require({{ value }}){% else %}try XCTUnwrap({{ value }}){% endif %}
"""#,
    "common/snippets/router.liquid": #"""
{%- comment %}
  The module's router, for modules without a coordinator. With UIKit it pushes onto the
  navigation controller of the module's view controller; with SwiftUI, for the typical screen,
  it is the navigation state the view reads in a navigation stack (observed as the module's
  view model is: with Combine when `binding` is "combine", else with Observation), and pushes
  onto the UIKit navigation controller that shows the module otherwise; it builds the
  destinations. Expects `protocol_name` and `binding`.
{%- endcomment %}
{%- if params.ui == "uikit" %}
{%- include 'imports', modules: "UIKit", uses: "router" %}
{%- elsif uses_defaults and binding == "combine" %}
{%- include 'imports', modules: "Combine,SwiftUI,UIKit", uses: "router" %}
{%- elsif uses_defaults %}
{%- include 'imports', modules: "SwiftUI,UIKit", uses: "router" %}
{%- else %}
{%- include 'imports', modules: "Foundation", uses: "router" %}
{%- endif %}
{%- if params.ui == "swiftui" and uses_defaults %}

/// Navigation out of the module. In a SwiftUI navigation stack it is state the view reads: the
/// stack shows the detail of `detail` while it is set, and SwiftUI sets it back to nil when the
/// user goes back. On a UIKit navigation controller (the builder's `build`), it pushes there.
{%- comment %} A Combine module is observed with Combine throughout, its router too. {% endcomment %}
@MainActor
{%- if binding == "combine" %}
final class {{ module }}Router: {{ protocol_name }}, ObservableObject {
  @Published var detail: {{ module }}Item?
  /// The module's screen when a UIKit navigation controller shows it; it does not keep it alive.
  weak var viewController: UIViewController?
{%- else %}
@Observable
final class {{ module }}Router: {{ protocol_name }} {
  var detail: {{ module }}Item?
  /// The module's screen when a UIKit navigation controller shows it; it does not keep it alive.
  @ObservationIgnored weak var viewController: UIViewController?
{%- endif %}

  func showDetail(for item: {{ module }}Item) {
    if let navigationController = viewController?.navigationController {
      let detail = UIHostingController(rootView: destination(for: item))
      navigationController.pushViewController(detail, animated: true)
    } else {
      detail = item
    }
  }

  /// The detail of `item`, wherever it is shown.
  func destination(for item: {{ module }}Item) -> some View {
    // TODO: the detail module's view (its builder's `makeView`) instead of this placeholder.
    Text(item.title)
      .navigationTitle(item.title)
  }
}
{%- elsif params.ui == "swiftui" %}

/// Navigation out of the module.
@MainActor
{%- if router.size == 0 %}
final class {{ module }}Router: {{ protocol_name }} {}
{%- else %}
final class {{ module }}Router: {{ protocol_name }} {
{%- include 'stubs', methods: router, blank_before_first: false %}
}
{%- endif %}
{%- else %}

/// Navigation out of the module: it pushes onto the navigation controller of the module's view
/// controller, which it does not keep alive.
@MainActor
final class {{ module }}Router: {{ protocol_name }} {
  weak var viewController: UIViewController?
{%- if uses_defaults %}

  func showDetail(for item: {{ module }}Item) {
    // TODO: show the detail module instead of this placeholder.
    let detail = UIViewController()
    detail.title = item.title
    detail.view.backgroundColor = .systemBackground
    viewController?.navigationController?.pushViewController(detail, animated: true)
  }
{%- else %}
{%- include 'stubs', methods: router, blank_before_first: true %}
{%- endif %}
}
{%- endif %}
"""#,
    "common/snippets/screen_leave.liquid": #"""
{%- comment %}
  How the screen of a coordinator's flow says it has left for good (`onLeave`): the end of its
  `viewDidDisappear(_:)` (whose opening line the caller writes), then `didMove(toParent:)`.
  Taken off its navigation controller, whether popped alone, or with the screens above it
  (`popToRootViewController`, a long press on the back button) where it does not disappear
  itself, it moves to no parent; dismissed, it disappears.
{%- endcomment %}    // Dismissed, itself or with a container it is in (its navigation controller, a tab bar
    // controller that holds that), whose children are not being dismissed themselves: the
    // flow is over.
    if sequence(first: self as UIViewController, next: { $0.parent }).contains(where: { $0.isBeingDismissed }) {
      onLeave?()
    }
  }

  override func didMove(toParent parent: UIViewController?) {
    super.didMove(toParent: parent)
    // Taken off the navigation controller: the user went back past this screen (with the
    // screens above it, when several go at once), and the flow is over.
    if parent == nil {
      onLeave?()
    }
  }
"""#,
    "common/snippets/service.liquid": #"""
{%- comment %}
  The module's service: a protocol that is not tied to the main actor, and a struct that
  implements it. Expects `service_methods`.
{%- endcomment %}
{%- assign protocol_name = module | append: "Servicing" %}
{%- assign methods = service_methods %}
{%- assign summary = "Where the module gets its data. Not tied to the main actor: it may work anywhere." %}
{%- assign isolation = "sendable" %}

{% include 'protocol' %}

/// The module's data source.
{%- if uses_defaults %}
struct {{ module }}Service: {{ module }}Servicing {
  func fetchItems() async throws -> [{{ module }}Item] {
    // TODO: load the items from the network or a database.
    []
  }
}
{%- elsif service_methods.size == 0 %}
struct {{ module }}Service: {{ module }}Servicing {}
{%- else %}
struct {{ module }}Service: {{ module }}Servicing {
{%- include 'stubs', methods: service_methods, blank_before_first: false %}
}
{%- endif %}
"""#,
    "common/snippets/service_injection.liquid": #"""
{%- comment %}
  How the parts of an MVP or MVVM module pass the service on, each with its comma after it, or
  empty when the module has no service (`has_service`): `service_parameter` (`service: any
  HomeServicing, `), `service_argument` (`service: service, `), `service_mock_argument`
  (`service: HomeServicingMock(), `).
{%- endcomment %}
{%- if has_service %}
{%- capture service_parameter %}service: any {{ module }}Servicing, {% endcapture %}
{%- assign service_argument = "service: service, " %}
{%- capture service_mock_argument %}service: {{ module }}ServicingMock(), {% endcapture %}
{%- else %}
{%- assign service_parameter = "" %}
{%- assign service_argument = "" %}
{%- assign service_mock_argument = "" %}
{%- endif %}
"""#,
    "common/snippets/spec_tests.liquid": #"""
{%- comment %}
  The tests of a spec's module, one per behaviour it has before the developer fills it in:
  the UIKit screen reports `viewDidLoad()` (when the spec declares it) to what it reports to,
  once; each view method leaves what it shows in the view's state (`view_state`), for the
  methods whose arguments a test can make. Expects `screen_setup` (statements that make
  `screen`, a UIKit view controller reporting to a spy, or empty), `spy` (that spy),
  `state_setup` (a statement that makes `SUBJECT`, the view state or view model, or empty) and
  `state_name` (the name of `SUBJECT`: `viewState`, `viewModel`; `viewStateUnderTest` in a
  test whose method has an argument of that name).
{%- endcomment %}
{%- assign lifecycle = presenter | where: "selector", "viewDidLoad()" %}
{%- if screen_setup != "" and lifecycle.size > 0 %}

{% include 'test', name: "screenReportsThatItLoadedOnce" %}
{{ screen_setup }}
    screen.loadViewIfNeeded()
{%- if lifecycle[0].is_async %}
    {% capture pending %}{{ spy }}.viewDidLoadCallCount == 0{% endcapture %}{% include 'wait_while', pending: pending %}
{%- endif %}
    screen.loadViewIfNeeded()
    {% capture count %}{{ spy }}.viewDidLoadCallCount{% endcapture %}{% include 'expect_equal', actual: count, expected: "1" %}
  }
{%- endif %}
{%- if state_setup != "" %}
{%- for m in view %}
{%- if m.sample_arguments %}

{%- assign subject = state_name %}
{%- for argument in m.sample_arguments %}
{%- if argument.name == state_name %}{% assign subject = state_name | append: "UnderTest" %}{% endif %}
{%- endfor %}

{% capture name %}{{ m.identifier }}UpdatesTheState{% endcapture %}{% include 'test', name: name %}
{{ state_setup | replace: "SUBJECT", subject }}
{%- for argument in m.sample_arguments %}
    let {{ argument.name }} = {{ argument.value }}
{%- endfor %}
    {% if m.has_return %}_ = {% endif %}{{ m.call_prefix }}{{ subject }}.{{ m.call }}
{%- for check in m.state_checks %}
    {% capture actual %}{{ subject }}.{{ check.actual }}{% endcapture %}{% include 'expect_equal', actual: actual, expected: check.expected %}
{%- endfor %}
  }
{%- endif %}
{%- endfor %}
{%- endif %}
"""#,
    "common/snippets/spy.liquid": #"""
{%- comment -%}
  A spy mock of a protocol: per method a call count, the last arguments and every call's
  arguments, a stubbed return value (optional results default to nil; a missing stub for any
  other result throws `MissingStub`, whose message says how to stub it, from a method that
  throws, and stops the run from one that cannot), a stubbed error, and a
  closure that runs instead (its `inout` parameters write back); `reset()` forgets it all
  (`resetMock()` where the protocol declares its own `reset()`).
  Expects `mock_name`, `protocol_name`, `methods` and `isolation` ("main" or "sendable", as for
  the protocol). A main-actor mock keeps all that in its properties. A sendable mock may be
  called from any task: it keeps it in two structs, `Calls` and `Stubs`, under a lock, and a
  test reads and sets it as the mock's own properties through `@dynamicMemberLookup`, every
  access under the lock (what the mock recorded can only be read); its methods read the lock,
  calls and stubs through `self`, as their parameters may have those names.
{%- endcomment -%}
{%- capture newline %}
{% endcapture %}
{%- assign forget = "reset" %}
{%- assign declared_reset = methods | where: "selector", "reset()" %}
{%- if declared_reset.size > 0 %}{% assign forget = "resetMock" %}{% endif %}
{%- if isolation == "sendable" and methods.size > 0 %}
  {%- assign locked = true %}
  {%- assign closure_attribute = "@Sendable " %}
  {%- assign recorded = "self.calls." %}
  {%- assign stub = "stub." %}
  {%- assign indent = "  " %}
  {%- assign access = "" %}
{%- else %}
  {%- assign locked = false %}
  {%- assign closure_attribute = "@MainActor " %}
  {%- assign recorded = "" %}
  {%- assign stub = "" %}
  {%- assign indent = "" %}
  {%- assign access = "private(set) " %}
{%- endif %}
{%- if locked %}
/// A spy for `{{ protocol_name }}`. Calls may come from any task: it keeps what it records and
/// its stubs under a lock, and a test reads and sets them as its properties. Stub it before,
/// and read what it recorded after, the code under test runs.
@dynamicMemberLookup
final class {{ mock_name }}: {{ protocol_name }}, @unchecked Sendable {
{%- comment %}
  A loop over the methods for each part (what they record, their stubs, the methods), each part
  written as it goes: gathering a part across the methods in a variable (`capture` with the
  variable first in it) would copy all of it again for each method.
{%- endcomment %}
  /// What the mock records, read as its properties (`mock.{{ methods[0].identifier }}CallCount`).
  struct Calls {
{%- for m in methods %}
{%- include 'spy_calls' %}
{%- if forloop.first == false %}{{ newline }}{% endif %}
    // {{ m.selector }}{{ calls_text | indent: 2 }}
{%- endfor %}
  }

  /// What the mock answers, set as its properties (`mock.{{ methods[0].identifier }}Closure = …`).
  struct Stubs {
{%- for m in methods %}
{%- include 'spy_stubs' %}
{%- if forloop.first == false %}{{ newline }}{% endif %}
    // {{ m.selector }}{{ stubs_text | indent: 2 }}
{%- endfor %}
  }

  // NSLock: the module's code runs on iOS 17, and Synchronization's Mutex needs iOS 18.
  private let lock = NSLock()
  private var calls = Calls()
  private var stubs = Stubs()

  subscript<Value>(dynamicMember keyPath: KeyPath<Calls, Value>) -> Value {
    lock.withLock { calls[keyPath: keyPath] }
  }

  subscript<Value>(dynamicMember keyPath: WritableKeyPath<Stubs, Value>) -> Value {
    get { lock.withLock { stubs[keyPath: keyPath] } }
    set { lock.withLock { stubs[keyPath: keyPath] = newValue } }
  }
{%- for m in methods %}
{%- include 'spy_method' %}

  // MARK: - {{ m.selector }}
{{ implementation }}
{%- endfor %}

  /// Forgets every recorded call and every stub, as if the mock were new.
  func {{ forget }}() {
    lock.withLock {
      calls = Calls()
      stubs = Stubs()
    }
  }
}
{%- else %}
{%- if isolation == "sendable" %}
/// A spy for `{{ protocol_name }}`, which has nothing to record.
final class {{ mock_name }}: {{ protocol_name }} {
{%- else %}
/// A spy for `{{ protocol_name }}`: it records every call and returns what it is told to.
@MainActor
final class {{ mock_name }}: {{ protocol_name }} {
{%- endif %}
{%- for m in methods %}
{%- if forloop.first == false %}{{ newline }}{% endif %}
  // MARK: - {{ m.selector }}
{%- include 'spy_calls' %}
{%- include 'spy_stubs' %}
{%- include 'spy_method' %}
{{ calls_text }}{{ stubs_text }}
{{ implementation }}
{%- endfor %}
{%- if methods.size > 0 %}{{ newline }}{% endif %}
  /// Forgets every recorded call and every stub, as if the mock were new.
{%- if methods.size == 0 %}
  func {{ forget }}() {}
{%- else %}
  func {{ forget }}() {
{%- for m in methods %}
  {%- assign id = m.identifier %}
    {{ id }}CallCount = 0
  {%- if m.stored_parameters.size > 0 %}
    {{ id }}ReceivedArguments = nil
    {{ id }}ReceivedInvocations = []
  {%- endif %}
  {%- if m.is_throwing %}
    {{ id }}Error = nil
  {%- endif %}
  {%- if m.has_return %}
    {{ id }}ReturnValue = nil
  {%- endif %}
    {{ id }}Closure = nil
{%- endfor %}
  }
{%- endif %}
}
{%- endif %}
"""#,
    "common/snippets/spy_calls.liquid": #"""
{%- comment %}
  What a spy's method `m` records (see `spy`), as `calls_text`: the declarations, each line
  after a newline. Expects `access` from `spy`.
{%- endcomment %}
  {%- assign id = m.identifier %}
  {%- capture calls_text %}
  {{ access }}var {{ id }}CallCount = 0
  {%- if m.stored_parameters.size == 1 %}
  {{ access }}var {{ id }}ReceivedArguments: {% include 'optional', type: m.stored_parameters[0].storage_type %}
  {{ access }}var {{ id }}ReceivedInvocations: [{{ m.stored_parameters[0].storage_type }}] = []
  {%- elsif m.stored_parameters.size > 1 %}
  {{ access }}var {{ id }}ReceivedArguments: ({% for p in m.stored_parameters %}{{ p.name }}: {{ p.storage_type }}{% unless forloop.last %}, {% endunless %}{% endfor %})?
  {{ access }}var {{ id }}ReceivedInvocations: [({% for p in m.stored_parameters %}{{ p.name }}: {{ p.storage_type }}{% unless forloop.last %}, {% endunless %}{% endfor %})] = []
  {%- endif %}
  {%- endcapture %}
"""#,
    "common/snippets/spy_method.liquid": #"""
{%- comment %}
  A spy's method `m` (see `spy`), as `implementation`, each line after a newline: it records
  the call and answers with the stubs. Expects what `spy` sets: `closure_attribute`, `locked`,
  `recorded`, `stub` and `indent`.
{%- endcomment %}
  {%- assign id = m.identifier %}
  {%- capture closure_arguments %}{% for p in m.parameters %}{% if p.is_inout %}&{% endif %}{{ p.local }}{% unless forloop.last %}, {% endunless %}{% endfor %}{% endcapture %}
  {%- capture implementation %}
  func {{ m.local_signature }} {
  {%- if locked %}
    let stub = self.lock.withLock {
  {%- endif %}
    {{ indent }}{{ recorded }}{{ id }}CallCount += 1
    {%- if m.stored_parameters.size == 1 %}
    {{ indent }}{{ recorded }}{{ id }}ReceivedArguments = {{ m.stored_parameters[0].local }}
    {{ indent }}{{ recorded }}{{ id }}ReceivedInvocations.append({{ m.stored_parameters[0].local }})
    {%- elsif m.stored_parameters.size > 1 %}
    {{ indent }}{{ recorded }}{{ id }}ReceivedArguments = ({% for p in m.stored_parameters %}{{ p.name }}: {{ p.local }}{% unless forloop.last %}, {% endunless %}{% endfor %})
    {{ indent }}{{ recorded }}{{ id }}ReceivedInvocations.append(({% for p in m.stored_parameters %}{{ p.name }}: {{ p.local }}{% unless forloop.last %}, {% endunless %}{% endfor %}))
    {%- endif %}
  {%- if locked %}
      return self.stubs
    }
  {%- endif %}
    {%- if m.is_throwing %}
    if let error = {{ stub }}{{ id }}Error { throw error }
    {%- endif %}
    {%- if m.has_return %}
    if let closure = {{ stub }}{{ id }}Closure { return {{ m.call_prefix }}closure({{ closure_arguments }}) }
    {%- if m.returns_optional %}
    return {{ stub }}{{ id }}ReturnValue
    {%- else %}
    guard let value = {{ stub }}{{ id }}ReturnValue else {
    {%- if m.is_throwing and m.thrown_type == nil %}
      {%- assign uses_missing_stub = true %}
      throw {{ module }}MissingStub(in: self, "{{ m.selector }}", stub: "{{ id }}")
    {%- else %}
    {%- if m.is_throwing %}
      // A method that can throw only {{ m.thrown_type }}, not {{ module }}MissingStub, has nothing to return.
    {%- else %}
      // A method that cannot throw has nothing to return.
    {%- endif %}
      fatalError("{{ mock_name }}.{{ m.selector }} has no stub: set {{ id }}ReturnValue or {{ id }}Closure")
    {%- endif %}
    }
    return value
    {%- endif %}
    {%- else %}
    if let closure = {{ stub }}{{ id }}Closure { {{ m.call_prefix }}closure({{ closure_arguments }}) }
    {%- endif %}
  }
  {%- endcapture %}
"""#,
    "common/snippets/spy_stubs.liquid": #"""
{%- comment %}
  The stubs of a spy's method `m` (see `spy`), as `stubs_text`: the declarations, each line
  after a newline. Expects `closure_attribute` from `spy`.
{%- endcomment %}
  {%- assign id = m.identifier %}
  {%- capture closure_type %}{{ closure_attribute }}({% for p in m.parameters %}{% if p.is_inout %}inout {% endif %}{{ p.storage_type }}{% unless forloop.last %}, {% endunless %}{% endfor %}){{ m.effects }} -> {% if m.has_return %}{{ m.return_storage_type }}{% else %}Void{% endif %}{% endcapture %}
  {%- capture stubs_text %}
  {%- if m.is_throwing %}
  var {{ id }}Error: {% if m.thrown_type %}{% include 'optional', type: m.thrown_type %}{% else %}(any Error)?{% endif %}
  {%- endif %}
  {%- if m.has_return %}
  {%- if m.returns_optional %}
  var {{ id }}ReturnValue: {{ m.return_storage_type }}
  {%- else %}
  var {{ id }}ReturnValue: {% include 'optional', type: m.return_storage_type %}
  {%- endif %}
  {%- endif %}
  var {{ id }}Closure: ({{ closure_type }})?
  {%- endcapture %}
"""#,
    "common/snippets/state_methods.liquid": #"""
{%- comment %}
  The view methods of a spec as updates of the view's state (`view_state`): each method sets
  the properties its `state_updates` name, separated by blank lines, and preceded by one when
  `blank_before_first` is true.
{%- endcomment %}
{%- capture newline %}
{% endcapture %}
{%- for m in view %}
{%- if blank_before_first or forloop.first == false %}{{ newline }}{% endif %}
  /// Updates the state the view shows.
  func {{ m.signature }} {
{%- for statement in m.state_updates %}
    {{ statement }}
{%- endfor %}
{%- if m.has_return %}
{%- assign method = m %}
{% include 'stub_body' %}
{%- endif %}
  }
{%- endfor %}
"""#,
    "common/snippets/stub_body.liquid": #"""
{% comment %}The body of a method the user fills in, with a value of the return type where one is obvious; a throwing method with no obvious value throws until it is written. Expects `method`.{% endcomment %}    // TODO: implement {{ method.selector }}.
{%- if method.has_return %}
  {%- if method.empty_return_value %}
    return {{ method.empty_return_value }}
  {%- elsif method.is_throwing and method.thrown_type == nil %}
    // Until then it fails, as callers expect of a method that throws, instead of stopping the app.
    throw CocoaError(.featureUnsupported)
  {%- else %}
    fatalError("{{ method.selector }} is not implemented yet")
  {%- endif %}
{%- endif %}
"""#,
    "common/snippets/stubs.liquid": #"""
{%- comment %}
  A method the user fills in, for each of `methods`: `func signature { TODO }`, separated by
  blank lines, and preceded by one when `blank_before_first` is true.
{% endcomment %}
{%- capture newline %}
{% endcapture %}
{%- for method in methods %}
{%- if blank_before_first or forloop.first == false %}{{ newline }}{% endif %}
  func {{ method.signature }} {
{% include 'stub_body' %}
  }
{%- endfor %}
"""#,
    "common/snippets/swiftui_screen.liquid": #"""
{%- comment %}
  The body of the typical screen's SwiftUI view: a progress view, the list of items with pull to
  refresh (and why the last refresh failed, above them), or a content-unavailable view for the empty and failed states with a way to try
  again; loading once in `.task`, which SwiftUI cancels when the view disappears (and the view
  cancels a load the user asked for again then; its state is `swiftui_screen_state`'s). Expects
  `state_expression` (the load state to show), `load_call` (awaited to load), `select_call`
  (what selecting `item` does), `destination` (the binding of the item to push, or empty),
  `task_setup` (statements before the load in `.task`, or empty), `modifiers` (more
  modifiers, or empty) and `reports_events` (true for a passive view: it loads nothing itself but
  reports to `output_name` that it appeared or disappeared, that the user pulled to refresh, or
  tapped to try again, and the presenter decides when to load; `load_call` and `task_setup` are
  then unused), and `reports_screen_events` (true when the view also tells `output_name` that it appeared,
  `viewDidAppear()`, and disappeared, `viewDidLeave()`: a presenter that starts loads of its
  own stops them then, and does what it owes when the screen is back).
{%- endcomment %}
{%- assign identifier = module | camel_case %}
{%- if reports_events %}
{%- assign refresh = "refresh" %}
{%- capture retry_call %}{{ output_name }}.didTapRetry(){% endcapture %}
{%- else %}
{%- assign refresh = "load" %}
{%- assign retry_call = "retry = Task { await load() }" %}
{%- endif %}
  var body: some View {
    content
      .navigationTitle(Text("{{ module | title_case }}", comment: "The title of the {{ module | title_case }} screen"))
{%- if destination != "" %}
      .navigationDestination(item: {{ destination }}) { item in
        router.destination(for: item)
      }
{%- endif %}
{%- if modifiers != "" %}
{{ modifiers }}
{%- endif %}
{%- if reports_events %}
      .onAppear {
        {{ output_name }}.viewDidAppear()
      }
      .onDisappear {
        {{ output_name }}.viewDidDisappear()
      }
{%- else %}
{%- if reports_screen_events %}
      .onAppear {
        {{ output_name }}.viewDidAppear()
      }
{%- endif %}
      .task {
{%- if task_setup != "" %}
{{ task_setup }}
{%- endif %}
        await loadOnce()
      }
      .onDisappear {
        retry?.cancel()
{%- if reports_screen_events %}
        {{ output_name }}.viewDidLeave()
{%- endif %}
      }
{%- endif %}
  }

  @ViewBuilder
  private var content: some View {
    switch {{ state_expression }} {
    case .idle, .loading:
      ProgressView()
        .accessibilityIdentifier("{{ identifier }}.loading")
    case .loaded(let items), .refreshFailed(let items, _):
      List {
        Section {
          ForEach(items) { item in
            Button(item.title) {
              {{ select_call }}
            }
          }
        } header: {
          if let refreshFailure {
            Text("Couldn't refresh. \(refreshFailure)", comment: "Shown above the items when a refresh failed")
          }
        }
      }
      .accessibilityIdentifier("{{ identifier }}.list")
      .refreshable {
        await {{ refresh }}()
      }
    case .empty:
      ContentUnavailableView {
        Label {
          Text("Nothing Here Yet", comment: "Shown when there are no items")
        } icon: {
          Image(systemName: "tray")
        }
      } actions: {
        Button {
          {{ retry_call }}
        } label: {
          Text("Refresh", comment: "A button that loads the items again")
        }
      }
    case .failed(let message):
      ContentUnavailableView {
        Label {
          Text("Couldn't Load", comment: "Shown when the items could not be loaded")
        } icon: {
          Image(systemName: "exclamationmark.triangle")
        }
      } description: {
        Text(message)
      } actions: {
        Button {
          {{ retry_call }}
        } label: {
          Text("Try Again", comment: "A button that tries to load the items again")
        }
      }
    }
  }

  /// Why the last refresh failed, shown above the items it kept; nil when it did not.
  private var refreshFailure: String? {
    if case .refreshFailed(_, let message) = {{ state_expression }} { message } else { nil }
  }
{%- if reports_events %}

  /// Reports the pull, and returns when the refresh it asked for ends, which ends the spinner.
  private func refresh() async {
    await {{ output_name }}.didPullToRefresh()
  }
{%- else %}

  /// Loads the items; a load that SwiftUI started is cancelled when the view disappears.
  private func load() async {
    await {{ load_call }}
  }

  /// Loads the items when the screen first appears; on a later appearance only if that load
  /// did not finish (the user left first). Coming back from a detail keeps what is shown.
  private func loadOnce() async {
    switch {{ state_expression }} {
    case .idle, .loading: await load()
    case .loaded, .refreshFailed, .empty, .failed: break
    }
  }
{%- endif %}
"""#,
    "common/snippets/swiftui_screen_state.liquid": #"""
{%- comment %}
  The state `swiftui_screen` needs in the view that includes it, among the view's properties:
  for a view that loads itself (not `reports_events`), the load the user asked for again.
{%- endcomment %}
{%- unless reports_events %}
  /// The load the user asked for again ("Try Again", "Refresh"). SwiftUI cancels only the load
  /// of `.task`, when the screen disappears; the screen cancels this one then.
  @State private var retry: Task<Void, Never>?
{%- endunless %}
"""#,
    "common/snippets/swiftui_spec_body.liquid": #"""
{%- comment %}
  The body of a spec's SwiftUI view: the module's name; when it appears, `appear` (statements
  run each time, each on its own line, or empty), then the spec's `viewDidLoad()` called on
  `receiver` the first time (as a view controller's `viewDidLoad()`: not again when the user
  comes back to it); then `modifiers` (more modifiers, each on its own line, or empty). An async
  `viewDidLoad()` runs in `.task`, which SwiftUI cancels when the view disappears: it runs
  again when the view appears again, if the user left before it ended.
{%- endcomment %}
{%- capture lifecycle %}{% include 'lifecycle_call', indent: "", awaited: true %}{% endcapture %}
{%- assign lifecycle = lifecycle | strip_newlines %}
{%- assign appears = false %}
{%- if appear != "" %}{% assign appears = true %}{% endif %}
{%- if lifecycle != "" %}
{%- if lifecycle_is_async %}

  /// Whether `viewDidLoad()` ended: it runs when the view first appears, and again when it
  /// appears again only if the user left before it ended.
{%- else %}
{%- assign appears = true %}

  /// Whether the view has appeared once: `viewDidLoad()` is reported then, and only then.
{%- endif %}
  @State private var hasLoaded = false
{%- endif %}

  var body: some View {
    Text("{{ module | title_case }}", comment: "The title of the {{ module | title_case }} screen")
{%- if appears %}
      .onAppear {
{%- if appear != "" %}{{ appear }}{% endif %}
{%- if lifecycle != "" and lifecycle_is_async == false %}
        guard !hasLoaded else { return }
        hasLoaded = true
        {{ lifecycle }}
{%- endif %}
      }
{%- endif %}
{%- if lifecycle_is_async %}
      .task {
        guard !hasLoaded else { return }
        {{ lifecycle }}
        hasLoaded = !Task.isCancelled
      }
{%- endif %}
{%- if modifiers != "" %}{{ modifiers }}{% endif %}
  }
"""#,
    "common/snippets/swiftui_view_tests.liquid": #"""
{%- comment %}
  Tests of what the typical screen's SwiftUI view reads, on the module from the builder's
  `assemble`: with a coordinator, that selecting an item shows its detail through the
  coordinator; else that the state follows the load and the router holds the selection until
  the user goes back. Expects `inputs` (the module's receiver of `load()` and
  `didSelectItem(id:)`), `state_read` (where the view reads the state, or empty),
  `has_coordinator` and `reports_events` (true for MVP's passive view: the module loads when
  its view reports that it appeared, and `inputs` keeps the load in `loadTask`).
{%- endcomment %}
{%- if reports_events %}
{%- capture load %}module.{{ inputs }}.viewDidAppear()
    await module.{{ inputs }}.loadTask?.value{% endcapture %}
{%- else %}
{%- capture load %}await module.{{ inputs }}.load(){% endcapture %}
{%- endif %}
{%- if has_coordinator %}

  // MARK: - The screen in its flow

{% include 'test', name: "screenShowsTheDetailThroughTheCoordinator" %}
    let service = {{ module }}ServicingMock()
    service.fetchItemsReturnValue = items
    let navigation = UINavigationController()
    let coordinator = {{ module }}Coordinator(navigationController: navigation, service: service)
    coordinator.start()
    let module = {{ module }}Builder.assemble(service: service, coordinator: coordinator)
    {{ load }}
    module.{{ inputs }}.didSelectItem(id: items[0].id)
    {% include 'expect_equal', actual: "navigation.topViewController?.title", expected: '"First"' %}
  }
{%- else %}

  // MARK: - What the view reads

{% include 'test', name: "viewFollowsTheLoadAndTheRouterTheSelection" %}
    let service = {{ module }}ServicingMock()
    service.fetchItemsReturnValue = items
    let module = {{ module }}Builder.assemble(service: service)
    {{ load }}
{%- if state_read != "" %}
    {% include 'expect_equal', actual: state_read, expected: ".loaded(itemViewModels)" %}
{%- endif %}
    module.{{ inputs }}.didSelectItem(id: items[0].id)
    {% include 'expect_equal', actual: "module.router.detail", expected: "items[0]" %}
    module.router.detail = nil
    module.{{ inputs }}.didSelectItem(id: items[0].id)
    {% include 'expect_equal', actual: "module.router.detail", expected: "items[0]" %}
  }
{%- endif %}
"""#,
    "common/snippets/test.liquid": #"""
{% comment %}The first line of a test: `name` (lowerCamelCase), for Swift Testing or XCTest.{% endcomment %}{% if params.tests == "swift-testing" %}  @Test func {{ name }}() async throws {{ "{" }}{% else %}  func test{{ name | upper_first }}() async throws {{ "{" }}{% endif %}
"""#,
    "common/snippets/test_fixtures.liquid": #"""
{%- comment %}
  What the typical screen's tests share: two items, and an error with a message for users.
  With `item_view_model`, also the items as the view shows them.
{%- endcomment %}
  private let items = [
    {{ module }}Item(id: UUID(), title: "First"),
    {{ module }}Item(id: UUID(), title: "Second"),
  ]
{%- if item_view_model %}

  private var itemViewModels: [{{ module }}ItemViewModel] {
    items.map { {{ module }}ItemViewModel(id: $0.id, title: $0.title) }
  }
{%- endif %}

  /// A failure with a message for users.
  private struct LoadError: LocalizedError {
    var errorDescription: String? { "The network is down." }
  }

  /// A failure with nothing to tell users.
  private struct OpaqueError: Error {}
"""#,
    "common/snippets/testable_import.liquid": #"""
{%- comment %} The app's module, whose internal types the tests use. {%- endcomment %}
{%- if testable_module != "" %}

@testable import {{ testable_module }}
{%- else %}

// No module to `@testable import`: set `module` (or `project`) in .modulegen.yml.
{%- endif %}
"""#,
    "common/snippets/tests_open.liquid": #"""
{%- comment %}
  The imports of a test file and the opening of its suite, for Swift Testing or XCTest.
  Expects `modules` (comma-separated, besides the test framework) and `suite_summary`.
{%- endcomment %}
{%- if params.tests == "swift-testing" %}
{%- assign test_modules = modules | append: ",Testing" %}
{%- else %}
{%- assign test_modules = modules | append: ",XCTest" %}
{%- endif %}
{%- include 'imports', modules: test_modules, uses: "all" %}
{%- include 'testable_import' %}

/// {{ suite_summary }}
@MainActor
{%- if params.tests == "swift-testing" %}
@Suite struct {{ module }}Tests {
{%- else %}
final class {{ module }}Tests: XCTestCase {
{%- endif %}
"""#,
    "common/snippets/uikit_make_screen.liquid": #"""
{%- comment %}
  For the UIKit screen tests: statements that make `screen` (the module's view controller) and
  the `navigation` controller it is in from `service`, as an app does: with a coordinator that
  starts the flow, or from the builder. Expects `build_call` for a module without a
  coordinator (`build_is_screen` when it returns the view controller itself), and
  `has_coordinator`.
{%- endcomment %}
{%- if has_coordinator %}
    let navigation = UINavigationController()
    let coordinator = {{ module }}Coordinator(navigationController: navigation, service: service)
    coordinator.start()
{%- capture lookup %}navigation.topViewController as? {{ module }}ViewController{% endcapture %}
    let screen = {% include 'require', value: lookup %}
{%- elsif build_is_screen %}
    let screen = {{ build_call }}
    let navigation = UINavigationController(rootViewController: screen)
{%- else %}
{%- capture lookup %}{{ build_call }} as? {{ module }}ViewController{% endcapture %}
    let screen = {% include 'require', value: lookup %}
    let navigation = UINavigationController(rootViewController: screen)
{%- endif %}
"""#,
    "common/snippets/uikit_screen.liquid": #"""
{%- comment %}
  The view controller of a screen. For the typical screen: a table of items, a loading
  indicator laid out with constraints, pull to refresh, and a content-unavailable view for the
  empty and failed states with a way to try again; `render(_:)` shows a load state. Expects
  `screen_summary`, `dependencies` and `init_assignments` (lines), `init_parameters`,
  `loader` (the object whose `load()` is awaited to load, an expression on `self`), `select_call` (what selecting `items[indexPath.row]` does),
  `reports_events` (true for a passive view: it loads nothing itself but reports to `output_name`
  that it loaded, that the user pulled to refresh or tapped to try again, and that it left, and
  the presenter starts, stops and ends the loads; `loader` is then unused), `reports_screen_events`
  (true when a view that loads also tells `output_name` that it appeared, `viewDidAppear()`,
  and that it left, `viewDidLeave()`: a presenter that starts loads of its own stops them
  then, and does what it owes when the screen is back),
  `row_type` and `row_title`, `has_coordinator` (whether a coordinator waits for `onLeave`), `setup` (statements at the end of viewDidLoad, or empty) and
  `members` (more members, or empty).
{%- endcomment %}
{%- assign identifier = module | camel_case %}
{%- if uses_defaults == false %}
{%- elsif reports_events %}
{%- capture retry_call %}{{ output_name }}.didTapRetry(){% endcapture %}
{%- capture pull_call %}{{ output_name }}.didPullToRefresh(){% endcapture %}
{%- else %}
{%- assign retry_call = "reload()" %}
{%- assign pull_call = "reload(pulled: true)" %}
{%- endif %}
/// {{ screen_summary }}
final class {{ module }}ViewController: UIViewController {
{%- if dependencies != "" %}
{{ dependencies }}
{%- endif %}
{%- if uses_defaults %}
{%- if reports_events == false %}
  /// The load started last, kept so that tests can wait for it.
  private(set) var loadTask: Task<Void, Never>?
{%- endif %}
  private var items: [{{ row_type }}] = []
  /// Why the last refresh failed, shown above the items it kept; nil when it did not.
  private var refreshFailure: String?
  private let tableView = UITableView(frame: .zero, style: .insetGrouped)
  private let activityIndicator = UIActivityIndicatorView(style: .large)
  private let refreshControl = UIRefreshControl()
  private static let cellIdentifier = "{{ module }}Cell"
{%- endif %}
{%- if has_coordinator %}
  /// Called when the screen has left for good (taken off the navigation controller, or
  /// dismissed), so that its coordinator can end the flow.
  var onLeave: (@MainActor () -> Void)?
{%- endif %}

  init({{ init_parameters }}) {
{%- if init_assignments != "" %}
{{ init_assignments }}
{%- endif %}
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) {
    fatalError("init(coder:) is not supported")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = String(localized: "{{ module | title_case }}", comment: "The title of the {{ module | title_case }} screen")
    view.backgroundColor = .systemBackground
    view.accessibilityIdentifier = "{{ identifier }}"
{%- if uses_defaults %}
    configureTableView()
    configureActivityIndicator()
{%- endif %}
{%- if setup != "" %}
{{ setup }}
{%- endif %}
{%- if uses_defaults %}
{%- if reports_events %}
    {{ output_name }}.viewDidLoad()
{%- else %}
    reload()
{%- endif %}
{%- endif %}
  }
{%- if reports_screen_events %}

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    {{ output_name }}.viewDidAppear()
  }
{%- endif %}
{%- if uses_defaults or has_coordinator %}

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    // Dismissed, itself or with a container it is in (its navigation controller, a tab bar
    // controller that holds that), whose children are not being dismissed themselves.
    if sequence(first: self as UIViewController, next: { $0.parent }).contains(where: { $0.isBeingDismissed }) {
      didLeave()
    }
  }

  override func didMove(toParent parent: UIViewController?) {
    super.didMove(toParent: parent)
    // Taken off the navigation controller: popped, or with the screens above it
    // (`popToRootViewController`, a long press on the back button), where it does not
    // disappear itself.
    if parent == nil {
      didLeave()
    }
  }

  /// The screen has left for good: {% if uses_defaults %}nobody waits for its items any more{% if has_coordinator %}, and {% endif %}{% endif %}{% if has_coordinator %}its coordinator ends the flow{% endif %}.
  private func didLeave() {
{%- if uses_defaults %}
{%- if reports_events %}
    {{ output_name }}.viewDidLeave()
{%- else %}
    loadTask?.cancel()
{%- if reports_screen_events %}
    {{ output_name }}.viewDidLeave()
{%- endif %}
{%- endif %}
{%- endif %}
{%- if has_coordinator %}
    onLeave?()
{%- endif %}
  }
{%- endif %}
{%- if uses_defaults %}

  // MARK: - Showing the state

  /// Shows `state`: the loading indicator, the items (with why a refresh failed), or a message
  /// with what to do next.
  private func render(_ state: {{ module }}LoadState) {
    if case .loading = state {
      activityIndicator.startAnimating()
    } else {
      activityIndicator.stopAnimating()
    }
    switch state {
    case .loaded(let items):
      self.items = items
      refreshFailure = nil
    case .refreshFailed(let items, let message):
      self.items = items
      refreshFailure = message
    case .idle, .loading, .empty, .failed:
      items = []
      refreshFailure = nil
    }
    tableView.reloadData()
    contentUnavailableConfiguration = unavailableConfiguration(for: state)
  }

  private func unavailableConfiguration(for state: {{ module }}LoadState) -> UIContentUnavailableConfiguration? {
    switch state {
    case .idle, .loading, .loaded, .refreshFailed:
      return nil
    case .empty:
      var configuration = UIContentUnavailableConfiguration.empty()
      configuration.image = UIImage(systemName: "tray")
      configuration.text = String(localized: "Nothing Here Yet", comment: "Shown when there are no items")
      configuration.button = .filled()
      configuration.button.title = String(localized: "Refresh", comment: "A button that loads the items again")
      configuration.buttonProperties.primaryAction = UIAction { [weak self] _ in self?.{{ retry_call }} }
      return configuration
    case .failed(let message):
      var configuration = UIContentUnavailableConfiguration.empty()
      configuration.image = UIImage(systemName: "exclamationmark.triangle")
      configuration.text = String(localized: "Couldn't Load", comment: "Shown when the items could not be loaded")
      configuration.secondaryText = message
      configuration.button = .filled()
      configuration.button.title = String(localized: "Try Again", comment: "A button that tries to load the items again")
      configuration.buttonProperties.primaryAction = UIAction { [weak self] _ in self?.{{ retry_call }} }
      return configuration
    }
  }
{%- if reports_events == false %}

  /// Loads: when the view loads, on pull to refresh, and when the user asks again. The load
  /// does not keep the screen alive, and stops when the screen leaves for good; only a load
  /// that a pull started ends the pull's spinner.
  private func reload(pulled: Bool = false) {
    let loader = {{ loader }}
    loadTask = Task { [weak self] in
      await loader.load()
      if pulled { self?.refreshControl.endRefreshing() }
    }
  }
{%- endif %}

  // MARK: - Layout

  private func configureTableView() {
    tableView.translatesAutoresizingMaskIntoConstraints = false
    tableView.accessibilityIdentifier = "{{ identifier }}.list"
    tableView.dataSource = self
    tableView.delegate = self
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
    refreshControl.addAction(
      UIAction { [weak self] _ in self?.{{ pull_call }} }, for: .valueChanged)
    tableView.refreshControl = refreshControl
    view.addSubview(tableView)
    NSLayoutConstraint.activate([
      tableView.topAnchor.constraint(equalTo: view.topAnchor),
      tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
      tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
    ])
  }

  private func configureActivityIndicator() {
    activityIndicator.translatesAutoresizingMaskIntoConstraints = false
    activityIndicator.accessibilityIdentifier = "{{ identifier }}.loading"
    view.addSubview(activityIndicator)
    NSLayoutConstraint.activate([
      activityIndicator.centerXAnchor.constraint(equalTo: view.safeAreaLayoutGuide.centerXAnchor),
      activityIndicator.centerYAnchor.constraint(equalTo: view.safeAreaLayoutGuide.centerYAnchor),
    ])
  }
{%- endif %}
{%- if members != "" %}
{{ members }}
{%- endif %}
}
{%- if uses_defaults %}

// MARK: - UITableViewDataSource

extension {{ module }}ViewController: UITableViewDataSource {
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    items.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
    var content = cell.defaultContentConfiguration()
    content.text = items[indexPath.row].{{ row_title }}
    cell.contentConfiguration = content
    cell.accessoryType = .disclosureIndicator
    return cell
  }

  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    refreshFailure.map {
      String(localized: "Couldn't refresh. \($0)", comment: "Shown above the items when a refresh failed")
    }
  }
}

// MARK: - UITableViewDelegate

extension {{ module }}ViewController: UITableViewDelegate {
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    {{ select_call }}
  }
}
{%- endif %}
"""#,
    "common/snippets/uikit_screen_tests.liquid": #"""
{%- comment %}
  Tests of the typical UIKit screen with the module's real parts and a mocked service, as the
  user sees it: rows, the loading indicator, the failed state, a failed refresh, navigation. Expects what
  `uikit_make_screen` expects.
{%- endcomment %}
{%- capture make_screen %}{% include 'uikit_make_screen' %}{% endcapture %}
{%- assign make_screen = make_screen | remove_first: "
" %}
{%- assign identifier = module | camel_case %}
{%- capture refresh_failure %}"Couldn't refresh. The network is down."{% endcapture %}
{%- capture find_list %}view("{{ identifier }}.list", in: screen.view){% endcapture %}
{%- capture find_indicator %}view("{{ identifier }}.loading", in: screen.view){% endcapture %}
  // MARK: - Screen
{% include 'uikit_test_helpers' %}

{% include 'test', name: "screenShowsTheItemsItLoaded" %}
    let service = {{ module }}ServicingMock()
    service.fetchItemsReturnValue = items
{{ make_screen }}
    screen.loadViewIfNeeded()
    await screen.loadTask?.value
    let table: UITableView = {% include 'require', value: find_list %}
    let indicator: UIActivityIndicatorView = {% include 'require', value: find_indicator %}
    {% include 'expect_equal', actual: "rowTitles(table)", expected: '["First", "Second"]' %}
    {% include 'expect', that: "!indicator.isAnimating" %}
    {% include 'expect', that: "screen.contentUnavailableConfiguration == nil" %}
    {% include 'expect_equal', actual: "navigation.viewControllers.count", expected: "1" %}
{%- if has_coordinator %}
    withExtendedLifetime(coordinator) {}
{%- endif %}
  }

{% include 'test', name: "screenShowsWhyLoadingFailed" %}
    let service = {{ module }}ServicingMock()
    service.fetchItemsError = LoadError()
{{ make_screen }}
    screen.loadViewIfNeeded()
    await screen.loadTask?.value
    let configuration = {% include 'require', value: "screen.contentUnavailableConfiguration as? UIContentUnavailableConfiguration" %}
    {% include 'expect_equal', actual: "configuration.secondaryText", expected: '"The network is down."' %}
    {% include 'expect', that: "configuration.buttonProperties.primaryAction != nil" %}
    {% include 'expect_equal', actual: "navigation.viewControllers.count", expected: "1" %}
{%- if has_coordinator %}
    withExtendedLifetime(coordinator) {}
{%- endif %}
  }

{% include 'test', name: "screenKeepsItsItemsWhenARefreshFails" %}
    let service = {{ module }}ServicingMock()
    service.fetchItemsReturnValue = items
{{ make_screen }}
    screen.loadViewIfNeeded()
    await screen.loadTask?.value
    service.fetchItemsError = LoadError()
    let table: UITableView = {% include 'require', value: find_list %}
    table.refreshControl?.sendActions(for: .valueChanged)
    await screen.loadTask?.value
    {% include 'expect_equal', actual: "service.fetchItemsCallCount", expected: "2" %}
    {% include 'expect_equal', actual: "rowTitles(table)", expected: '["First", "Second"]' %}
    {% include 'expect_equal', actual: "screen.tableView(table, titleForHeaderInSection: 0)", expected: refresh_failure %}
    {% include 'expect', that: "screen.contentUnavailableConfiguration == nil" %}
    {% include 'expect_equal', actual: "navigation.viewControllers.count", expected: "1" %}
{%- if has_coordinator %}
    withExtendedLifetime(coordinator) {}
{%- endif %}
  }

{% include 'test', name: "selectingARowShowsItsDetailEveryTime" %}
    let service = {{ module }}ServicingMock()
    service.fetchItemsReturnValue = items
{{ make_screen }}
    screen.loadViewIfNeeded()
    await screen.loadTask?.value
    let table: UITableView = {% include 'require', value: find_list %}
    table.delegate?.tableView(table, didSelectRowAt: IndexPath(row: 0, section: 0))
    {% include 'expect_equal', actual: "navigation.topViewController?.title", expected: '"First"' %}
    navigation.popViewController(animated: false)
    table.delegate?.tableView(table, didSelectRowAt: IndexPath(row: 0, section: 0))
    {% include 'expect_equal', actual: "navigation.viewControllers.count", expected: "2" %}
{%- if has_coordinator %}
    withExtendedLifetime(coordinator) {}
{%- endif %}
  }
"""#,
    "common/snippets/uikit_test_helpers.liquid": #"""
{%- comment %}
  For the UIKit screen tests: finding a view by its accessibility identifier, as UI tests do,
  and the titles of a table's rows.
{%- endcomment %}
  /// The view with an accessibility identifier, as UI tests find it.
  private func view<T: UIView>(_ identifier: String, in root: UIView) -> T? {
    if root.accessibilityIdentifier == identifier, let view = root as? T { return view }
    for subview in root.subviews {
      if let view: T = view(identifier, in: subview) { return view }
    }
    return nil
  }

  /// The titles of the rows a table shows.
  private func rowTitles(_ table: UITableView) -> [String?] {
    (0..<table.numberOfRows(inSection: 0)).map { row in
      let cell = table.dataSource?.tableView(table, cellForRowAt: IndexPath(row: row, section: 0))
      return (cell?.contentConfiguration as? UIListContentConfiguration)?.text
    }
  }
"""#,
    "common/snippets/wait_while.liquid": #"""
{% comment %}Waits while `pending` holds, for at most a second: the assertion after it says what did not happen, instead of a test that waits for ever.{% endcomment %}let deadline = ContinuousClock.now + .seconds(1)
    while {{ pending }}, ContinuousClock.now < deadline { await Task.yield() }
"""#,
    "common/swift-format.json": #"""
{
  "fileScopedDeclarationPrivacy": {
    "accessLevel": "private"
  },
  "indentBlankLines": false,
  "indentConditionalCompilationBlocks": true,
  "indentSwitchCaseLabels": false,
  "indentation": {
    "spaces": 2
  },
  "lineBreakAroundMultilineExpressionChainComponents": false,
  "lineBreakBeforeControlFlowKeywords": false,
  "lineBreakBeforeEachArgument": false,
  "lineBreakBeforeEachGenericRequirement": false,
  "lineBreakBetweenDeclarationAttributes": false,
  "lineLength": 140,
  "maximumBlankLines": 1,
  "multiElementCollectionTrailingCommas": true,
  "noAssignmentInExpressions": {
    "allowedFunctions": [
      "XCTAssertNoThrow"
    ]
  },
  "orderedImports": {
    "includeConditionalImports": false
  },
  "prioritizeKeepingFunctionOutputTogether": false,
  "reflowMultilineStringLiterals": "never",
  "respectsExistingLineBreaks": true,
  "rules": {
    "AllPublicDeclarationsHaveDocumentation": false,
    "AlwaysUseLiteralForEmptyCollectionInit": false,
    "AlwaysUseLowerCamelCase": true,
    "AmbiguousTrailingClosureOverload": true,
    "AvoidRetroactiveConformances": true,
    "BeginDocumentationCommentWithOneLineSummary": false,
    "DoNotUseSemicolons": true,
    "DontRepeatTypeInStaticProperties": true,
    "FileScopedDeclarationPrivacy": true,
    "FullyIndirectEnum": true,
    "GroupNumericLiterals": true,
    "IdentifiersMustBeASCII": true,
    "NeverForceUnwrap": false,
    "NeverUseForceTry": false,
    "NeverUseImplicitlyUnwrappedOptionals": false,
    "NoAccessLevelOnExtensionDeclaration": true,
    "NoAssignmentInExpressions": true,
    "NoBlockComments": true,
    "NoCasesWithOnlyFallthrough": true,
    "NoEmptyLinesOpeningClosingBraces": false,
    "NoEmptyTrailingClosureParentheses": true,
    "NoLabelsInCasePatterns": true,
    "NoLeadingUnderscores": false,
    "NoParensAroundConditions": true,
    "NoPlaygroundLiterals": true,
    "NoVoidReturnOnFunctionSignature": true,
    "OmitExplicitReturns": false,
    "OneCasePerLine": true,
    "OneVariableDeclarationPerLine": true,
    "OnlyOneTrailingClosureArgument": true,
    "OrderedImports": true,
    "ReplaceForEachWithForLoop": true,
    "ReturnVoidInsteadOfEmptyTuple": true,
    "TypeNamesShouldBeCapitalized": true,
    "UseEarlyExits": false,
    "UseExplicitNilCheckInConditions": true,
    "UseLetInEveryBoundCaseVariable": true,
    "UseShorthandTypeNames": true,
    "UseSingleLinePropertyGetter": true,
    "UseSynthesizedInitializer": true,
    "UseTripleSlashForDocumentationComments": true,
    "UseWhereClausesInForLoops": false,
    "ValidateDocumentationComments": false
  },
  "spacesAroundRangeFormationOperators": false,
  "spacesBeforeEndOfLineComments": 2,
  "tabWidth": 8,
  "version": 1
}

"""#,
    "mvc/Code/Builder.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "UIKit", uses: "" %}
{%- if has_service %}

/// Creates the module: the controller with {% if uses_defaults %}its loader and {% endif %}its service.
@MainActor
enum {{ module }}Builder {
  static func build(service: any {{ module }}Servicing = {{ module }}Service()) -> {{ module }}ViewController {
{%- else %}

/// Creates the module: its controller.
@MainActor
enum {{ module }}Builder {
  static func build() -> {{ module }}ViewController {
{%- endif %}
{%- if uses_defaults %}
    {{ module }}ViewController(loader: {{ module }}Loader(service: service))
{%- elsif has_service %}
    {{ module }}ViewController(service: service)
{%- else %}
    {{ module }}ViewController()
{%- endif %}
  }
}

"""#,
    "mvc/Code/Loader.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "" %}

/// Loads the screen's items from the service and reports every state to show: the
/// controller's loading, kept apart from the screen so that it is tested without one.
@MainActor
final class {{ module }}Loader {
  /// Called with every state to show.
  var onChange: (@MainActor ({{ module }}LoadState) -> Void)?
  /// The state reported last.
  private(set) var state: {{ module }}LoadState = .idle
  private let service: any {{ module }}Servicing
  private var items: [{{ module }}Item] = []
  private var fetchTask: Task<Void, Never>?

  init(service: any {{ module }}Servicing) {
    self.service = service
  }
{%- assign fetch_call = "service.fetchItems()" %}
{%- assign show = "show(STATE)" %}
{%- assign loaded_items = "items" %}
{%- assign keeps_items = true %}
{%- assign after_loaded = "" %}
{%- assign after_ended = "" %}
{% include 'load' %}

  private func show(_ state: {{ module }}LoadState) {
    self.state = state
    onChange?(state)
  }
}

"""#,
    "mvc/Code/Model.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "entities" %}
{%- assign loaded_type = module | append: "Item" %}
{%- include 'entities', item_view_model: false %}
{%- if uses_defaults %}

// MARK: - Formatting

extension {{ module }}Item {
  /// The text a cell shows for the item.
  var displayTitle: String {
    title.isEmpty ? String(localized: "Untitled", comment: "The title of an item that has none") : title
  }
}
{%- endif %}

"""#,
    "mvc/Code/Service.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "interactor" %}
{%- include 'service', service_methods: interactor %}

"""#,
    "mvc/Code/ViewController.swift.liquid": #"""
{% include 'header' %}
{%- assign has_coordinator = false %}
{% include 'imports', modules: "UIKit", uses: "view,presenter,router" %}
{%- if uses_defaults %}
{%- assign screen_summary = "A skinny controller: it shows what its loader reports, and navigates." %}
{%- capture dependencies %}  private let loader: {{ module }}Loader{% endcapture %}
{%- capture init_parameters %}loader: {{ module }}Loader{% endcapture %}
{%- assign init_assignments = "    self.loader = loader" %}
{%- assign loader = "self.loader" %}
{%- assign reports_events = false %}
{%- assign setup = "    loader.onChange = { [weak self] state in self?.render(state) }" %}
{%- elsif has_service %}
{%- assign screen_summary = "A skinny controller: it asks the service, shows what it gets, and navigates." %}
{%- capture dependencies %}  private let service: any {{ module }}Servicing{% endcapture %}
{%- capture init_parameters %}service: any {{ module }}Servicing{% endcapture %}
{%- assign init_assignments = "    self.service = service" %}
{%- assign setup = "" %}
{%- else %}
{%- assign screen_summary = "A skinny controller: it shows what it is told, and navigates." %}
{%- assign dependencies = "" %}
{%- assign init_parameters = "" %}
{%- assign init_assignments = "" %}
{%- assign setup = "" %}
{%- endif %}
{%- comment %} viewDidLoad() is the controller's own lifecycle method, overridden in it. {% endcomment %}
{%- assign actions = presenter | reject: "selector", "viewDidLoad()" %}
{%- capture tasks %}{% include 'event_tasks', part: "storage", events: actions, interactor_receiver: "service", router_receiver: "", reports_lifecycle: false, ignored: "" %}{% endcapture %}
{%- if tasks != "" %}
{%- capture dependencies %}{{ dependencies }}{{ tasks }}{% endcapture %}
{%- endif %}
{%- assign select_call = "showDetail(for: items[indexPath.row])" %}
{%- assign row_type = module | append: "Item" %}
{%- assign row_title = "displayTitle" %}
{%- capture members %}
{%- if uses_defaults %}

  // MARK: - Navigation

  private func showDetail(for item: {{ module }}Item) {
    // TODO: show the detail screen instead of this placeholder.
    let detail = UIViewController()
    detail.title = item.displayTitle
    detail.view.backgroundColor = .systemBackground
    navigationController?.pushViewController(detail, animated: true)
  }
{%- else %}
{%- capture tasks %}{% include 'event_tasks', part: "members", events: actions, interactor_receiver: "service", router_receiver: "", reports_lifecycle: false, ignored: "" %}{% endcapture %}
{%- if tasks != "" %}
{{ tasks }}
{%- endif %}
{%- assign sections = "presenter:Actions|view:View updates|router:Navigation" | split: "|" %}
{%- for section in sections %}
{%- assign parts = section | split: ":" %}
{%- comment %} viewDidLoad() is the controller's own lifecycle method, overridden above. {% endcomment %}
{%- assign methods = roles[parts[0]].methods | reject: "selector", "viewDidLoad()" %}
{%- if methods.size > 0 %}

  // MARK: - {{ parts[1] }}
{%- if parts[0] == "presenter" %}
{%- include 'events', methods: methods, blank_before_first: true, interactor_receiver: "service", router_receiver: "" %}
{%- else %}
{%- include 'stubs', methods: methods, blank_before_first: true %}
{%- endif %}
{%- endif %}
{%- endfor %}
{%- endif %}
{%- endcapture %}
{%- assign members = members | remove_first: "
" %}
{% include 'uikit_screen', reports_screen_events: false %}

"""#,
    "mvc/Tests/Mocks.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "interactor" %}
{%- include 'testable_import' %}
{%- assign uses_missing_stub = false %}
{%- assign protocol_name = module | append: "Servicing" %}
{%- assign mock_name = protocol_name | append: "Mock" %}
{%- assign methods = interactor %}
{%- assign isolation = "sendable" %}
{% include 'spy' %}
{%- include 'missing_stub' %}

"""#,
    "mvc/Tests/Tests.swift.liquid": #"""
{% include 'header' %}
{%- assign modules = "Foundation,UIKit" %}
{%- assign suite_summary = "The loader, the controller as its user sees it, and the model's formatting." %}
{% include 'tests_open' %}
{%- if uses_defaults %}
{%- assign item_view_model = false %}
{%- include 'test_fixtures' %}

  /// The states a loader reported, in order.
  @MainActor
  private final class ReportedStates {
    var states: [{{ module }}LoadState] = []
  }

  private func makeLoader() -> ({{ module }}Loader, {{ module }}ServicingMock, ReportedStates) {
    let service = {{ module }}ServicingMock()
    let loader = {{ module }}Loader(service: service)
    let reported = ReportedStates()
    loader.onChange = { reported.states.append($0) }
    return (loader, service, reported)
  }

  // MARK: - Loader
{%- assign subject = "loader" %}
{%- assign make_subject = "makeLoader()" %}
{%- assign loaded = "items" %}
{% include 'load_tests' %}

{% include 'test', name: "loaderReportsEveryState" %}
    let (loader, service, reported) = makeLoader()
    service.fetchItemsReturnValue = items
    await loader.load()
    service.fetchItemsError = LoadError()
    await loader.load()
    {% include 'expect_equal', actual: "reported.states", expected: '[.loading, .loaded(items), .refreshFailed(items, "The network is down.")]' %}
  }

{%- capture build_call %}{{ module }}Builder.build(service: service){% endcapture %}
{%- assign has_coordinator = false %}
{%- assign build_is_screen = true %}
{% include 'uikit_screen_tests' %}

{% include 'test', name: "modelFormatsUntitledItems" %}
{%- capture untitled %}{{ module }}Item(id: UUID(), title: "").displayTitle{% endcapture %}
    {% include 'expect_equal', actual: untitled, expected: 'String(localized: "Untitled")' %}
  }
{%- else %}

{% include 'test', name: "builderMakesTheController" %}
    let controller = {{ module }}Builder.build({% if has_service %}service: {{ module }}ServicingMock(){% endif %})
    controller.loadViewIfNeeded()
{%- capture title %}String(localized: "{{ module | title_case }}"){% endcapture %}
    {% include 'expect_equal', actual: "controller.title", expected: title %}
  }
{%- comment %} viewDidLoad() is the controller's own lifecycle method, not an action. {% endcomment %}
{%- assign actions = presenter | reject: "selector", "viewDidLoad()" %}
{%- if has_service %}
{%- capture event_setup %}    let service = {{ module }}ServicingMock()
    let controller = {{ module }}ViewController(service: service){% endcapture %}
{%- capture spies %}service:{{ module }}ServicingMock:interactor{% endcapture %}
{%- else %}
{%- capture event_setup %}    let controller = {{ module }}ViewController(){% endcapture %}
{%- assign spies = "" %}
{%- endif %}
{%- include 'event_tests', events: actions, subject: "controller", interactor_spy: "service", router_spy: "" %}
{%- endif %}
}

"""#,
    "mvc/template.yml": #"""
name: mvc
summary: MVC module - a skinny UIViewController, a loader that asks the service behind it, and a model with its formatting.
version: 1.0.0
parameters:
  - name: tests
    type: choice
    values: [xctest, swift-testing]
    default: xctest
    description: The test framework of the generated tests.
  - name: routes
    type: string
    default: ""
    description: "Optional: a Swift file of the app (relative to the folder of .modulegen.yml) with the lines '// modulegen:routes' and '// modulegen:screens', where the module registers its route and its screen. Empty (the default): the module is not registered."
# regenerate: always - modulegen owns the file (contracts, entities, builder, mocks);
# once - created once, then the developer's (the code and tests they fill in).
files:
  - template: Code/Model.swift.liquid
    output: "{{ module }}Model.swift"
    regenerate: always
  - template: Code/Service.swift.liquid
    output: "{{ module }}Service.swift"
    when: "has_service"
    regenerate: once
  - template: Code/Loader.swift.liquid
    output: "{{ module }}Loader.swift"
    when: "uses_defaults"
    regenerate: once
  - template: Code/ViewController.swift.liquid
    output: "{{ module }}ViewController.swift"
    regenerate: once
  - template: Code/Builder.swift.liquid
    output: "{{ module }}Builder.swift"
    regenerate: always
  - template: Tests/Mocks.swift.liquid
    output: "{{ module }}Mocks.swift"
    when: "has_service"
    role: test
    regenerate: always
  - template: Tests/Tests.swift.liquid
    output: "{{ module }}Tests.swift"
    role: test
    regenerate: once
# Optional (the routes parameter): the module's case in the app's route enum and its builder
# call where the app makes the screen of a route, each sorted among the others.
register:
  - file: "{{ params.routes }}"
    marker: "// modulegen:routes"
    snippet: "case {{ module | camel_case | swift_identifier }}"
    sorted: true
    when: "params.routes != ''"
  - file: "{{ params.routes }}"
    marker: "// modulegen:screens"
    snippet: |
      case .{{ module | camel_case | swift_identifier }}:
        return {{ module }}Builder.build()
    sorted: true
    when: "params.routes != ''"

"""#,
    "mvp/Code/Builder.swift.liquid": #"""
{% include 'header' %}
{%- if params.ui == "swiftui" %}
{% include 'imports', modules: "SwiftUI,UIKit", uses: "" %}
{%- else %}
{% include 'imports', modules: "UIKit", uses: "" %}
{%- endif %}
{%- assign summary = "Creates the module: the view owns the presenter, whose reference back to the view is weak." %}
{%- capture parts_type %}(view: {{ module }}View, state: {{ module }}ViewState, presenter: {{ module }}Presenter{% if uses_defaults and params.coordinator == false %}, router: {{ module }}Router{% endif %}){% endcapture %}
{%- include 'service_injection' %}
{%- capture assemble %}
{%- if params.coordinator %}
    let presenter = {{ module }}Presenter({{ service_argument }}coordinator: coordinator)
{%- else %}
    let router = {{ module }}Router()
    let presenter = {{ module }}Presenter({{ service_argument }}router: router)
{%- endif %}
{%- if params.ui == "swiftui" %}
    let state = {{ module }}ViewState()
    presenter.view = state
{%- if uses_defaults and params.coordinator == false %}
    return ({{ module }}View(state: state, presenter: presenter, router: router), state, presenter, router)
{%- else %}
    return ({{ module }}View(state: state, presenter: presenter), state, presenter)
{%- endif %}
{%- else %}
    let viewController = {{ module }}ViewController(presenter: presenter)
    presenter.view = viewController
{%- if params.coordinator == false %}
    router.viewController = viewController
{%- endif %}
    return viewController
{%- endif %}
{%- endcapture %}
{%- assign assemble = assemble | remove_first: "
" %}
{% include 'builder' %}

"""#,
    "mvp/Code/Contracts.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "view,presenter,router" %}
{%- if params.coordinator %}
{%- assign navigation = "Coordinating:Navigation out of the module: the coordinator of its flow." %}
{%- else %}
{%- assign navigation = "Routing:Navigation out of the module." %}
{%- endif %}
{%- assign navigation = navigation | split: ":" %}
{%- assign isolation = "main" %}
{%- if uses_defaults %}

/// The passive view: it shows what the presenter tells it.
@MainActor
protocol {{ module }}Viewing: AnyObject {
  /// Shows `state`: loading, the items (with why a refresh failed), or why there are none.
  func display(_ state: {{ module }}LoadState)
{%- if params.ui == "uikit" %}
  /// Stops the spinner of the pull to refresh: the refresh it asked for has ended.
  func endRefreshing()
{%- endif %}
}

/// What the user does, as the view reports it: the presenter decides what to load and when,
/// and what the view shows.
@MainActor
protocol {{ module }}Presenting: AnyObject {
{%- if params.ui == "uikit" %}
  /// The view loaded: the items load.
  func viewDidLoad()
  /// The user pulled to refresh: the items load (or the load in progress goes on), and then
  /// the view ends the pull's spinner.
  func didPullToRefresh()
{%- else %}
  /// The view appeared: the items load the first time, and again only if the view disappeared
  /// before they arrived.
  func viewDidAppear()
  /// The view disappeared (the user went on, or back): a load in progress stops.
  func viewDidDisappear()
  /// The user pulled to refresh: the items load (or the load in progress goes on); returns when
  /// the refresh has ended.
  func didPullToRefresh() async
{%- endif %}
  /// The user asked to load again, from the empty or the failed state.
  func didTapRetry()
  /// The user selected the item with `id`.
  func didSelectItem(id: UUID)
{%- if params.ui == "uikit" %}
  /// The view left for good (popped or dismissed): a load in progress stops.
  func viewDidLeave()
{%- endif %}
}
{%- else %}
{%- assign protocol_name = module | append: "Viewing" %}
{%- assign methods = view %}
{%- assign summary = "The passive view: it shows what the presenter tells it." %}

{% include 'protocol' %}
{%- assign protocol_name = module | append: "Presenting" %}
{%- assign methods = presenter %}
{%- assign summary = "What the view reports to the presenter." %}

{% include 'protocol' %}
{%- endif %}
{%- assign protocol_name = module | append: navigation[0] %}
{%- assign methods = router %}
{%- assign summary = navigation[1] %}

{% include 'protocol' %}

"""#,
    "mvp/Code/Coordinator.swift.liquid": #"""
{% include 'header' %}
{% include 'coordinator' %}

"""#,
    "mvp/Code/CoordinatorProtocol.swift.liquid": #"""
{% include 'header' %}
{% include 'coordinator_protocol' %}

"""#,
    "mvp/Code/Entity.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "entities" %}
{%- assign loaded_type = module | append: "ItemViewModel" %}
{%- include 'entities', item_view_model: true %}

"""#,
    "mvp/Code/Presenter.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "presenter" %}
{%- if params.coordinator %}
{%- capture navigation %}coordinator{% endcapture %}
{%- capture navigation_type %}any {{ module }}Coordinating{% endcapture %}
{%- else %}
{%- capture navigation %}router{% endcapture %}
{%- capture navigation_type %}any {{ module }}Routing{% endcapture %}
{%- endif %}

/// The module's presentation logic: it asks the service, tells the passive view what to show
{%- if params.coordinator %}
/// and the coordinator where to go.
{%- else %}
/// and the router where to go.
{%- endif %}
@MainActor
final class {{ module }}Presenter {
  weak var view: (any {{ module }}Viewing)?
{%- if has_service %}
  private let service: any {{ module }}Servicing
{%- endif %}
{%- if params.coordinator %}
  /// The coordinator owns the flow, and with it this module: the reference back is weak.
  private weak var coordinator: ({{ navigation_type }})?
{%- else %}
  private let router: {{ navigation_type }}
{%- endif %}
{%- if uses_defaults %}
  private var items: [{{ module }}Item] = []
  /// The load in progress: the presenter starts it, lets a second request join it, and stops
  /// it when the view leaves. Tests wait for it.
  private(set) var loadTask: Task<Void, Never>?
{%- if params.ui == "uikit" %}
  /// Whether a pull to refresh waits for the load in progress to end, to end its spinner.
  private var refreshIsPending = false
{%- else %}
  /// Whether a load has ended with something to show: the view appearing again keeps it.
  private var hasLoaded = false
{%- endif %}
{%- endif %}
{%- assign interactor_receiver = "service" %}
{%- assign router_receiver = navigation %}
{%- include 'event_tasks', part: "storage", events: presenter, ignored: "", reports_lifecycle: false %}

{%- include 'service_injection' %}
{%- if params.coordinator %}

  init({{ service_parameter }}coordinator: ({{ navigation_type }})?) {
{%- else %}

  init({{ service_parameter }}router: {{ navigation_type }}) {
{%- endif %}
{%- if has_service %}
    self.service = service
{%- endif %}
    self.{{ navigation }} = {{ navigation }}
  }
{%- capture tasks %}{% include 'event_tasks', part: "members", events: presenter, ignored: "", reports_lifecycle: false %}{% endcapture %}
{%- if tasks != "" %}
{{ tasks }}
{%- endif %}
}

// MARK: - {{ module }}Presenting

extension {{ module }}Presenter: {{ module }}Presenting {
{%- if uses_defaults %}
{%- if params.ui == "uikit" %}
  func viewDidLoad() {
    startLoading()
  }

  func didPullToRefresh() {
    refreshIsPending = true
    startLoading()
  }
{%- else %}
  func viewDidAppear() {
    guard !hasLoaded else { return }
    startLoading()
  }

  func viewDidDisappear() {
    stopLoading()
  }

  func didPullToRefresh() async {
    await startLoading().value
  }
{%- endif %}

  func didTapRetry() {
    startLoading()
  }

  func didSelectItem(id: UUID) {
    guard let item = items.first(where: { $0.id == id }) else { return }
    {{ navigation }}{% if params.coordinator %}?{% endif %}.showDetail(for: item)
  }
{%- if params.ui == "uikit" %}

  func viewDidLeave() {
    stopLoading()
  }
{%- endif %}
}

// MARK: - Loading

extension {{ module }}Presenter {
  /// Starts loading the items unless a load is in progress; returns the load in progress.
  @discardableResult
  private func startLoading() -> Task<Void, Never> {
    if let loadTask { return loadTask }
    let task = Task { [weak self] in
      guard let self else { return }
      await fetchItems()
    }
    loadTask = task
    return task
  }

  /// Stops the load in progress: what it fetches is not shown, and the next load starts anew.
  private func stopLoading() {
    loadTask?.cancel()
    loadTask = nil
{%- if params.ui == "uikit" %}
    refreshIsPending = false
{%- endif %}
  }

  /// Shows loading (unless there are items to keep), then the items, the empty state, or why
  /// they did not load; a failed refresh keeps the items.
  private func fetchItems() async {
    if items.isEmpty {
      view?.display(.loading)
    }
    do {
      let items = try await service.fetchItems()
      try Task.checkCancellation()
      self.items = items
      view?.display(items.isEmpty ? .empty : .loaded(itemViewModels))
    } catch {
      // Stopped: nobody waits for these items, nor for why they did not come.
      guard !Task.isCancelled else { return }
      if items.isEmpty {
        view?.display(.failed(because: error))
      } else {
        view?.display(.refreshFailed(itemViewModels, because: error))
      }
    }
    loadTask = nil
{%- if params.ui == "uikit" %}
    if refreshIsPending {
      refreshIsPending = false
      view?.endRefreshing()
    }
{%- else %}
    hasLoaded = true
{%- endif %}
  }

  /// The items as the view shows them.
  private var itemViewModels: [{{ module }}ItemViewModel] {
    items.map { {{ module }}ItemViewModel(id: $0.id, title: $0.title) }
  }
{%- else %}
{%- include 'events', methods: presenter, blank_before_first: false, interactor_receiver: "service", router_receiver: navigation %}
{%- endif %}
}

"""#,
    "mvp/Code/Router.swift.liquid": #"""
{% include 'header' %}
{%- assign protocol_name = module | append: "Routing" %}
{%- assign binding = "observation" %}
{% include 'router' %}

"""#,
    "mvp/Code/Service.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "interactor" %}
{%- include 'service', service_methods: interactor %}

"""#,
    "mvp/Code/View.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "SwiftUI", uses: "view" %}
{%- assign view_protocol = "Viewing" %}
{%- assign output_protocol = "Presenting" %}
{%- assign output_name = "presenter" %}
{%- assign reports_events = true %}
{%- assign make_view_has_input = false %}
{%- assign has_coordinator = params.coordinator %}
{%- assign view_summary = "The passive view: it shows the state the presenter keeps up to date, and reports what the user does." %}
{% include 'passive_view_swiftui' %}

"""#,
    "mvp/Code/ViewController.swift.liquid": #"""
{% include 'header' %}
{%- assign has_coordinator = params.coordinator %}
{% include 'imports', modules: "UIKit", uses: "view" %}
{%- assign view_protocol = "Viewing" %}
{%- assign output_protocol = "Presenting" %}
{%- assign output_name = "presenter" %}
{%- assign reports_events = true %}
{%- assign view_summary = "The passive view: it shows what the presenter tells it and reports what the user does." %}
{%- include 'passive_view_uikit' %}

"""#,
    "mvp/Tests/Mocks.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "all" %}
{%- include 'testable_import' %}
{%- assign uses_missing_stub = false %}
{%- if params.coordinator %}
{%- assign navigation = "Coordinating" %}
{%- else %}
{%- assign navigation = "Routing" %}
{%- endif %}
{%- if uses_defaults %}
{%- comment %} The passive view's protocols are the contracts' own, not a spec's roles. {% endcomment %}
{%- capture display_spy %}sync;display;display;_;state;{{ module }}LoadState{% endcapture %}
{%- if params.ui == "uikit" %}
{%- assign view_spy = "|sync;endRefreshing;endRefreshing" | prepend: display_spy | split: "|" %}
{%- assign events = "sync;viewDidLoad;viewDidLoad|sync;didPullToRefresh;didPullToRefresh|sync;didTapRetry;didTapRetry|sync;didSelectItemId;didSelectItem;id;id;UUID|sync;viewDidLeave;viewDidLeave" %}
{%- else %}
{%- assign view_spy = display_spy | split: "|" %}
{%- assign events = "sync;viewDidAppear;viewDidAppear|sync;viewDidDisappear;viewDidDisappear|async;didPullToRefresh;didPullToRefresh|sync;didTapRetry;didTapRetry|sync;didSelectItemId;didSelectItem;id;id;UUID" %}
{%- endif %}
{%- assign protocol_name = module | append: "Viewing" %}
{% include 'event_spy', spy_methods: view_spy %}
{%- assign protocol_name = module | append: "Presenting" %}
{%- assign events = events | split: "|" %}
{% include 'event_spy', spy_methods: events %}
{%- assign mocks = navigation | append: ":router:main|Servicing:interactor:sendable" | split: "|" %}
{%- else %}
{%- assign mocks = "Viewing:view:main|Presenting:presenter:main|" | append: navigation | append: ":router:main" %}
{%- if has_service %}
{%- assign mocks = mocks | append: "|Servicing:interactor:sendable" %}
{%- endif %}
{%- assign mocks = mocks | split: "|" %}
{%- endif %}
{%- for entry in mocks %}
{%- assign parts = entry | split: ":" %}
{%- assign methods = roles[parts[1]].methods %}
{%- assign protocol_name = module | append: parts[0] %}
{%- assign mock_name = protocol_name | append: "Mock" %}
{%- assign isolation = parts[2] %}
{% include 'spy' %}
{%- endfor %}
{%- include 'missing_stub' %}

"""#,
    "mvp/Tests/Tests.swift.liquid": #"""
{% include 'header' %}
{%- if params.ui == "swiftui" %}
{%- assign modules = "Foundation,SwiftUI,UIKit" %}
{%- else %}
{%- assign modules = "Foundation,UIKit" %}
{%- endif %}
{%- assign suite_summary = "The module's parts, and the module as its user sees it." %}
{%- assign has_coordinator = params.coordinator %}
{%- if params.coordinator %}
{%- capture navigation_mock %}{{ module }}CoordinatingMock{% endcapture %}
{%- else %}
{%- capture navigation_mock %}{{ module }}RoutingMock{% endcapture %}
{%- endif %}
{% include 'tests_open' %}
{%- if uses_defaults %}
{%- assign item_view_model = true %}
{%- include 'test_fixtures' %}

  private func makePresenter() -> (
    {{ module }}Presenter, {{ module }}ViewingMock, {{ module }}ServicingMock, {{ navigation_mock }}
  ) {
    let view = {{ module }}ViewingMock()
    let service = {{ module }}ServicingMock()
    let navigation = {{ navigation_mock }}()
{%- if params.coordinator %}
    let presenter = {{ module }}Presenter(service: service, coordinator: navigation)
{%- else %}
    let presenter = {{ module }}Presenter(service: service, router: navigation)
{%- endif %}
    presenter.view = view
    return (presenter, view, service, navigation)
  }
{% include 'presenter_event_tests' %}
{%- if params.ui == "uikit" %}
{% include 'view_event_tests' %}
{%- else %}
{%- assign inputs = "presenter" %}
{%- assign state_read = "module.state.loadState" %}
{%- assign reports_events = true %}
{%- include 'swiftui_view_tests' %}
{%- endif %}
{%- else %}
{%- include 'passive_spec_tests', output_name: "presenter", output_protocol: "Presenting" %}
{%- if params.coordinator %}{% assign navigation = "coordinator" %}{% else %}{% assign navigation = "router" %}{% endif %}
{%- include 'service_injection' %}
{%- capture event_setup %}    let view = {{ module }}ViewingMock()
{%- if has_service %}
    let service = {{ module }}ServicingMock()
{%- endif %}
    let {{ navigation }} = {{ navigation_mock }}()
    let presenter = {{ module }}Presenter({{ service_argument }}{{ navigation }}: {{ navigation }})
    presenter.view = view{% endcapture %}
{%- capture spies %}view:{{ module }}ViewingMock:view,{% if has_service %}service:{{ module }}ServicingMock:interactor,{% endif %}{{ navigation }}:{{ navigation_mock }}:router{% endcapture %}
{%- include 'event_tests', events: presenter, subject: "presenter", interactor_spy: "service", router_spy: navigation %}
{%- endif %}
{%- if params.coordinator %}
{% include 'coordinator_tests' %}
{%- endif %}
}

"""#,
    "mvp/snippets/event_spy.liquid": #"""
{%- comment %}
  A spy of the typical screen's passive view or of what it reports (the protocols are written
  out in the contracts, not taken from a spec): per method a call count, the last argument and
  every call's argument, and a closure that runs instead. Expects `protocol_name` and
  `spy_methods`, each "effects;identifier;name" for a method without arguments, or
  "effects;identifier;name;label;parameter;type" for one with an argument (`effects` "async" or
  "sync").
{%- endcomment %}
{%- capture newline %}
{% endcapture %}
/// A spy for `{{ protocol_name }}`: it records every call.
@MainActor
final class {{ protocol_name }}Mock: {{ protocol_name }} {
{%- for entry in spy_methods %}
{%- assign f = entry | split: ";" %}
{%- if forloop.first == false %}{{ newline }}{% endif %}
{%- if f.size == 3 %}
  // MARK: - {{ f[2] }}()

  private(set) var {{ f[1] }}CallCount = 0
  var {{ f[1] }}Closure: (@MainActor () {% if f[0] == "async" %}async {% endif %}-> Void)?

  func {{ f[2] }}(){% if f[0] == "async" %} async{% endif %} {
    {{ f[1] }}CallCount += 1
    if let closure = {{ f[1] }}Closure { {% if f[0] == "async" %}await {% endif %}closure() }
  }
{%- else %}
  // MARK: - {{ f[2] }}({{ f[3] }}:)

  private(set) var {{ f[1] }}CallCount = 0
  private(set) var {{ f[1] }}ReceivedArguments: {{ f[5] }}?
  private(set) var {{ f[1] }}ReceivedInvocations: [{{ f[5] }}] = []
  var {{ f[1] }}Closure: (@MainActor ({{ f[5] }}) -> Void)?

  func {{ f[2] }}({% if f[3] == f[4] %}{{ f[4] }}{% else %}{{ f[3] }} {{ f[4] }}{% endif %}: {{ f[5] }}) {
    {{ f[1] }}CallCount += 1
    {{ f[1] }}ReceivedArguments = {{ f[4] }}
    {{ f[1] }}ReceivedInvocations.append({{ f[4] }})
    if let closure = {{ f[1] }}Closure { closure({{ f[4] }}) }
  }
{%- endif %}
{%- endfor %}

  /// Forgets every recorded call and every stub, as if the mock were new.
  func reset() {
{%- for entry in spy_methods %}
{%- assign f = entry | split: ";" %}
    {{ f[1] }}CallCount = 0
{%- if f.size > 3 %}
    {{ f[1] }}ReceivedArguments = nil
    {{ f[1] }}ReceivedInvocations = []
{%- endif %}
    {{ f[1] }}Closure = nil
{%- endfor %}
  }
}
"""#,
    "mvp/snippets/presenter_event_tests.liquid": #"""
{%- comment %}
  Tests of the presenter that drives the typical screen's passive view: it is told what the user
  does, as the view reports it, and a view spy records what it shows. Expects `makePresenter()`
  in the suite (the presenter, the view spy, the service mock, the router or coordinator mock).
{%- endcomment %}
{%- if params.ui == "uikit" %}
{%- assign open_event = "viewDidLoad" %}
{%- assign leave_event = "viewDidLeave" %}
{%- capture pull %}presenter.didPullToRefresh()
    await presenter.loadTask?.value{% endcapture %}
{%- else %}
{%- assign open_event = "viewDidAppear" %}
{%- assign leave_event = "viewDidDisappear" %}
{%- assign pull = "await presenter.didPullToRefresh()" %}
{%- endif %}
{%- capture open %}presenter.{{ open_event }}()
    await presenter.loadTask?.value{% endcapture %}
{%- capture failed %}{{ module }}LoadState.failed("The network is down."){% endcapture %}
  // MARK: - Presenter

{% include 'test', name: "openingShowsLoadingThenTheItems" %}
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsReturnValue = items
    {{ open }}
    {% include 'expect_equal', actual: "view.displayReceivedInvocations", expected: "[.loading, .loaded(itemViewModels)]" %}
    {% include 'expect', that: "presenter.loadTask == nil" %}
  }

{% include 'test', name: "openingWithoutItemsShowsTheEmptyState" %}
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsReturnValue = []
    {{ open }}
    {% include 'expect_equal', actual: "view.displayReceivedInvocations", expected: "[.loading, .empty]" %}
  }

{% include 'test', name: "failedLoadShowsWhyAndTryingAgainLoads" %}
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsError = LoadError()
    {{ open }}
    service.fetchItemsError = nil
    service.fetchItemsReturnValue = items
    presenter.didTapRetry()
    await presenter.loadTask?.value
    let failed = {{ failed }}
    {% include 'expect_equal', actual: "view.displayReceivedInvocations", expected: "[.loading, failed, .loading, .loaded(itemViewModels)]" %}
  }

{% include 'test', name: "anErrorWithNothingForUsersGetsAGeneralMessage" %}
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsError = OpaqueError()
    {{ open }}
    {% include 'expect_equal', actual: "view.displayReceivedArguments", expected: '.failed("Something went wrong. Please try again.")' %}
  }

{% include 'test', name: "pullToRefreshKeepsTheItemsOnScreen" %}
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsReturnValue = items
    {{ open }}
    {{ pull }}
    {% include 'expect_equal', actual: "view.displayReceivedInvocations", expected: "[.loading, .loaded(itemViewModels), .loaded(itemViewModels)]" %}
{%- if params.ui == "uikit" %}
    {% include 'expect_equal', actual: "view.endRefreshingCallCount", expected: "1" %}
{%- endif %}
  }

{% include 'test', name: "failedRefreshKeepsTheItemsAndSaysWhy" %}
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsReturnValue = items
    {{ open }}
    service.fetchItemsError = LoadError()
    {{ pull }}
    {% include 'expect_equal', actual: "view.displayReceivedArguments", expected: '.refreshFailed(itemViewModels, "The network is down.")' %}
  }

{% include 'test', name: "requestsWhileLoadingJoinTheLoadInProgress" %}
    let (presenter, view, service, _) = makePresenter()
    service.fetchItemsReturnValue = items
    presenter.{{ open_event }}()
    presenter.didTapRetry()
{%- if params.ui == "uikit" %}
    presenter.didPullToRefresh()
{%- else %}
    await presenter.didPullToRefresh()
{%- endif %}
    await presenter.loadTask?.value
    {% include 'expect_equal', actual: "service.fetchItemsCallCount", expected: "1" %}
    {% include 'expect_equal', actual: "view.displayReceivedInvocations", expected: "[.loading, .loaded(itemViewModels)]" %}
{%- if params.ui == "uikit" %}
    {% include 'expect_equal', actual: "view.endRefreshingCallCount", expected: "1" %}
{%- endif %}
  }

{% include 'test', name: "leavingStopsTheLoad" %}
    let (presenter, view, service, _) = makePresenter()
{%- include 'cancelled_fetch_stub', mock: "service" %}
    presenter.{{ open_event }}()
    let load = {% include 'require', value: "presenter.loadTask" %}
    {% include 'wait_while', pending: "service.fetchItemsCallCount == 0" %}
    presenter.{{ leave_event }}()
    await load.value
    {% include 'expect', that: "load.isCancelled" %}
    {% include 'expect', that: "presenter.loadTask == nil" %}
    {% include 'expect_equal', actual: "view.displayReceivedInvocations", expected: "[.loading]" %}
  }
{%- if params.ui == "swiftui" %}

{% include 'test', name: "appearingAgainKeepsWhatIsShown" %}
    let (presenter, _, service, _) = makePresenter()
    service.fetchItemsReturnValue = items
    {{ open }}
    presenter.viewDidDisappear()
    presenter.viewDidAppear()
    {% include 'expect', that: "presenter.loadTask == nil" %}
    {% include 'expect_equal', actual: "service.fetchItemsCallCount", expected: "1" %}
  }

{% include 'test', name: "appearingAgainAfterLeavingWhileLoadingLoads" %}
    let (presenter, view, service, _) = makePresenter()
{%- include 'cancelled_fetch_stub', mock: "service" %}
    presenter.viewDidAppear()
    {% include 'wait_while', pending: "service.fetchItemsCallCount == 0" %}
    presenter.viewDidDisappear()
    service.fetchItemsClosure = nil
    service.fetchItemsReturnValue = items
    {{ open }}
    {% include 'expect_equal', actual: "service.fetchItemsCallCount", expected: "2" %}
    {% include 'expect_equal', actual: "view.displayReceivedInvocations", expected: "[.loading, .loading, .loaded(itemViewModels)]" %}
  }
{%- endif %}

{% include 'test', name: "selectingAnItemShowsItsDetailEveryTime" %}
    let (presenter, _, service, navigation) = makePresenter()
    service.fetchItemsReturnValue = items
    {{ open }}
    presenter.didSelectItem(id: items[1].id)
    presenter.didSelectItem(id: items[1].id)
    {% include 'expect_equal', actual: "navigation.showDetailForReceivedInvocations", expected: "[items[1], items[1]]" %}
  }
"""#,
    "mvp/snippets/view_event_tests.liquid": #"""
{%- comment %}
  Tests of the typical screen's passive UIKit view: the view controller with a presenter spy,
  as the user sees it: it reports what the user does, and shows what it is told.
{%- endcomment %}
{%- assign identifier = module | camel_case %}
{%- capture find_list %}view("{{ identifier }}.list", in: screen.view){% endcapture %}
{%- capture find_indicator %}view("{{ identifier }}.loading", in: screen.view){% endcapture %}
{%- capture refresh_failure %}"Couldn't refresh. The network is down."{% endcapture %}
  // MARK: - View

  /// A screen that reports to a presenter spy, loaded.
  private func makeScreen() -> ({{ module }}ViewController, {{ module }}PresentingMock) {
    let presenter = {{ module }}PresentingMock()
    let screen = {{ module }}ViewController(presenter: presenter)
    screen.loadViewIfNeeded()
    return (screen, presenter)
  }
{% include 'uikit_test_helpers' %}

{% include 'test', name: "screenReportsThatItLoadedAndNothingElse" %}
    let (_, presenter) = makeScreen()
    {% include 'expect_equal', actual: "presenter.viewDidLoadCallCount", expected: "1" %}
    {% include 'expect_equal', actual: "presenter.didTapRetryCallCount + presenter.didPullToRefreshCallCount", expected: "0" %}
  }

{% include 'test', name: "screenShowsLoadingThenTheRowsItIsTold" %}
    let (screen, _) = makeScreen()
    let table: UITableView = {% include 'require', value: find_list %}
    let indicator: UIActivityIndicatorView = {% include 'require', value: find_indicator %}
    screen.display(.loading)
    {% include 'expect', that: "indicator.isAnimating" %}
    screen.display(.loaded(itemViewModels))
    {% include 'expect_equal', actual: "rowTitles(table)", expected: '["First", "Second"]' %}
    {% include 'expect', that: "!indicator.isAnimating" %}
    {% include 'expect', that: "screen.contentUnavailableConfiguration == nil" %}
  }

{% include 'test', name: "screenShowsWhyLoadingFailedWithAWayToTryAgain" %}
    let (screen, _) = makeScreen()
    screen.display(.failed("The network is down."))
    let configuration = {% include 'require', value: "screen.contentUnavailableConfiguration as? UIContentUnavailableConfiguration" %}
    {% include 'expect_equal', actual: "configuration.secondaryText", expected: '"The network is down."' %}
    {% include 'expect', that: "configuration.buttonProperties.primaryAction != nil" %}
  }

{% include 'test', name: "screenKeepsTheRowsItIsToldWhenARefreshFails" %}
    let (screen, _) = makeScreen()
    let table: UITableView = {% include 'require', value: find_list %}
    screen.display(.refreshFailed(itemViewModels, "The network is down."))
    {% include 'expect_equal', actual: "rowTitles(table)", expected: '["First", "Second"]' %}
    {% include 'expect_equal', actual: "screen.tableView(table, titleForHeaderInSection: 0)", expected: refresh_failure %}
    {% include 'expect', that: "screen.contentUnavailableConfiguration == nil" %}
  }

{% include 'test', name: "screenReportsAPullAndEndsItsSpinnerWhenTold" %}
    let (screen, presenter) = makeScreen()
    let table: UITableView = {% include 'require', value: find_list %}
    let refreshControl = {% include 'require', value: "table.refreshControl" %}
    refreshControl.beginRefreshing()
    refreshControl.sendActions(for: .valueChanged)
    {% include 'expect_equal', actual: "presenter.didPullToRefreshCallCount", expected: "1" %}
    {% include 'expect', that: "refreshControl.isRefreshing" %}
    screen.endRefreshing()
    {% include 'expect', that: "!refreshControl.isRefreshing" %}
  }

{% include 'test', name: "selectingARowReportsItsItem" %}
    let (screen, presenter) = makeScreen()
    let table: UITableView = {% include 'require', value: find_list %}
    screen.display(.loaded(itemViewModels))
    table.delegate?.tableView(table, didSelectRowAt: IndexPath(row: 1, section: 0))
    {% include 'expect_equal', actual: "presenter.didSelectItemIdReceivedInvocations", expected: "[items[1].id]" %}
  }
"""#,
    "mvp/template.yml": #"""
name: mvp
summary: MVP module - a passive view behind a protocol, a presenter with a weak view, a service, and a router; coordinator=true gives MVP-C.
version: 1.0.0
parameters:
  - name: ui
    type: choice
    values: [uikit, swiftui]
    default: uikit
    description: A UIViewController, or a SwiftUI view whose state the presenter drives.
  - name: coordinator
    type: bool
    default: false
    description: Navigate through a coordinator that whoever starts the flow creates and keeps (MVP-C), instead of the module's router.
  - name: tests
    type: choice
    values: [xctest, swift-testing]
    default: xctest
    description: The test framework of the generated tests.
  - name: routes
    type: string
    default: ""
    description: "Optional: a Swift file of the app (relative to the folder of .modulegen.yml) with the lines '// modulegen:routes' and '// modulegen:screens', where the module registers its route and its screen. Empty (the default): the module is not registered."
# regenerate: always - modulegen owns the file (contracts, entities, builder, mocks);
# once - created once, then the developer's (the code and tests they fill in);
# shared - one file for all the modules beside this one, created once.
files:
  - template: Code/Entity.swift.liquid
    output: "{{ module }}Entity.swift"
    regenerate: always
  - template: Code/Contracts.swift.liquid
    output: "{{ module }}Contracts.swift"
    regenerate: always
  - template: Code/Service.swift.liquid
    output: "{{ module }}Service.swift"
    when: "has_service"
    regenerate: once
  - template: Code/Presenter.swift.liquid
    output: "{{ module }}Presenter.swift"
    regenerate: once
  - template: Code/Router.swift.liquid
    output: "{{ module }}Router.swift"
    when: "params.coordinator == false"
    regenerate: once
  - template: Code/Coordinator.swift.liquid
    output: "{{ module }}Coordinator.swift"
    when: "params.coordinator"
    regenerate: once
  # The protocol every module's coordinator conforms to: one file for the modules beside this one.
  - template: Code/CoordinatorProtocol.swift.liquid
    output: Coordinator.swift
    when: "params.coordinator"
    regenerate: once
    shared: true
  - template: Code/ViewController.swift.liquid
    output: "{{ module }}ViewController.swift"
    when: "params.ui == 'uikit'"
    regenerate: once
  - template: Code/View.swift.liquid
    output: "{{ module }}View.swift"
    when: "params.ui == 'swiftui'"
    regenerate: once
  - template: Code/Builder.swift.liquid
    output: "{{ module }}Builder.swift"
    regenerate: always
  - template: Tests/Mocks.swift.liquid
    output: "{{ module }}Mocks.swift"
    role: test
    regenerate: always
  - template: Tests/Tests.swift.liquid
    output: "{{ module }}Tests.swift"
    role: test
    regenerate: once
# Optional (the routes parameter): the module's case in the app's route enum and its builder
# call where the app makes the screen of a route, each sorted among the others.
# With a coordinator the flow's starter builds the screen, so nothing is registered.
register:
  - file: "{{ params.routes }}"
    marker: "// modulegen:routes"
    snippet: "case {{ module | camel_case | swift_identifier }}"
    sorted: true
    when: "params.routes != '' and params.coordinator == false"
  - file: "{{ params.routes }}"
    marker: "// modulegen:screens"
    snippet: |
      case .{{ module | camel_case | swift_identifier }}:
        return {{ module }}Builder.build()
    sorted: true
    when: "params.routes != '' and params.coordinator == false"

"""#,
    "mvvm/Code/Builder.swift.liquid": #"""
{% include 'header' %}
{%- if params.ui == "swiftui" %}
{% include 'imports', modules: "SwiftUI,UIKit", uses: "" %}
{%- else %}
{% include 'imports', modules: "UIKit", uses: "" %}
{%- endif %}
{%- if has_service %}
{%- assign summary = "Creates the module: the view owns the view model, the view model owns its service." %}
{%- else %}
{%- assign summary = "Creates the module: the view owns the view model." %}
{%- endif %}
{%- capture parts_type %}(view: {{ module }}View, viewModel: {{ module }}ViewModel{% if uses_defaults and params.coordinator == false %}, router: {{ module }}Router{% endif %}){% endcapture %}
{%- include 'service_injection' %}
{%- capture assemble %}
{%- if params.coordinator %}
    let viewModel = {{ module }}ViewModel({{ service_argument }}coordinator: coordinator)
{%- else %}
    let router = {{ module }}Router()
    let viewModel = {{ module }}ViewModel({{ service_argument }}router: router)
{%- endif %}
{%- if params.ui == "swiftui" %}
{%- if uses_defaults and params.coordinator == false %}
    return ({{ module }}View(viewModel: viewModel, router: router), viewModel, router)
{%- else %}
    return ({{ module }}View(viewModel: viewModel), viewModel)
{%- endif %}
{%- else %}
    let viewController = {{ module }}ViewController(viewModel: viewModel)
{%- if params.coordinator == false %}
    router.viewController = viewController
{%- endif %}
    return viewController
{%- endif %}
{%- endcapture %}
{%- assign assemble = assemble | remove_first: "
" %}
{% include 'builder' %}

"""#,
    "mvvm/Code/Contracts.swift.liquid": #"""
{% include 'header' %}
{%- if params.io and params.binding == "combine" %}
{% include 'imports', modules: "Combine,Foundation", uses: "view,presenter,router" %}
{%- else %}
{% include 'imports', modules: "Foundation", uses: "view,presenter,router" %}
{%- endif %}
{%- if params.coordinator %}
{%- assign navigation = "Coordinating:Navigation out of the module: the coordinator of its flow." %}
{%- else %}
{%- assign navigation = "Routing:Navigation out of the module." %}
{%- endif %}
{%- assign navigation = navigation | split: ":" %}
{%- assign isolation = "main" %}
{%- assign protocol_name = module | append: navigation[0] %}
{%- assign methods = router %}
{%- assign summary = navigation[1] %}

{% include 'protocol' %}
{%- if params.io %}
{%- assign protocol_name = module | append: "ViewModelInputs" %}
{%- assign methods = presenter %}
{%- assign summary = "What the view tells the view model." %}

{% include 'protocol' %}

/// What the view shows, to bind to.
@MainActor
protocol {{ module }}ViewModelOutputs: AnyObject {
{%- if uses_defaults %}
{%- if params.binding == "combine" %}
  /// The state to show: the current one, then every change.
  var statePublisher: AnyPublisher<{{ module }}LoadState, Never> { get }
{%- else %}
  /// The state to show.
  var state: {{ module }}LoadState { get }
{%- endif %}
{%- if params.binding == "closures" %}
  /// Called with every new state.
  var onStateChange: (({{ module }}LoadState) -> Void)? { get set }
{%- endif %}
{%- else %}
{%- if params.binding == "combine" %}
{%- include 'state', declare: "publisher" %}
{%- else %}
{%- include 'state', declare: "requirement" %}
{%- endif %}
{%- if params.binding == "closures" %}
  /// Called after every change of the state.
  var onChange: (() -> Void)? { get set }
{%- endif %}
{%- endif %}
}

/// The view model as the view sees it: what it can tell it, and what it can show. The view
/// depends on this, not on the view model's class, so that it can be tested with a fake.
@MainActor
protocol {{ module }}ViewModelType: AnyObject {
  var inputs: any {{ module }}ViewModelInputs { get }
  var outputs: any {{ module }}ViewModelOutputs { get }
}
{%- endif %}

"""#,
    "mvvm/Code/Coordinator.swift.liquid": #"""
{% include 'header' %}
{% include 'coordinator' %}

"""#,
    "mvvm/Code/CoordinatorProtocol.swift.liquid": #"""
{% include 'header' %}
{% include 'coordinator_protocol' %}

"""#,
    "mvvm/Code/Entity.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "entities" %}
{%- assign loaded_type = module | append: "ItemViewModel" %}
{%- include 'entities', item_view_model: true %}

"""#,
    "mvvm/Code/Router.swift.liquid": #"""
{% include 'header' %}
{%- assign protocol_name = module | append: "Routing" %}
{%- assign binding = params.binding %}
{% include 'router' %}

"""#,
    "mvvm/Code/Service.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "interactor" %}
{%- include 'service', service_methods: interactor %}

"""#,
    "mvvm/Code/View.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "SwiftUI", uses: "" %}
{%- if params.io %}
{%- capture view_model_type %}any {{ module }}ViewModelType{% endcapture %}
{%- assign inputs = "viewModel.inputs" %}
{%- assign outputs = "viewModel.outputs" %}
{%- else %}
{%- capture view_model_type %}{{ module }}ViewModel{% endcapture %}
{%- assign inputs = "viewModel" %}
{%- assign outputs = "viewModel" %}
{%- endif %}
{%- assign has_coordinator = params.coordinator %}
{%- assign make_view_has_input = false %}
{%- assign local_state = false %}
{%- comment %} A spec's view keeps a copy of each state property that its view model gives only as publishers (Combine, Input/Output) or reports with `onChange` (closures). {% endcomment %}
{%- assign copies_state = false %}
{%- if uses_defaults == false and view_state.size > 0 %}
{%- if params.binding == "closures" or params.binding == "combine" and params.io %}
{%- assign copies_state = true %}
{%- endif %}
{%- endif %}
{%- if uses_defaults %}
{%- if params.binding == "closures" %}{% assign local_state = true %}{% endif %}
{%- if params.binding == "combine" and params.io %}{% assign local_state = true %}{% endif %}
{%- endif %}

{%- assign owns_router = false %}
{%- if uses_defaults and params.coordinator == false %}{% assign owns_router = true %}{% endif %}
{%- assign observes_object = false %}
{%- if params.binding == "combine" and params.io == false %}{% assign observes_object = true %}{% endif %}

/// The module's view: it shows the view model's state and tells it what the user does.
struct {{ module }}View: View {
  // The screen's objects, owned by the view: SwiftUI keeps the first ones it is given for as
  // long as the view is on screen, so a host that makes the view again in its `body` keeps
  // the same screen.
{%- if observes_object %}
  @StateObject private var viewModel: {{ view_model_type }}
{%- else %}
  @State private var viewModel: {{ view_model_type }}
{%- endif %}
{%- if owns_router and params.binding == "combine" %}
  @StateObject private var router: {{ module }}Router
{%- elsif owns_router %}
  @State private var router: {{ module }}Router
{%- endif %}
{%- if local_state %}
  /// The view model's state, as it reports it.
  @State private var state: {{ module }}LoadState = .idle
{%- endif %}
{%- if copies_state %}
  // The view model's state, as it {% if params.binding == "closures" %}reports{% else %}publishes{% endif %} it: what the body shows.
{%- include 'state', declare: "view_copy" %}
{%- endif %}
{%- if uses_defaults %}
{%- include 'swiftui_screen_state', reports_events: false %}
{%- endif %}

  init(viewModel: {{ view_model_type }}{% if owns_router %}, router: {{ module }}Router{% endif %}) {
{%- if observes_object %}
    _viewModel = StateObject(wrappedValue: viewModel)
{%- else %}
    _viewModel = State(initialValue: viewModel)
{%- endif %}
{%- if owns_router and params.binding == "combine" %}
    _router = StateObject(wrappedValue: router)
{%- elsif owns_router %}
    _router = State(initialValue: router)
{%- endif %}
  }
{%- if uses_defaults %}
{%- if local_state %}
{%- assign state_expression = "state" %}
{%- else %}
{%- capture state_expression %}{{ outputs }}.state{% endcapture %}
{%- endif %}
{%- capture load_call %}{{ inputs }}.load(){% endcapture %}
{%- capture select_call %}{{ inputs }}.didSelectItem(id: item.id){% endcapture %}
{%- if params.coordinator %}
{%- assign destination = "" %}
{%- else %}
{%- assign destination = "$router.detail" %}
{%- endif %}
{%- if params.binding == "closures" %}
{%- capture task_setup %}        // The view model keeps this closure: it holds the state's binding, not the view, which
        // holds the view model (the two would keep each other after the screen is gone).
        {{ outputs }}.onStateChange = { [state = $state] in state.wrappedValue = $0 }
        state = {{ outputs }}.state{% endcapture %}
{%- else %}
{%- assign task_setup = "" %}
{%- endif %}
{%- if params.binding == "combine" and params.io %}
{%- capture modifiers %}      .onReceive({{ outputs }}.statePublisher) { state = $0 }{% endcapture %}
{%- else %}
{%- assign modifiers = "" %}
{%- endif %}
{%- assign reports_events = false %}
{% include 'swiftui_screen', reports_screen_events: false %}
{%- else %}
{%- assign appear = "" %}
{%- assign modifiers = "" %}
{%- if copies_state and params.binding == "closures" %}
{%- capture appear %}
        // The copies follow the view model's state, as it is now and after every change. The view
        // model keeps the closure, which holds the copies' bindings, not the view (which holds the
        // view model: the two would keep each other after the screen is gone).
        let outputs = {{ outputs }}
{%- include 'state', declare: "binding" %}
        outputs.onChange = { [weak outputs] in
          guard let outputs else { return }
{%- include 'state', declare: "report" %}
        }
        outputs.onChange?()
{%- endcapture %}
{%- elsif copies_state %}
{%- capture modifiers %}{% include 'state', declare: "receive" %}{% endcapture %}
{%- endif %}
{%- include 'swiftui_spec_body', receiver: inputs, appear: appear, modifiers: modifiers %}
{%- endif %}
}
{%- include 'preview' %}

"""#,
    "mvvm/Code/ViewController.swift.liquid": #"""
{% include 'header' %}
{%- assign has_coordinator = params.coordinator %}
{%- case params.binding %}
{%- when "combine" %}{% assign controller_modules = "Combine,UIKit" %}
{%- when "observation" %}{% assign controller_modules = "Observation,UIKit" %}
{%- else %}{% assign controller_modules = "UIKit" %}
{%- endcase %}
{% include 'imports', modules: controller_modules, uses: "" %}
{%- if params.io %}
{%- capture view_model_type %}any {{ module }}ViewModelType{% endcapture %}
{%- assign inputs = "viewModel.inputs" %}
{%- assign outputs = "viewModel.outputs" %}
{%- else %}
{%- capture view_model_type %}{{ module }}ViewModel{% endcapture %}
{%- assign inputs = "viewModel" %}
{%- assign outputs = "viewModel" %}
{%- endif %}
{%- assign screen_summary = "The module's view: it shows the view model's state and tells it what the user does." %}
{%- assign no_events = "" | split: "" %}
{%- capture dependencies %}  private let viewModel: {{ view_model_type }}
{%- if params.binding == "combine" %}
  private var cancellables: Set<AnyCancellable> = []
{%- endif %}
{%- include 'event_tasks', part: "storage", events: no_events, interactor_receiver: "", router_receiver: "", reports_lifecycle: true, ignored: "" %}{% endcapture %}
{%- capture init_parameters %}viewModel: {{ view_model_type }}{% endcapture %}
{%- assign init_assignments = "    self.viewModel = viewModel" %}
{%- assign loader = inputs %}
{%- assign reports_events = false %}
{%- capture select_call %}{{ inputs }}.didSelectItem(id: items[indexPath.row].id){% endcapture %}
{%- assign row_type = module | append: "ItemViewModel" %}
{%- assign row_title = "title" %}
{%- capture lifecycle %}{% include 'lifecycle_call', receiver: inputs, indent: "    ", awaited: false %}{% endcapture %}
{%- capture setup %}    bind(){{ lifecycle }}{% endcapture %}
{%- if params.binding == "combine" and params.io and uses_defaults == false and view_state.size > 0 %}
{%- assign renders_each_property = true %}
{%- else %}
{%- assign renders_each_property = false %}
{%- endif %}
{%- capture tasks %}{% include 'event_tasks', part: "members", events: no_events, interactor_receiver: "", router_receiver: "", reports_lifecycle: true, ignored: "" %}{% endcapture %}
{%- if tasks != "" %}
{%- capture tasks %}{{ tasks }}
{% endcapture %}
{%- endif %}
{%- capture members %}{{ tasks }}
  // MARK: - Binding
{%- case params.binding %}
{%- when "observation" %}

  /// Shows the view model's state now and after every change. Observation reports a change
  /// before it is made, so the new state is read on the main actor's next turn.
  private func bind() {
    withObservationTracking {
{%- if uses_defaults %}
      render({{ outputs }}.state)
{%- else %}
      render()
{%- endif %}
    } onChange: { [weak self] in
      Task { @MainActor in self?.bind() }
    }
  }
{%- when "combine" %}

  /// Shows every state the view model publishes: the value it sends, which `@Published` sends
  /// before the property changes.
  private func bind() {
{%- if renders_each_property %}
{%- include 'state', declare: "sink" %}
{%- elsif uses_defaults %}
{%- if params.io %}
    {{ outputs }}.statePublisher
{%- else %}
    viewModel.$state
{%- endif %}
      .sink { [weak self] state in self?.render(state) }
      .store(in: &cancellables)
{%- elsif params.io %}
    render()
{%- else %}
    viewModel.objectWillChange
      .sink { [weak self] _ in Task { @MainActor in self?.render() } }
      .store(in: &cancellables)
    render()
{%- endif %}
  }
{%- else %}

  /// Shows the view model's state now and whenever it changes.
  private func bind() {
{%- if uses_defaults %}
    {{ outputs }}.onStateChange = { [weak self] state in self?.render(state) }
    render({{ outputs }}.state)
{%- else %}
    {{ outputs }}.onChange = { [weak self] in self?.render() }
    render()
{%- endif %}
  }
{%- endcase %}
{%- if renders_each_property %}
{%- include 'state', declare: "render" %}
{%- elsif uses_defaults == false %}

  /// Brings the views up to date with the view model's state.
  private func render() {
    // TODO: update the views from the view model's state.
  }
{%- endif %}
{%- endcapture %}
{% include 'uikit_screen', reports_screen_events: false %}

"""#,
    "mvvm/Code/ViewModel.swift.liquid": #"""
{% include 'header' %}
{%- case params.binding %}
{%- when "combine" %}{% assign view_model_modules = "Combine,Foundation" %}
{%- when "observation" %}{% assign view_model_modules = "Foundation,Observation" %}
{%- else %}{% assign view_model_modules = "Foundation" %}
{%- endcase %}
{% include 'imports', modules: view_model_modules, uses: "view,presenter" %}
{%- if params.binding == "combine" %}
{%- assign published = "@Published " %}
{%- else %}
{%- assign published = "" %}
{%- endif %}
{%- if params.binding == "observation" %}
{%- assign ignored = "@ObservationIgnored " %}
{%- else %}
{%- assign ignored = "" %}
{%- endif %}
{%- if params.coordinator %}
{%- assign navigation = "coordinator" %}
{%- capture navigation_type %}any {{ module }}Coordinating{% endcapture %}
{%- else %}
{%- assign navigation = "router" %}
{%- capture navigation_type %}any {{ module }}Routing{% endcapture %}
{%- endif %}

/// The module's state and logic. It knows nothing about UIKit or SwiftUI.
@MainActor
{%- if params.binding == "observation" %}
@Observable
{%- endif %}
final class {{ module }}ViewModel{% if params.binding == "combine" %}: ObservableObject{% endif %} {
{%- if uses_defaults %}
{%- if params.binding == "closures" %}
  /// What the screen shows; `onStateChange` hears every change.
  private(set) var state: {{ module }}LoadState = .idle {
    didSet { onStateChange?(state) }
  }
  /// Called with every new state.
  var onStateChange: (({{ module }}LoadState) -> Void)?
{%- else %}
  /// What the screen shows.
  {{ published }}private(set) var state: {{ module }}LoadState = .idle
{%- endif %}
{%- if params.binding == "combine" and params.io %}
  /// The state to show, the current one then every change: one publisher for the view model's
  /// life, as SwiftUI's `onReceive` subscribes again whenever it is given another one.
  private(set) lazy var statePublisher = $state.eraseToAnyPublisher()
{%- endif %}
{%- else %}
{%- if params.binding == "closures" %}
{%- capture did_set %} {
    didSet { onChange?() }
  }{% endcapture %}
{%- else %}
{%- assign did_set = "" %}
{%- endif %}
{%- include 'state', declare: "storage" %}
{%- if params.binding == "combine" and params.io and view_state.size > 0 %}
  // Each property's value then every change, one publisher for the view model's life, as
  // SwiftUI's `onReceive` subscribes again whenever it is given another one.
{%- include 'state', declare: "publisher_storage" %}
{%- endif %}
{%- if params.binding == "closures" %}
  /// Called after every change of the state above.
  var onChange: (() -> Void)?
{%- endif %}
{%- endif %}
{%- if has_service %}
  private let service: any {{ module }}Servicing
{%- endif %}
{%- if params.coordinator %}
  /// The coordinator owns the flow, and with it this module: the reference back is weak.
  {{ ignored }}private weak var coordinator: ({{ navigation_type }})?
{%- else %}
  private let router: {{ navigation_type }}
{%- endif %}
{%- if uses_defaults %}
  {{ ignored }}private var items: [{{ module }}Item] = []
  {{ ignored }}private var fetchTask: Task<Void, Never>?
{%- endif %}
{%- assign interactor_receiver = "service" %}
{%- assign router_receiver = navigation %}
{%- include 'event_tasks', part: "storage", events: presenter, reports_lifecycle: false %}

{%- include 'service_injection' %}
{%- if params.coordinator %}

  init({{ service_parameter }}coordinator: ({{ navigation_type }})?) {
{%- else %}

  init({{ service_parameter }}router: {{ navigation_type }}) {
{%- endif %}
{%- if has_service %}
    self.service = service
{%- endif %}
    self.{{ navigation }} = {{ navigation }}
  }
{%- capture tasks %}{% include 'event_tasks', part: "members", events: presenter, reports_lifecycle: false %}{% endcapture %}
{%- if tasks != "" %}
{{ tasks }}
{%- endif %}
}

// MARK: - Inputs

extension {{ module }}ViewModel{% if params.io %}: {{ module }}ViewModelInputs{% endif %} {
{%- if uses_defaults %}
{%- capture loaded_items %}items.map { {{ module }}ItemViewModel(id: $0.id, title: $0.title) }{% endcapture %}
{%- assign fetch_call = "service.fetchItems()" %}
{%- assign show = "state = STATE" %}
{%- assign keeps_items = true %}
{%- assign after_loaded = "" %}
{%- assign after_ended = "" %}
{%- include 'load' %}

  func didSelectItem(id: UUID) {
    guard let item = items.first(where: { $0.id == id }) else { return }
    {{ navigation }}{% if params.coordinator %}?{% endif %}.showDetail(for: item)
  }
{%- else %}
{%- include 'events', methods: presenter, blank_before_first: false, interactor_receiver: "service", router_receiver: navigation %}
{%- endif %}
}
{%- if uses_defaults == false and view.size > 0 %}

// MARK: - Outputs

extension {{ module }}ViewModel {
{%- include 'state_methods', blank_before_first: false %}
}
{%- endif %}
{%- if params.io %}

// MARK: - {{ module }}ViewModelType

extension {{ module }}ViewModel: {{ module }}ViewModelType, {{ module }}ViewModelOutputs {
  var inputs: any {{ module }}ViewModelInputs { self }
  var outputs: any {{ module }}ViewModelOutputs { self }
}
{%- endif %}

"""#,
    "mvvm/Tests/Mocks.swift.liquid": #"""
{% include 'header' %}
{%- comment %}
  The fake view model tests the UIKit view alone (`viewShowsWhatAFakeViewModelSays`, and a
  spec's view's first appearance); a SwiftUI view shows its state only on screen, so it gets
  none.
{%- endcomment %}
{%- assign has_fake = false %}
{%- if params.io and params.ui == "uikit" %}{% assign has_fake = true %}{% endif %}
{%- if has_fake and params.binding == "combine" %}
{% include 'imports', modules: "Combine,Foundation", uses: "all" %}
{%- elsif has_fake and params.binding == "observation" %}
{% include 'imports', modules: "Foundation,Observation", uses: "all" %}
{%- else %}
{% include 'imports', modules: "Foundation", uses: "all" %}
{%- endif %}
{%- include 'testable_import' %}
{%- assign uses_missing_stub = false %}
{%- if params.coordinator %}
{%- assign navigation = "Coordinating" %}
{%- else %}
{%- assign navigation = "Routing" %}
{%- endif %}
{%- if has_service %}
{%- assign mocks = "Servicing:interactor:sendable|" | append: navigation | append: ":router:main" %}
{%- else %}
{%- assign mocks = navigation | append: ":router:main" %}
{%- endif %}
{%- if params.io %}
{%- assign mocks = mocks | append: "|ViewModelInputs:presenter:main" %}
{%- endif %}
{%- assign mocks = mocks | split: "|" %}
{%- for entry in mocks %}
{%- assign parts = entry | split: ":" %}
{%- assign methods = roles[parts[1]].methods %}
{%- assign protocol_name = module | append: parts[0] %}
{%- assign mock_name = protocol_name | append: "Mock" %}
{%- assign isolation = parts[2] %}
{% include 'spy' %}
{%- endfor %}
{%- if has_fake %}

/// A view model that shows what a test sets, to test the view alone: it records what the view
/// asks of it in `inputsMock`.
@MainActor
{%- if params.binding == "observation" %}
@Observable
{%- endif %}
final class {{ module }}ViewModelFake: {{ module }}ViewModelType, {{ module }}ViewModelOutputs {
  let inputsMock = {{ module }}ViewModelInputsMock()
{%- if uses_defaults %}
{%- case params.binding %}
{%- when "combine" %}
  /// Sends the state to show.
  let stateSubject = CurrentValueSubject<{{ module }}LoadState, Never>(.idle)
  /// The state to show: one publisher, as the view model's.
  private(set) lazy var statePublisher = stateSubject.eraseToAnyPublisher()
{%- when "closures" %}
  var state: {{ module }}LoadState = .idle {
    didSet { onStateChange?(state) }
  }
  var onStateChange: (({{ module }}LoadState) -> Void)?
{%- else %}
  var state: {{ module }}LoadState = .idle
{%- endcase %}
{%- else %}
{%- if params.binding == "combine" %}
{%- include 'state', declare: "subject" %}
{%- else %}
{%- include 'state', declare: "fake" %}
{%- endif %}
{%- if params.binding == "closures" %}
  var onChange: (() -> Void)?
{%- endif %}
{%- endif %}

  var inputs: any {{ module }}ViewModelInputs { inputsMock }
  var outputs: any {{ module }}ViewModelOutputs { self }
{%- if params.binding == "combine" and uses_defaults == false %}
{%- include 'state', declare: "subject_publisher" %}
{%- endif %}
}
{%- endif %}
{%- include 'missing_stub' %}

"""#,
    "mvvm/Tests/Tests.swift.liquid": #"""
{% include 'header' %}
{%- capture modules %}Foundation,{% if params.binding == "combine" %}Combine,{% endif %}{% if params.ui == "swiftui" %}SwiftUI,{% endif %}UIKit{% endcapture %}
{%- assign suite_summary = "The module's parts, and the module as its user sees it." %}
{%- assign has_coordinator = params.coordinator %}
{%- if params.coordinator %}
{%- capture navigation_mock %}{{ module }}CoordinatingMock{% endcapture %}
{%- else %}
{%- capture navigation_mock %}{{ module }}RoutingMock{% endcapture %}
{%- endif %}
{%- if params.io %}
{%- assign inputs = "viewModel.inputs" %}
{%- assign outputs = "viewModel.outputs" %}
{%- else %}
{%- assign inputs = "viewModel" %}
{%- assign outputs = "viewModel" %}
{%- endif %}
{% include 'tests_open' %}
{%- if uses_defaults %}
{%- assign item_view_model = true %}
{%- include 'test_fixtures' %}

  private func makeViewModel() -> ({{ module }}ViewModel, {{ module }}ServicingMock, {{ navigation_mock }}) {
    let service = {{ module }}ServicingMock()
    let navigation = {{ navigation_mock }}()
{%- if params.coordinator %}
    return ({{ module }}ViewModel(service: service, coordinator: navigation), service, navigation)
{%- else %}
    return ({{ module }}ViewModel(service: service, router: navigation), service, navigation)
{%- endif %}
  }
{% include 'view_model_tests' %}
{%- if params.ui == "uikit" %}
{%- capture build_call %}{{ module }}Builder.build(service: service){% endcapture %}
{%- assign build_is_screen = false %}
{% include 'uikit_screen_tests' %}
{%- if params.io %}

{% include 'test', name: "viewShowsWhatAFakeViewModelSays" %}
    let viewModel = {{ module }}ViewModelFake()
    let screen = {{ module }}ViewController(viewModel: viewModel)
    screen.loadViewIfNeeded()
    await screen.loadTask?.value
    {% include 'expect_equal', actual: "viewModel.inputsMock.loadCallCount", expected: "1" %}
{%- if params.binding == "combine" %}
    viewModel.stateSubject.send(.loaded(itemViewModels))
{%- else %}
    viewModel.state = .loaded(itemViewModels)
{%- endif %}
    let table: UITableView = {% include 'require', value: find_list %}
{%- if params.binding == "observation" %}
    // Observation reports the change before it is made: the view shows it on the next turn.
    {% include 'wait_while', pending: "table.numberOfRows(inSection: 0) == 0" %}
{%- endif %}
    {% include 'expect_equal', actual: "rowTitles(table)", expected: '["First", "Second"]' %}
    table.delegate?.tableView(table, didSelectRowAt: IndexPath(row: 1, section: 0))
    {% include 'expect_equal', actual: "viewModel.inputsMock.didSelectItemIdReceivedArguments", expected: "items[1].id" %}
  }
{%- endif %}
{%- else %}
{%- if params.io and params.binding == "combine" %}
{%- assign state_read = "" %}
{%- else %}
{%- capture state_read %}module.{{ outputs }}.state{% endcapture %}
{%- endif %}
{%- assign reports_events = false %}
{%- include 'swiftui_view_tests' %}
{%- endif %}
{%- else %}
{%- assign spy = "viewModel.inputsMock" %}
{%- if params.ui == "uikit" and params.io %}
{%- capture screen_setup %}    let viewModel = {{ module }}ViewModelFake()
    let screen = {{ module }}ViewController(viewModel: viewModel){% endcapture %}
{%- else %}
{%- assign screen_setup = "" %}
{%- endif %}
{%- include 'service_injection' %}
{%- if params.coordinator %}
{%- capture state_setup %}    let SUBJECT = {{ module }}ViewModel({{ service_mock_argument }}coordinator: nil){% endcapture %}
{%- else %}
{%- capture state_setup %}    let SUBJECT = {{ module }}ViewModel({{ service_mock_argument }}router: {{ navigation_mock }}()){% endcapture %}
{%- endif %}
{%- include 'spec_tests', state_name: "viewModel" %}
{%- if params.coordinator %}{% assign navigation = "coordinator" %}{% else %}{% assign navigation = "router" %}{% endif %}
{%- capture event_setup %}{% if has_service %}    let service = {{ module }}ServicingMock()
{% endif %}    let {{ navigation }} = {{ navigation_mock }}()
    let viewModel = {{ module }}ViewModel({{ service_argument }}{{ navigation }}: {{ navigation }}){% endcapture %}
{%- capture spies %}{% if has_service %}service:{{ module }}ServicingMock:interactor,{% endif %}{{ navigation }}:{{ navigation_mock }}:router{% endcapture %}
{%- include 'event_tests', events: presenter, subject: "viewModel", interactor_spy: "service", router_spy: navigation %}
{%- endif %}
{%- if params.coordinator %}
{% include 'coordinator_tests' %}
{%- endif %}
}

"""#,
    "mvvm/snippets/state.liquid": #"""
{%- comment %}
  The view model's state for a spec: `view_state`, the properties the view methods update,
  named as state (`photos`, `isLoading`, `thumbnails`). `declare` is "requirement" (the
  outputs protocol's get-only property), "publisher" (the outputs protocol's publisher, with
  Combine), "publisher_storage" (the view model's publisher of the property, made once: SwiftUI's
  `onReceive` subscribes again whenever it is given another publisher), "storage" (the view
  model's property), "fake" (a settable property of the fake view model), "subject" (the fake's
  subject, with Combine), "subject_publisher" (the fake's publisher of its subject, made once
  too), "sink" (a UIKit view's subscription to the property's publisher, with Combine and
  Input/Output; expects `outputs`), "render" (the UIKit view's method that shows the value),
  "view_copy" (a SwiftUI view's copy of the property, with Combine and Input/Output or with
  closures; named `viewModelCopy` where the view has a member of the property's name; no state
  is named `outputs`, the closures' local: `ViewState.holderMembers`), "receive" (the SwiftUI
  view's modifier that keeps its copy up to date, with Combine; expects `outputs`), "binding"
  (a local of the copy's binding, with closures) or "report" (the line of the `onChange`
  closure that sets the copy from `outputs`, with closures).
{%- endcomment %}
{%- for property in view_state %}
{%- assign name = property.name %}
{%- assign type = property.type %}
{%- assign copy = name %}
{%- if name == "viewModel" or name == "hasLoaded" or name == "body" %}
{%- assign copy = name | append: "Copy" %}
{%- endif %}
{%- case declare %}
{%- when "requirement" %}
  var {{ name }}: {{ type }} { get }
{%- when "publisher" %}
  var {{ name }}Publisher: AnyPublisher<{{ type }}, Never> { get }
{%- when "publisher_storage" %}
  private(set) lazy var {{ name }}Publisher = ${{ name }}.eraseToAnyPublisher()
{%- when "fake" %}
  var {{ name }}: {{ type }} = {{ property.initial_value }}
{%- when "subject" %}
  let {{ name }}Subject = CurrentValueSubject<{{ type }}, Never>({{ property.initial_value }})
{%- when "subject_publisher" %}
  private(set) lazy var {{ name }}Publisher = {{ name }}Subject.eraseToAnyPublisher()
{%- when "sink" %}
    {{ outputs }}.{{ name }}Publisher
      .sink { [weak self] in self?.render({{ name }}: $0) }
      .store(in: &cancellables)
{%- when "render" %}

  /// Shows `{{ name }}`, now and after every change.
  private func render({{ name }}: {{ type }}) {
    // TODO: update the views that show it.
  }
{%- when "view_copy" %}
  @State private var {{ copy }}: {{ type }} = {{ property.initial_value }}
{%- when "receive" %}
      .onReceive({{ outputs }}.{{ name }}Publisher) { {{ copy }} = $0 }
{%- when "binding" %}
        let {{ copy }} = ${{ copy }}
{%- when "report" %}
          {{ copy }}.wrappedValue = outputs.{{ name }}
{%- else %}
  {{ published }}private(set) var {{ name }}: {{ type }} = {{ property.initial_value }}{{ did_set }}
{%- endcase %}
{%- endfor %}
"""#,
    "mvvm/snippets/view_model_tests.liquid": #"""
{%- comment %}
  Tests of the typical screen's view model, with mocks: the states it goes through, and the
  navigation it asks for. Expects `makeViewModel()` in the suite, returning the view model, the
  service mock and the router or coordinator mock.
{%- endcomment %}
  // MARK: - View model
{%- assign subject = "viewModel" %}
{%- assign make_subject = "makeViewModel()" %}
{%- assign loaded = "itemViewModels" %}
{% include 'load_tests' %}

{% include 'test', name: "selectingAnItemShowsItsDetailEveryTime" %}
    let (viewModel, service, navigation) = makeViewModel()
    service.fetchItemsReturnValue = items
    await viewModel.load()
    viewModel.didSelectItem(id: items[1].id)
    viewModel.didSelectItem(id: items[1].id)
    {% include 'expect_equal', actual: "navigation.showDetailForReceivedInvocations", expected: "[items[1], items[1]]" %}
  }
{%- if params.binding == "combine" %}

{% include 'test', name: "publisherSendsEveryState" %}
    let (viewModel, service, _) = makeViewModel()
    service.fetchItemsReturnValue = items
    var states: [{{ module }}LoadState] = []
    let subscription = viewModel.$state.sink { states.append($0) }
    await viewModel.load()
    {% include 'expect_equal', actual: "states", expected: "[.idle, .loading, .loaded(itemViewModels)]" %}
    subscription.cancel()
  }
{%- elsif params.binding == "closures" %}

{% include 'test', name: "closureHearsEveryState" %}
    let (viewModel, service, _) = makeViewModel()
    service.fetchItemsReturnValue = items
    var states: [{{ module }}LoadState] = []
    viewModel.onStateChange = { states.append($0) }
    await viewModel.load()
    {% include 'expect_equal', actual: "states", expected: "[.loading, .loaded(itemViewModels)]" %}
  }
{%- endif %}
"""#,
    "mvvm/template.yml": #"""
name: mvvm
summary: MVVM module - a view model that never imports UIKit or SwiftUI, bound with Observation, Combine or closures, and a router; io=true gives Input/Output, coordinator=true gives MVVM-C.
version: 1.0.0
parameters:
  - name: ui
    type: choice
    values: [uikit, swiftui]
    default: uikit
    description: A UIViewController, or a SwiftUI view.
  - name: binding
    type: choice
    values: [observation, combine, closures]
    default: observation
    description: How the view follows the view model's state - Observation, Combine publishers, or a closure the view model calls.
  - name: io
    type: bool
    default: false
    description: The view depends on an Input/Output protocol of the view model, and its tests can use a fake view model.
  - name: coordinator
    type: bool
    default: false
    description: Navigate through a coordinator that whoever starts the flow creates and keeps (MVVM-C), instead of the module's router.
  - name: tests
    type: choice
    values: [xctest, swift-testing]
    default: xctest
    description: The test framework of the generated tests.
  - name: routes
    type: string
    default: ""
    description: "Optional: a Swift file of the app (relative to the folder of .modulegen.yml) with the lines '// modulegen:routes' and '// modulegen:screens', where the module registers its route and its screen. Empty (the default): the module is not registered."
# regenerate: always - modulegen owns the file (contracts, entities, builder, mocks);
# once - created once, then the developer's (the code and tests they fill in);
# shared - one file for all the modules beside this one, created once.
files:
  - template: Code/Entity.swift.liquid
    output: "{{ module }}Entity.swift"
    regenerate: always
  - template: Code/Contracts.swift.liquid
    output: "{{ module }}Contracts.swift"
    regenerate: always
  - template: Code/Service.swift.liquid
    output: "{{ module }}Service.swift"
    when: "has_service"
    regenerate: once
  - template: Code/ViewModel.swift.liquid
    output: "{{ module }}ViewModel.swift"
    regenerate: once
    never_imports: [UIKit, SwiftUI]
  - template: Code/Router.swift.liquid
    output: "{{ module }}Router.swift"
    when: "params.coordinator == false"
    regenerate: once
  - template: Code/Coordinator.swift.liquid
    output: "{{ module }}Coordinator.swift"
    when: "params.coordinator"
    regenerate: once
  # The protocol every module's coordinator conforms to: one file for the modules beside this one.
  - template: Code/CoordinatorProtocol.swift.liquid
    output: Coordinator.swift
    when: "params.coordinator"
    regenerate: once
    shared: true
  - template: Code/ViewController.swift.liquid
    output: "{{ module }}ViewController.swift"
    when: "params.ui == 'uikit'"
    regenerate: once
  - template: Code/View.swift.liquid
    output: "{{ module }}View.swift"
    when: "params.ui == 'swiftui'"
    regenerate: once
  - template: Code/Builder.swift.liquid
    output: "{{ module }}Builder.swift"
    regenerate: always
  - template: Tests/Mocks.swift.liquid
    output: "{{ module }}Mocks.swift"
    role: test
    regenerate: always
  - template: Tests/Tests.swift.liquid
    output: "{{ module }}Tests.swift"
    role: test
    regenerate: once
# Optional (the routes parameter): the module's case in the app's route enum and its builder
# call where the app makes the screen of a route, each sorted among the others.
# With a coordinator the flow's starter builds the screen, so nothing is registered.
register:
  - file: "{{ params.routes }}"
    marker: "// modulegen:routes"
    snippet: "case {{ module | camel_case | swift_identifier }}"
    sorted: true
    when: "params.routes != '' and params.coordinator == false"
  - file: "{{ params.routes }}"
    marker: "// modulegen:screens"
    snippet: |
      case .{{ module | camel_case | swift_identifier }}:
        return {{ module }}Builder.build()
    sorted: true
    when: "params.routes != '' and params.coordinator == false"

"""#,
    "viper/Code/Builder.swift.liquid": #"""
{% include 'header' %}
{%- if params.ui == "swiftui" %}
{% include 'imports', modules: "SwiftUI,UIKit", uses: "" %}
{%- else %}
{% include 'imports', modules: "UIKit", uses: "" %}
{%- endif %}
{%- comment %} A spec's module whose interactor has no methods has no service to pass. {% endcomment %}
{%- if has_service %}
{%- capture build_parameters %}
    service: any {{ module }}Servicing = {{ module }}Service(), output: (any {{ module }}ModuleOutput)? = nil
  {% endcapture %}
{%- capture assemble_parameters %}
    service: any {{ module }}Servicing, output: (any {{ module }}ModuleOutput)? = nil
  {% endcapture %}
{%- assign assemble_arguments = "service: service, output: output" %}
{%- assign interactor_arguments = "service: service" %}
{%- else %}
{%- capture build_parameters %}output: (any {{ module }}ModuleOutput)? = nil{% endcapture %}
{%- assign assemble_parameters = build_parameters %}
{%- assign assemble_arguments = "output: output" %}
{%- assign interactor_arguments = "" %}
{%- endif %}
{%- capture make_presenter %}
    let router = {{ module }}Router()
{%- if interactor_output.size > 0 %}
    let interactor = {{ module }}Interactor({{ interactor_arguments }})
    let presenter = {{ module }}Presenter(interactor: interactor, router: router)
    interactor.output = presenter
{%- else %}
    let presenter = {{ module }}Presenter(interactor: {{ module }}Interactor({{ interactor_arguments }}), router: router)
{%- endif %}
    presenter.moduleOutput = output
{%- endcapture %}

/// The module as the module that shows it sees it: its screen, and what it can ask of it.
struct {{ module }}Module {
  let viewController: UIViewController
  let input: any {{ module }}ModuleInput
}

/// Creates the module and wires it: the view owns the presenter, the presenter owns the
/// interactor and the router; the references back to the view are weak.
@MainActor
enum {{ module }}Builder {
{%- if params.ui == "swiftui" %}
  /// The module's screen, for a UIKit host to push onto its navigation controller{% if uses_defaults %}: the module
  /// shows its destinations on that navigation controller too{% endif %}.
  static func build({{ build_parameters }}) -> {{ module }}Module {
    let module = assemble({{ assemble_arguments }})
    let screen = UIHostingController(rootView: module.view)
{%- if uses_defaults %}
    module.router.viewController = screen
{%- endif %}
    return {{ module }}Module(viewController: screen, input: module.presenter)
  }

  /// The module as the root of a window or of a presentation: the screen in its own
  /// navigation stack.
  static func buildRoot({{ build_parameters }}) -> {{ module }}Module {
    let module = assemble({{ assemble_arguments }})
    return {{ module }}Module(
      viewController: UIHostingController(rootView: NavigationStack { module.view }),
      input: module.presenter)
  }

  /// The module's view, for a SwiftUI host to show in its navigation stack, and what the host
  /// can ask of the module.
  static func makeView({{ build_parameters }}) -> (view: {{ module }}View, input: any {{ module }}ModuleInput) {
    let module = assemble({{ assemble_arguments }})
    return (module.view, module.presenter)
  }

  /// The view and the objects it owns, wired together: what `makeView` returns, and what tests
  /// check (the view keeps them in its state, which only a view on screen can read).
  static func assemble({{ assemble_parameters }}) -> (
    view: {{ module }}View, state: {{ module }}ViewState, presenter: {{ module }}Presenter{% if uses_defaults %},
    router: {{ module }}Router{% endif %}
  ) {
{{- make_presenter }}
    let state = {{ module }}ViewState()
    presenter.view = state
{%- if uses_defaults %}
    return ({{ module }}View(state: state, output: presenter, router: router), state, presenter, router)
{%- else %}
    return ({{ module }}View(state: state, output: presenter), state, presenter)
{%- endif %}
  }
{%- else %}
  static func build({{ build_parameters }}) -> {{ module }}Module {
{{- make_presenter }}
    let viewController = {{ module }}ViewController(output: presenter)
    presenter.view = viewController
    router.viewController = viewController
    return {{ module }}Module(viewController: viewController, input: presenter)
  }
{%- endif %}
}

"""#,
    "viper/Code/Contracts.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "all" %}
{%- comment %} The interactor is not tied to the main actor unless it reports to an output. {% endcomment %}
{%- if interactor_output.size > 0 %}
{%- assign interactor_isolation = "main" %}
{%- else %}
{%- assign interactor_isolation = "sendable" %}
{%- endif %}
{%- assign protocols = "ViewInput:view:main:What the presenter tells the view to show.|ViewOutput:presenter:main:What the view reports to the presenter.|InteractorInput:interactor:" | append: interactor_isolation | append: ":The module's use cases.|InteractorOutput:interactor_output:main:What the interactor reports back to the presenter.|RouterInput:router:main:Navigation out of the module." | split: "|" %}
{%- for entry in protocols %}
{%- assign parts = entry | split: ":" %}
{%- assign methods = roles[parts[1]].methods %}
{%- if parts[0] == "ViewOutput" %}{% assign methods = methods | concat: screen_events %}{% endif %}
{%- if parts[0] != "InteractorOutput" or methods.size > 0 %}
{%- assign protocol_name = module | append: parts[0] %}
{%- assign isolation = parts[2] %}
{%- assign summary = parts[3] %}

{% include 'protocol' %}
{%- endif %}
{%- endfor %}

{%- assign isolation = "main" %}
{%- assign protocol_name = module | append: "ModuleInput" %}
{%- assign methods = module_input %}
{%- assign summary = "What the module that shows this one can ask of it." %}

{% include 'protocol' %}
{%- assign protocol_name = module | append: "ModuleOutput" %}
{%- assign methods = module_output %}
{%- assign summary = "What this module tells the module that shows it." %}

{% include 'protocol' %}

"""#,
    "viper/Code/Entity.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "entities" %}
{%- assign loaded_type = module | append: "ItemViewModel" %}
{%- include 'entities', item_view_model: true %}

"""#,
    "viper/Code/Interactor.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "interactor" %}
{%- if interactor_output.size > 0 %}

/// The module's use cases. It reports to the presenter through its output, so it lives on the
/// main actor with it; it knows nothing about views.
@MainActor
final class {{ module }}Interactor: {{ module }}InteractorInput {
  weak var output: (any {{ module }}InteractorOutput)?
{%- if has_service %}
  private let service: any {{ module }}Servicing

  init(service: any {{ module }}Servicing) {
    self.service = service
  }
{%- include 'forwarding_stubs', methods: interactor, receiver: "service", blank_before_first: true %}
{%- endif %}
}
{%- elsif has_service == false %}

/// The module's use cases: it returns their results to the presenter, and knows nothing about
/// views.
struct {{ module }}Interactor: {{ module }}InteractorInput {}
{%- else %}

/// The module's use cases: it returns their results to the presenter, and knows nothing about
/// views.
struct {{ module }}Interactor: {{ module }}InteractorInput {
  let service: any {{ module }}Servicing
{%- if uses_defaults %}

  func fetchItems() async throws -> [{{ module }}Item] {
    // TODO: apply the module's business rules (filtering, sorting) to what the service returns.
    try await service.fetchItems()
  }
{%- else %}
{%- include 'forwarding_stubs', methods: interactor, receiver: "service", blank_before_first: true %}
{%- endif %}
}
{%- endif %}

"""#,
    "viper/Code/Presenter.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "presenter,interactor_output" %}

/// The module's presentation logic: it asks the interactor, tells the view what to show and the
/// router where to go.
@MainActor
final class {{ module }}Presenter {
  weak var view: (any {{ module }}ViewInput)?
  weak var moduleOutput: (any {{ module }}ModuleOutput)?
  private let interactor: any {{ module }}InteractorInput
  private let router: any {{ module }}RouterInput
{%- if uses_defaults %}
  private var items: [{{ module }}Item] = []
  private var fetchTask: Task<Void, Never>?
  /// Whether the screen has left and is not shown again yet (SwiftUI: also while a pushed
  /// screen covers it): a reload the module input asks for then waits until it is.
  private var hasLeft = false
  /// Whether a reload the module input asked for is not done: no load has ended since (the
  /// screen left first).
  private var owesReload = false
{%- endif %}
{%- assign interactor_receiver = "interactor" %}
{%- assign router_receiver = "router" %}
{%- include 'event_tasks', part: "storage", events: presenter, ignored: "", reports_lifecycle: false %}

  init(interactor: any {{ module }}InteractorInput, router: any {{ module }}RouterInput) {
    self.interactor = interactor
    self.router = router
  }
{%- capture tasks %}{% include 'event_tasks', part: "members", events: presenter, ignored: "", reports_lifecycle: false %}{% endcapture %}
{%- if tasks != "" %}
{{ tasks }}
{%- endif %}
}

// MARK: - {{ module }}ViewOutput

extension {{ module }}Presenter: {{ module }}ViewOutput {
{%- if uses_defaults %}
{%- capture after_loaded %}moduleOutput?.{{ module | camel_case }}ModuleDidLoad(items){% endcapture %}
{%- capture after_ended %}// A reload the module input asked for, if any, is done.
    owesReload = false{% endcapture %}
{%- capture loaded_items %}items.map { {{ module }}ItemViewModel(id: $0.id, title: $0.title) }{% endcapture %}
{%- assign fetch_call = "interactor.fetchItems()" %}
{%- assign show = "view?.display(STATE)" %}
{%- assign keeps_items = true %}
{%- include 'load' %}

  func didSelectItem(id: UUID) {
    guard let item = items.first(where: { $0.id == id }) else { return }
    router.showDetail(for: item)
  }

  /// The screen is shown: back after it left, it does the reload the module input asked for
  /// while it was away, or that its leaving cut short.
  func viewDidAppear() {
    guard hasLeft else { return }
    hasLeft = false
    if owesReload {
      reload()
    }
  }

  /// The screen left: the load in progress stops, the one the module input asked for too, and
  /// what it fetches is neither shown nor reported.
  func viewDidLeave() {
    hasLeft = true
    fetchTask?.cancel()
  }
{%- else %}
{%- include 'events', methods: presenter, blank_before_first: false, interactor_receiver: "interactor", router_receiver: "router" %}
{%- endif %}
}
{%- if interactor_output.size > 0 %}

// MARK: - {{ module }}InteractorOutput

extension {{ module }}Presenter: {{ module }}InteractorOutput {
{%- include 'stubs', methods: interactor_output, blank_before_first: false %}
}
{%- endif %}

// MARK: - {{ module }}ModuleInput

{%- if uses_defaults %}

extension {{ module }}Presenter: {{ module }}ModuleInput {
  /// Loads the items again, as a pull to refresh does. The load stops when the screen leaves;
  /// asked for while the screen is away, or cut short by its leaving, it is done when the
  /// screen is shown again, and the module output hears of it then. It is done when a load
  /// started since ends: this one, or one that replaced it (a pull to refresh).
  func reload() {
    owesReload = true
    guard !hasLeft else { return }
    // A load in progress started before this was asked for: it is replaced, and does not
    // settle it. This one is in `fetchTask` at once: the screen leaving stops it, even in the
    // same turn.
    startFetch()
  }
}
{%- else %}

extension {{ module }}Presenter: {{ module }}ModuleInput {}
{%- endif %}

"""#,
    "viper/Code/Router.swift.liquid": #"""
{% include 'header' %}
{%- assign protocol_name = module | append: "RouterInput" %}
{%- assign binding = "observation" %}
{% include 'router' %}

"""#,
    "viper/Code/Service.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "interactor" %}
{%- comment %} The interactor's data comes from the service: each use case calls the service's method of the same name. {% endcomment %}
{%- include 'service', service_methods: interactor %}

"""#,
    "viper/Code/View.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "SwiftUI", uses: "view" %}
{%- assign view_protocol = "ViewInput" %}
{%- assign output_protocol = "ViewOutput" %}
{%- assign output_name = "output" %}
{%- assign reports_events = false %}
{%- assign make_view_has_input = true %}
{%- assign has_coordinator = false %}
{%- assign view_summary = "The module's view: it shows the state the presenter keeps up to date, and reports what the user does." %}
{% include 'passive_view_swiftui' %}

"""#,
    "viper/Code/ViewController.swift.liquid": #"""
{% include 'header' %}
{%- assign has_coordinator = false %}
{% include 'imports', modules: "UIKit", uses: "view" %}
{%- assign view_protocol = "ViewInput" %}
{%- assign output_protocol = "ViewOutput" %}
{%- assign output_name = "output" %}
{%- assign reports_events = false %}
{%- assign view_summary = "The module's view: it shows what the presenter tells it and reports what the user does." %}
{%- include 'passive_view_uikit' %}

"""#,
    "viper/Tests/Mocks.swift.liquid": #"""
{% include 'header' %}
{% include 'imports', modules: "Foundation", uses: "all" %}
{%- include 'testable_import' %}
{%- assign uses_missing_stub = false %}
{%- if interactor_output.size > 0 %}
{%- assign interactor_isolation = "main" %}
{%- else %}
{%- assign interactor_isolation = "sendable" %}
{%- endif %}
{%- assign service_methods = interactor %}
{%- assign mocks = "ViewInput:view:main|ViewOutput:presenter:main|InteractorInput:interactor:" | append: interactor_isolation | append: "|InteractorOutput:interactor_output:main|RouterInput:router:main|ModuleInput:module_input:main|ModuleOutput:module_output:main|Servicing:service:sendable" | split: "|" %}
{%- for entry in mocks %}
{%- assign parts = entry | split: ":" %}
{%- case parts[1] %}
{%- when "module_input" %}{% assign methods = module_input %}
{%- when "module_output" %}{% assign methods = module_output %}
{%- when "service" %}{% assign methods = service_methods %}
{%- when "presenter" %}{% assign methods = roles.presenter.methods | concat: screen_events %}
{%- else %}{% assign methods = roles[parts[1]].methods %}
{%- endcase %}
{%- if parts[0] == "InteractorOutput" and methods.size == 0 %}
{%- elsif parts[0] == "Servicing" and has_service == false %}
{%- else %}
{%- assign protocol_name = module | append: parts[0] %}
{%- assign mock_name = protocol_name | append: "Mock" %}
{%- assign isolation = parts[2] %}
{% include 'spy' %}
{%- endif %}
{%- endfor %}
{%- include 'missing_stub' %}

"""#,
    "viper/Tests/Tests.swift.liquid": #"""
{% include 'header' %}
{%- if params.ui == "swiftui" %}
{%- assign modules = "Foundation,SwiftUI,UIKit" %}
{%- else %}
{%- assign modules = "Foundation,UIKit" %}
{%- endif %}
{%- assign suite_summary = "The module's parts, and the module as its user sees it." %}
{% include 'tests_open' %}
{%- if uses_defaults %}
{%- assign item_view_model = true %}
{%- include 'test_fixtures' %}

  private func makePresenter() -> (
    {{ module }}Presenter, {{ module }}ViewInputMock, {{ module }}InteractorInputMock, {{ module }}RouterInputMock
  ) {
    let view = {{ module }}ViewInputMock()
    let interactor = {{ module }}InteractorInputMock()
    let router = {{ module }}RouterInputMock()
    let presenter = {{ module }}Presenter(interactor: interactor, router: router)
    presenter.view = view
    return (presenter, view, interactor, router)
  }
{% include 'presenter_tests' %}

{% include 'test', name: "moduleOutputHearsAboutLoadedItems" %}
    let (presenter, _, interactor, _) = makePresenter()
    let output = {{ module }}ModuleOutputMock()
    presenter.moduleOutput = output
    interactor.fetchItemsReturnValue = items
    await presenter.load()
{%- capture did_load %}output.{{ module | camel_case }}ModuleDidLoadReceivedArguments{% endcapture %}
    {% include 'expect_equal', actual: did_load, expected: "items" %}
  }

{% include 'test', name: "moduleInputLoadsAgain" %}
    let (presenter, _, interactor, _) = makePresenter()
    interactor.fetchItemsReturnValue = items
    let input: any {{ module }}ModuleInput = presenter
    input.reload()
    {% include 'wait_while', pending: "interactor.fetchItemsCallCount == 0" %}
    {% include 'expect_equal', actual: "interactor.fetchItemsCallCount", expected: "1" %}
  }

{% include 'test', name: "moduleInputWaitsForTheScreenToComeBack" %}
    let (presenter, _, interactor, _) = makePresenter()
    let output = {{ module }}ModuleOutputMock()
    presenter.moduleOutput = output
    interactor.fetchItemsReturnValue = items
    let input: any {{ module }}ModuleInput = presenter
    // The screen left: the reload waits.
    presenter.viewDidLeave()
    input.reload()
    for _ in 0..<10 { await Task.yield() }
    {% include 'expect_equal', actual: "interactor.fetchItemsCallCount", expected: "0" %}
    // The screen is back: the reload is done.
    presenter.viewDidAppear()
{%- capture did_load %}output.{{ module | camel_case }}ModuleDidLoadReceivedArguments{% endcapture %}
{%- capture not_loaded %}{{ did_load }} == nil{% endcapture %}
    {% include 'wait_while', pending: not_loaded %}
    {% include 'expect_equal', actual: "interactor.fetchItemsCallCount", expected: "1" %}
    {% include 'expect_equal', actual: did_load, expected: "items" %}
  }
{%- assign has_coordinator = false %}
{%- if params.ui == "uikit" %}
{%- capture build_call %}{{ module }}Builder.build(service: service).viewController{% endcapture %}
{%- assign build_is_screen = false %}
{% include 'uikit_screen_tests' %}
{%- else %}
{%- assign inputs = "presenter" %}
{%- assign state_read = "module.state.loadState" %}
{%- assign reports_events = false %}
{%- include 'swiftui_view_tests' %}
{%- endif %}
{%- else %}
{%- include 'passive_spec_tests', output_name: "output", output_protocol: "ViewOutput" %}
{%- capture event_setup %}    let view = {{ module }}ViewInputMock()
    let interactor = {{ module }}InteractorInputMock()
    let router = {{ module }}RouterInputMock()
    let presenter = {{ module }}Presenter(interactor: interactor, router: router)
    presenter.view = view{% endcapture %}
{%- capture spies %}view:{{ module }}ViewInputMock:view,interactor:{{ module }}InteractorInputMock:interactor,router:{{ module }}RouterInputMock:router{% endcapture %}
{%- include 'event_tests', events: presenter, subject: "presenter", interactor_spy: "interactor", router_spy: "router" %}
{%- endif %}
}

"""#,
    "viper/template.yml": #"""
name: viper
summary: VIPER module - View, Interactor, Presenter, Entity, Router, a service and a Builder that wires them, with module input and output.
version: 1.0.0
parameters:
  - name: ui
    type: choice
    values: [uikit, swiftui]
    default: uikit
    description: A UIViewController, or a SwiftUI view in a NavigationStack (also hosted in a UIHostingController).
  - name: tests
    type: choice
    values: [xctest, swift-testing]
    default: xctest
    description: The test framework of the generated tests.
  - name: routes
    type: string
    default: ""
    description: "Optional: a Swift file of the app (relative to the folder of .modulegen.yml) with the lines '// modulegen:routes' and '// modulegen:screens', where the module registers its route and its screen. Empty (the default): the module is not registered."
# regenerate: always - modulegen owns the file (contracts, entities, builder, mocks);
# once - created once, then the developer's (the code and tests they fill in).
files:
  - template: Code/Entity.swift.liquid
    output: "{{ module }}Entity.swift"
    regenerate: always
  - template: Code/Contracts.swift.liquid
    output: "{{ module }}Contracts.swift"
    regenerate: always
  - template: Code/Service.swift.liquid
    output: "{{ module }}Service.swift"
    when: "has_service"
    regenerate: once
  - template: Code/Interactor.swift.liquid
    output: "{{ module }}Interactor.swift"
    regenerate: once
  - template: Code/Presenter.swift.liquid
    output: "{{ module }}Presenter.swift"
    regenerate: once
  - template: Code/Router.swift.liquid
    output: "{{ module }}Router.swift"
    regenerate: once
  - template: Code/ViewController.swift.liquid
    output: "{{ module }}ViewController.swift"
    when: "params.ui == 'uikit'"
    regenerate: once
  - template: Code/View.swift.liquid
    output: "{{ module }}View.swift"
    when: "params.ui == 'swiftui'"
    regenerate: once
  - template: Code/Builder.swift.liquid
    output: "{{ module }}Builder.swift"
    regenerate: always
  - template: Tests/Mocks.swift.liquid
    output: "{{ module }}Mocks.swift"
    role: test
    regenerate: always
  - template: Tests/Tests.swift.liquid
    output: "{{ module }}Tests.swift"
    role: test
    regenerate: once
# Optional (the routes parameter): the module's case in the app's route enum and its builder
# call where the app makes the screen of a route, each sorted among the others.
register:
  - file: "{{ params.routes }}"
    marker: "// modulegen:routes"
    snippet: "case {{ module | camel_case | swift_identifier }}"
    sorted: true
    when: "params.routes != ''"
  - file: "{{ params.routes }}"
    marker: "// modulegen:screens"
    snippet: |
      case .{{ module | camel_case | swift_identifier }}:
        return {{ module }}Builder.build().viewController
    sorted: true
    when: "params.routes != ''"

"""#,
  ]
}
