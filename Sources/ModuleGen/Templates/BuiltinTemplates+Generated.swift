// swift-format-ignore-file
// Generated from Templates/ by `MODULEGEN_RECORD=1 swift test --filter EmbeddedTemplates`.
// Do not edit: edit Templates/ and re-record.

extension BuiltinTemplates {
  static let files: [String: String] = [
    "common/snippets/entities.liquid": #"""
{%- comment %} The spec's entities as Sendable structs; for the typical screen, its item view model. {% endcomment %}
{%- for entity in entities %}

struct {{ entity.name }}: Sendable, Equatable {
{%- for field in entity.fields %}
  var {{ field.name | swift_identifier }}: {{ field.type }}
{%- endfor %}
}
{%- endfor %}
{%- if uses_defaults and item_view_model %}

/// What the view shows for one item: the presenter maps entities to this.
struct {{ module }}ItemViewModel: Sendable, Equatable {
  var title: String
}
{%- endif %}
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
    "common/snippets/protocol.liquid": #"""
{%- comment -%}
  A protocol and, for methods with default arguments, an extension with the short overload.
  Expects `protocol_name`, `methods` and `summary`.
{%- endcomment -%}
/// {{ summary }}
@MainActor
protocol {{ protocol_name }}: AnyObject {
{%- for m in methods %}
  {{ m.declaration }}
{%- endfor %}
}
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
    "common/snippets/spy.liquid": #"""
{%- comment -%}
  A spy mock of a protocol. Expects `mock_name`, `protocol_name` and `methods`.
  Records calls and arguments; returns a stubbed value or calls a handler; throws a stubbed error.
{%- endcomment -%}
@MainActor
final class {{ mock_name }}: {{ protocol_name }} {
{%- capture newline %}
{% endcapture %}
{%- for m in methods %}
  {%- assign stored = m.parameters | where: "is_closure", false %}
  {%- assign escaping = m.parameters | where: "is_escaping", true %}
  {%- assign stored = stored | concat: escaping %}
  {%- unless forloop.first %}{{ newline }}{% endunless %}
  // MARK: - {{ m.selector }}

  private(set) var {{ m.identifier }}CallCount = 0
  {%- if stored.size == 1 %}
  private(set) var {{ m.identifier }}ReceivedArguments: ({{ stored[0].storage_type }})?
  private(set) var {{ m.identifier }}ReceivedInvocations: [({{ stored[0].storage_type }})] = []
  {%- elsif stored.size > 1 %}
  private(set) var {{ m.identifier }}ReceivedArguments: ({% for p in stored %}{{ p.name }}: {{ p.storage_type }}{% unless forloop.last %}, {% endunless %}{% endfor %})?
  private(set) var {{ m.identifier }}ReceivedInvocations: [({% for p in stored %}{{ p.name }}: {{ p.storage_type }}{% unless forloop.last %}, {% endunless %}{% endfor %})] = []
  {%- endif %}
  {%- if m.is_throwing %}
  var {{ m.identifier }}Error: ({% if m.thrown_type %}{{ m.thrown_type }}{% else %}any Error{% endif %})?
  {%- endif %}
  {%- if m.has_return %}
  var {{ m.identifier }}ReturnValue: ({{ m.return_type }})!
  {%- endif %}
  var {{ m.identifier }}Handler: (@MainActor ({% for p in m.parameters %}{{ p.storage_type }}{% unless forloop.last %}, {% endunless %}{% endfor %}){{ m.effects }} -> {% if m.has_return %}{{ m.return_type }}{% else %}Void{% endif %})?

  func {{ m.signature }} {
    {{ m.identifier }}CallCount += 1
    {%- if stored.size == 1 %}
    {{ m.identifier }}ReceivedArguments = {{ stored[0].name | swift_identifier }}
    {{ m.identifier }}ReceivedInvocations.append({{ stored[0].name | swift_identifier }})
    {%- elsif stored.size > 1 %}
    {{ m.identifier }}ReceivedArguments = ({% for p in stored %}{{ p.name }}: {{ p.name | swift_identifier }}{% unless forloop.last %}, {% endunless %}{% endfor %})
    {{ m.identifier }}ReceivedInvocations.append(({% for p in stored %}{{ p.name }}: {{ p.name | swift_identifier }}{% unless forloop.last %}, {% endunless %}{% endfor %}))
    {%- endif %}
    {%- if m.is_throwing %}
    if let error = {{ m.identifier }}Error { throw error }
    {%- endif %}
    {%- if m.has_return %}
    if let {{ m.identifier }}Handler {
      return {{ m.call_prefix }}{{ m.identifier }}Handler({% for p in m.parameters %}{{ p.name | swift_identifier }}{% unless forloop.last %}, {% endunless %}{% endfor %})
    }
    return {{ m.identifier }}ReturnValue
    {%- else %}
    if let {{ m.identifier }}Handler {
      {{ m.call_prefix }}{{ m.identifier }}Handler({% for p in m.parameters %}{{ p.name | swift_identifier }}{% unless forloop.last %}, {% endunless %}{% endfor %})
    }
    {%- endif %}
  }
{%- endfor %}
}
"""#,
    "common/snippets/stub_body.liquid": #"""
{% comment %}The body of a method the user fills in, with a value of the return type where one is obvious. Expects `method`.{% endcomment %}    // TODO: implement {{ method.selector }}.
{%- if method.has_return %}
  {%- assign type = method.return_type %}
  {%- assign last = type | slice: -1 %}
  {%- assign first = type | slice: 0 %}
  {%- if last == "?" %}
    return nil
  {%- elsif first == "[" and type contains ":" %}
    return [:]
  {%- elsif first == "[" %}
    return []
  {%- elsif type == "String" %}
    return ""
  {%- elsif type == "Bool" %}
    return false
  {%- elsif type == "Int" or type == "Double" or type == "Float" or type == "CGFloat" %}
    return 0
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
    "common/snippets/table_data_source.liquid": #"""
{%- comment %}
  A table view's data source and delegate for the typical screen. Expects `rows` (the items),
  `row_title` (the property a cell shows) and `selection` (what selecting a row does).
{% endcomment -%}
// MARK: - UITableViewDataSource, UITableViewDelegate

extension {{ module }}ViewController: UITableViewDataSource, UITableViewDelegate {
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    {{ rows }}.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
    var content = cell.defaultContentConfiguration()
    content.text = {{ rows }}[indexPath.row].{{ row_title }}
    cell.contentConfiguration = content
    return cell
  }

  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    {{ selection }}
  }
}
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

import UIKit

/// Creates the module: the controller with its service.
@MainActor
enum {{ module }}Builder {
  static func build(service: any {{ module }}Servicing = {{ module }}Service()) -> {{ module }}ViewController {
    {{ module }}ViewController(service: service)
  }
}

"""#,
    "mvc/Code/Model.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- for entity in entities %}

struct {{ entity.name }}: Sendable, Equatable {
{%- for field in entity.fields %}
  var {{ field.name | swift_identifier }}: {{ field.type }}
{%- endfor %}
}
{%- endfor %}
{%- if uses_defaults %}

// MARK: - Formatting

extension {{ module }}Item {
  /// The text a cell shows for the item.
  var displayTitle: String {
    title.isEmpty ? "Untitled" : title
  }
}
{%- endif %}

"""#,
    "mvc/Code/Service.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- assign protocol_name = module | append: "Servicing" %}
{%- assign methods = interactor %}
{%- assign summary = "Where the controller gets its data." %}

{% include 'protocol' %}

@MainActor
final class {{ module }}Service: {{ module }}Servicing {
{%- if uses_defaults %}
  func fetchItems() async throws -> [{{ module }}Item] {
    // TODO: load the items from the network or a database.
    []
  }
{%- else %}
{%- include 'stubs', methods: interactor, blank_before_first: false %}
{%- endif %}
}

"""#,
    "mvc/Code/ViewController.swift.liquid": #"""
{% include 'header' %}

import UIKit

/// A skinny controller: it asks the service, keeps the model and updates its views.
final class {{ module }}ViewController: UIViewController {
  private let service: any {{ module }}Servicing
{%- if uses_defaults %}
  private(set) var items: [{{ module }}Item] = []
  private let tableView = UITableView(frame: .zero, style: .plain)
  private let activityIndicator = UIActivityIndicatorView(style: .medium)
  /// The load started in viewDidLoad(), kept so that tests can wait for it.
  private(set) var loading: Task<Void, Never>?
{%- endif %}

  init(service: any {{ module }}Servicing) {
    self.service = service
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) {
    fatalError("init(coder:) is not supported")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "{{ module }}"
{%- if uses_defaults %}
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.dataSource = self
    tableView.delegate = self
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    view.addSubview(tableView)
    view.addSubview(activityIndicator)
    activityIndicator.startAnimating()
    loading = Task {
      do {
        display(items: try await service.fetchItems())
      } catch {
        showError(String(describing: error))
      }
    }
  }

  private func display(items: [{{ module }}Item]) {
    activityIndicator.stopAnimating()
    self.items = items
    tableView.reloadData()
  }

  private func showError(_ message: String) {
    activityIndicator.stopAnimating()
    let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "OK", style: .default))
    present(alert, animated: true)
  }

  private func showDetail(for item: {{ module }}Item) {
    // TODO: show the detail screen.
    let detail = UIViewController()
    detail.title = item.displayTitle
    navigationController?.pushViewController(detail, animated: true)
  }
}

{% include 'table_data_source', rows: 'items', row_title: 'displayTitle', selection: 'showDetail(for: items[indexPath.row])' %}
{%- else %}
  }
{%- assign sections = "presenter:Actions|view:View updates|router:Navigation" | split: "|" %}
{%- for section in sections %}
{%- assign parts = section | split: ":" %}
{%- comment %} viewDidLoad() is the controller's own lifecycle method, overridden above. {% endcomment %}
{%- assign methods = roles[parts[0]].methods | reject: "selector", "viewDidLoad()" %}
{%- if methods.size > 0 %}

  // MARK: - {{ parts[1] }}
{%- include 'stubs', methods: methods, blank_before_first: true %}
{%- endif %}
{%- endfor %}
}
{%- endif %}

"""#,
    "mvc/Tests/Mocks.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- if project != "" %}

@testable import {{ project | replace: "-", "_" | replace: " ", "_" }}
{%- endif %}
{%- assign protocol_name = module | append: "Servicing" %}
{%- assign mock_name = protocol_name | append: "Mock" %}
{%- assign methods = interactor %}

{% include 'spy' %}

"""#,
    "mvc/Tests/Tests.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- if params.tests == "swift-testing" %}
import Testing
{%- endif %}
import UIKit
{%- if params.tests == "xctest" %}
import XCTest
{%- endif %}
{%- if project != "" %}

@testable import {{ project | replace: "-", "_" | replace: " ", "_" }}
{%- endif %}
{%- if params.tests == "swift-testing" %}
{%- assign check = "#expect(" %}

@MainActor
@Suite struct {{ module }}Tests {
  @Test func builderCreatesTheController() {
{%- else %}
{%- assign check = "XCTAssertTrue(" %}

@MainActor
final class {{ module }}Tests: XCTestCase {
  func testBuilderCreatesTheController() async {
{%- endif %}
    let service = {{ module }}ServicingMock()
    let controller = {{ module }}Builder.build(service: service)
    {{ check }}controller.title == nil)
  }
{%- if uses_defaults %}

  {% if params.tests == "swift-testing" %}@Test func loadingShowsTheItems(){% else %}func testLoadingShowsTheItems(){% endif %} async {
    let service = {{ module }}ServicingMock()
    service.fetchItemsReturnValue = [{{ module }}Item(id: UUID(), title: "First")]
    let controller = {{ module }}ViewController(service: service)
    controller.loadViewIfNeeded()
    await controller.loading?.value
    {{ check }}service.fetchItemsCallCount == 1)
    {{ check }}controller.items.map(\.displayTitle) == ["First"])
    {{ check }}controller.presentedViewController == nil)
  }

  {% if params.tests == "swift-testing" %}@Test func failureShowsTheError(){% else %}func testFailureShowsTheError(){% endif %} async {
    struct LoadError: Error {}
    let service = {{ module }}ServicingMock()
    service.fetchItemsError = LoadError()
    let controller = {{ module }}ViewController(service: service)
    controller.loadViewIfNeeded()
    await controller.loading?.value
    {{ check }}controller.items.isEmpty)
    {{ check }}controller.presentedViewController is UIAlertController)
  }

  {% if params.tests == "swift-testing" %}@Test func selectingAnItemShowsItsDetail(){% else %}func testSelectingAnItemShowsItsDetail(){% endif %} async {
    let service = {{ module }}ServicingMock()
    service.fetchItemsReturnValue = [{{ module }}Item(id: UUID(), title: "First")]
    let controller = {{ module }}ViewController(service: service)
    let navigation = UINavigationController(rootViewController: controller)
    controller.loadViewIfNeeded()
    await controller.loading?.value
    controller.tableView(UITableView(frame: .zero, style: .plain), didSelectRowAt: IndexPath(row: 0, section: 0))
    {{ check }}navigation.viewControllers.count == 2)
    {{ check }}navigation.viewControllers.last?.title == "First")
  }

  {% if params.tests == "swift-testing" %}@Test func modelFormatsUntitledItems(){% else %}func testModelFormatsUntitledItems(){% endif %} async {
    {{ check }}{{ module }}Item(id: UUID(), title: "").displayTitle == "Untitled")
  }
{%- endif %}
}

"""#,
    "mvc/template.yml": #"""
name: mvc
summary: MVC module - a skinny UIViewController, a service protocol behind it, and a model with its formatting.
version: 1.0.0
parameters:
  - name: tests
    type: choice
    values: [xctest, swift-testing]
    default: xctest
    description: The test framework of the generated tests.
# regenerate: always - modulegen owns the file (contracts, entities, builder, mocks);
# once - created once, then the developer's (the code and tests they fill in).
files:
  - template: Code/Model.swift.liquid
    output: "{{ module }}Model.swift"
    regenerate: always
  - template: Code/Service.swift.liquid
    output: "{{ module }}Service.swift"
    regenerate: once
  - template: Code/ViewController.swift.liquid
    output: "{{ module }}ViewController.swift"
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

"""#,
    "mvp/Code/Builder.swift.liquid": #"""
{% include 'header' %}

{% if params.ui == "swiftui" -%}
import SwiftUI
{% endif -%}
import UIKit

/// Creates the module and wires it: the view owns the presenter, the presenter's reference
/// back to the view is weak.
@MainActor
enum {{ module }}Builder {
  /// The parts of an assembled module, for tests.
  struct Module {
    let viewController: UIViewController
    let presenter: {{ module }}Presenter
{%- if params.coordinator %}
    let coordinator: {{ module }}Coordinator
{%- endif %}
  }

  static func build() -> UIViewController {
    assemble().viewController
  }

  static func assemble(service: any {{ module }}Servicing = {{ module }}Service()) -> Module {
{%- if params.coordinator %}
    let coordinator = {{ module }}Coordinator()
    let presenter = {{ module }}Presenter(service: service, coordinator: coordinator)
{%- else %}
    let presenter = {{ module }}Presenter(service: service)
{%- endif %}
{%- if params.ui == "swiftui" %}
    let state = {{ module }}ViewState()
    presenter.view = state
    let viewController = UIHostingController(rootView: {{ module }}View(state: state, presenter: presenter))
{%- else %}
    let viewController = {{ module }}ViewController(presenter: presenter)
    presenter.view = viewController
{%- endif %}
{%- if params.coordinator %}
    coordinator.viewController = viewController
    return Module(viewController: viewController, presenter: presenter, coordinator: coordinator)
{%- else %}
    return Module(viewController: viewController, presenter: presenter)
{%- endif %}
  }
}

"""#,
    "mvp/Code/Contracts.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- if params.coordinator %}
{%- assign view_methods = view %}
{%- else %}
{%- assign view_methods = view | concat: router %}
{%- endif %}
{%- assign protocol_name = module | append: "Viewing" %}
{%- assign methods = view_methods %}
{%- assign summary = "The passive view: it shows what the presenter tells it." %}

{% include 'protocol' %}
{%- assign protocol_name = module | append: "Presenting" %}
{%- assign methods = presenter %}
{%- assign summary = "What the view reports to the presenter." %}

{% include 'protocol' %}
{%- assign protocol_name = module | append: "Servicing" %}
{%- assign methods = interactor %}
{%- assign summary = "Where the presenter gets its data." %}

{% include 'protocol' %}
{%- if params.coordinator %}
{%- assign protocol_name = module | append: "Coordinating" %}
{%- assign methods = router %}
{%- assign summary = "Navigation out of the module." %}

{% include 'protocol' %}
{%- endif %}

"""#,
    "mvp/Code/Coordinator.swift.liquid": #"""
{% include 'header' %}

import UIKit

/// Navigation out of the module: neither the presenter nor the view navigates.
@MainActor
final class {{ module }}Coordinator: {{ module }}Coordinating {
  weak var viewController: UIViewController?
{%- if uses_defaults %}

  func showDetail(for item: {{ module }}Item) {
    // TODO: start the detail module.
    let detail = UIViewController()
    detail.title = item.title
    viewController?.navigationController?.pushViewController(detail, animated: true)
  }
{%- else %}
{%- include 'stubs', methods: router, blank_before_first: true %}
{%- endif %}
}

"""#,
    "mvp/Code/Entity.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- include 'entities', item_view_model: true %}

"""#,
    "mvp/Code/Presenter.swift.liquid": #"""
{% include 'header' %}

import Foundation

@MainActor
final class {{ module }}Presenter {
  weak var view: (any {{ module }}Viewing)?
  private let service: any {{ module }}Servicing
{%- if params.coordinator %}
  private let coordinator: any {{ module }}Coordinating
{%- endif %}
{%- if uses_defaults %}
  private var items: [{{ module }}Item] = []
  /// The load started by viewDidLoad(), kept so that tests can wait for it.
  private(set) var loading: Task<Void, Never>?
{%- endif %}

  init(service: any {{ module }}Servicing{% if params.coordinator %}, coordinator: any {{ module }}Coordinating{% endif %}) {
    self.service = service
{%- if params.coordinator %}
    self.coordinator = coordinator
{%- endif %}
  }
}

// MARK: - {{ module }}Presenting

extension {{ module }}Presenter: {{ module }}Presenting {
{%- if uses_defaults %}
  func viewDidLoad() {
    view?.showLoading()
    loading = Task {
      do {
        let items = try await service.fetchItems()
        self.items = items
        view?.display(items: items.map { {{ module }}ItemViewModel(title: $0.title) })
      } catch {
        view?.showError(String(describing: error))
      }
    }
  }

  func didSelectItem(at index: Int) {
    guard items.indices.contains(index) else { return }
{%- if params.coordinator %}
    coordinator.showDetail(for: items[index])
{%- else %}
    view?.showDetail(for: items[index])
{%- endif %}
  }
{%- else %}
{%- include 'stubs', methods: presenter, blank_before_first: false %}
{%- endif %}
}

"""#,
    "mvp/Code/Service.swift.liquid": #"""
{% include 'header' %}

import Foundation

@MainActor
final class {{ module }}Service: {{ module }}Servicing {
{%- if uses_defaults %}
  func fetchItems() async throws -> [{{ module }}Item] {
    // TODO: load the items from the network or a database.
    []
  }
{%- else %}
{%- include 'stubs', methods: interactor, blank_before_first: false %}
{%- endif %}
}

"""#,
    "mvp/Code/View.swift.liquid": #"""
{% include 'header' %}

import Observation
import SwiftUI

/// The passive view's state: the presenter drives it through {{ module }}Viewing.
@MainActor
@Observable
final class {{ module }}ViewState: {{ module }}Viewing {
{%- if uses_defaults %}
  private(set) var items: [{{ module }}ItemViewModel] = []
  private(set) var isLoading = false
  private(set) var errorMessage: String?
{%- if params.coordinator == false %}
  /// The item whose detail is shown.
  private(set) var detail: {{ module }}Item?
{%- endif %}

  func display(items: [{{ module }}ItemViewModel]) {
    isLoading = false
    self.items = items
  }

  func showLoading() {
    isLoading = true
    errorMessage = nil
  }

  func showError(_ message: String) {
    isLoading = false
    errorMessage = message
  }
{%- if params.coordinator == false %}

  func showDetail(for item: {{ module }}Item) {
    detail = item
  }
{%- endif %}
{%- else %}
{%- if params.coordinator %}
{%- assign view_methods = view %}
{%- else %}
{%- assign view_methods = view | concat: router %}
{%- endif %}
{%- include 'stubs', methods: view_methods, blank_before_first: true %}
{%- endif %}
}

struct {{ module }}View: View {
  let state: {{ module }}ViewState
  let presenter: any {{ module }}Presenting

  var body: some View {
{%- if uses_defaults %}
    VStack {
      if state.isLoading {
        ProgressView()
      }
      if let message = state.errorMessage {
        Text(message)
      }
      List {
        ForEach(Array(state.items.enumerated()), id: \.offset) { index, item in
          Button(item.title) {
            presenter.didSelectItem(at: index)
          }
        }
      }
    }
    .onAppear {
      presenter.viewDidLoad()
    }
{%- else %}
{%- assign lifecycle = presenter | where: "selector", "viewDidLoad()" %}
    Text("{{ module }}")
{%- if lifecycle.size > 0 %}
      .onAppear {
        presenter.viewDidLoad()
      }
{%- endif %}
{%- endif %}
  }
}

"""#,
    "mvp/Code/ViewController.swift.liquid": #"""
{% include 'header' %}

import UIKit

/// A passive view: it forwards events to the presenter and shows what it is told.
final class {{ module }}ViewController: UIViewController {
  private let presenter: any {{ module }}Presenting
{%- if uses_defaults %}
  private var items: [{{ module }}ItemViewModel] = []
  private let tableView = UITableView(frame: .zero, style: .plain)
  private let activityIndicator = UIActivityIndicatorView(style: .medium)
{%- endif %}

  init(presenter: any {{ module }}Presenting) {
    self.presenter = presenter
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) {
    fatalError("init(coder:) is not supported")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "{{ module }}"
{%- if uses_defaults %}
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.dataSource = self
    tableView.delegate = self
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    view.addSubview(tableView)
    view.addSubview(activityIndicator)
{%- endif %}
{%- assign lifecycle = presenter | where: "selector", "viewDidLoad()" %}
{%- if lifecycle.size > 0 %}
    presenter.viewDidLoad()
{%- endif %}
  }
}

// MARK: - {{ module }}Viewing

extension {{ module }}ViewController: {{ module }}Viewing {
{%- if uses_defaults %}
  func display(items: [{{ module }}ItemViewModel]) {
    activityIndicator.stopAnimating()
    self.items = items
    tableView.reloadData()
  }

  func showLoading() {
    activityIndicator.startAnimating()
  }

  func showError(_ message: String) {
    activityIndicator.stopAnimating()
    let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "OK", style: .default))
    present(alert, animated: true)
  }
{%- if params.coordinator == false %}

  func showDetail(for item: {{ module }}Item) {
    // TODO: show the detail screen.
    let detail = UIViewController()
    detail.title = item.title
    navigationController?.pushViewController(detail, animated: true)
  }
{%- endif %}
{%- else %}
{%- if params.coordinator %}
{%- assign view_methods = view %}
{%- else %}
{%- assign view_methods = view | concat: router %}
{%- endif %}
{%- include 'stubs', methods: view_methods, blank_before_first: false %}
{%- endif %}
}
{%- if uses_defaults %}

{% include 'table_data_source', rows: 'items', row_title: 'title', selection: 'presenter.didSelectItem(at: indexPath.row)' %}
{%- endif %}

"""#,
    "mvp/Tests/Mocks.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- if project != "" %}

@testable import {{ project | replace: "-", "_" | replace: " ", "_" }}
{%- endif %}
{%- if params.coordinator %}
{%- assign view_methods = view %}
{%- else %}
{%- assign view_methods = view | concat: router %}
{%- endif %}
{%- assign protocol_name = module | append: "Viewing" %}
{%- assign mock_name = protocol_name | append: "Mock" %}
{%- assign methods = view_methods %}

{% include 'spy' %}
{%- assign protocol_name = module | append: "Presenting" %}
{%- assign mock_name = protocol_name | append: "Mock" %}
{%- assign methods = presenter %}

{% include 'spy' %}
{%- assign protocol_name = module | append: "Servicing" %}
{%- assign mock_name = protocol_name | append: "Mock" %}
{%- assign methods = interactor %}

{% include 'spy' %}
{%- if params.coordinator %}
{%- assign protocol_name = module | append: "Coordinating" %}
{%- assign mock_name = protocol_name | append: "Mock" %}
{%- assign methods = router %}

{% include 'spy' %}
{%- endif %}

"""#,
    "mvp/Tests/Tests.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- if params.ui == "swiftui" %}
import SwiftUI
{%- endif %}
{%- if params.tests == "swift-testing" %}
import Testing
{%- endif %}
import UIKit
{%- if params.tests == "xctest" %}
import XCTest
{%- endif %}
{%- if project != "" %}

@testable import {{ project | replace: "-", "_" | replace: " ", "_" }}
{%- endif %}
{%- if params.tests == "swift-testing" %}
{%- assign check = "#expect(" %}

@MainActor
@Suite struct {{ module }}Tests {
  @Test func builderWiresEveryPart() {
{%- else %}
{%- assign check = "XCTAssertTrue(" %}

@MainActor
final class {{ module }}Tests: XCTestCase {
  func testBuilderWiresEveryPart() async {
{%- endif %}
    let module = {{ module }}Builder.assemble()
{%- if params.ui == "swiftui" %}
    {{ check }}module.viewController is UIHostingController<{{ module }}View>)
    {{ check }}module.presenter.view is {{ module }}ViewState)
{%- else %}
    {{ check }}module.viewController is {{ module }}ViewController)
    {{ check }}module.presenter.view === module.viewController)
{%- endif %}
{%- if params.coordinator %}
    {{ check }}module.coordinator.viewController === module.viewController)
{%- endif %}
  }
{%- if uses_defaults %}
{%- if params.ui == "uikit" %}

  {% if params.tests == "swift-testing" %}@Test func viewDidLoadReachesThePresenter(){% else %}func testViewDidLoadReachesThePresenter(){% endif %} async {
    let presenter = {{ module }}PresentingMock()
    let viewController = {{ module }}ViewController(presenter: presenter)
    viewController.loadViewIfNeeded()
    {{ check }}presenter.viewDidLoadCallCount == 1)
  }
{%- endif %}

  private func makePresenter() -> ({{ module }}Presenter, {{ module }}ViewingMock, {{ module }}ServicingMock{% if params.coordinator %}, {{ module }}CoordinatingMock{% endif %}) {
    let view = {{ module }}ViewingMock()
    let service = {{ module }}ServicingMock()
{%- if params.coordinator %}
    let coordinator = {{ module }}CoordinatingMock()
    let presenter = {{ module }}Presenter(service: service, coordinator: coordinator)
    presenter.view = view
    return (presenter, view, service, coordinator)
{%- else %}
    let presenter = {{ module }}Presenter(service: service)
    presenter.view = view
    return (presenter, view, service)
{%- endif %}
  }

  {% if params.tests == "swift-testing" %}@Test func loadingShowsTheItems(){% else %}func testLoadingShowsTheItems(){% endif %} async {
    let (presenter, view, service{% if params.coordinator %}, _{% endif %}) = makePresenter()
    service.fetchItemsReturnValue = [{{ module }}Item(id: UUID(), title: "First")]
    presenter.viewDidLoad()
    await presenter.loading?.value
    {{ check }}view.showLoadingCallCount == 1)
    {{ check }}service.fetchItemsCallCount == 1)
    {{ check }}view.displayItemsReceivedArguments == [{{ module }}ItemViewModel(title: "First")])
  }

  {% if params.tests == "swift-testing" %}@Test func failureShowsTheError(){% else %}func testFailureShowsTheError(){% endif %} async {
    struct LoadError: Error {}
    let (presenter, view, service{% if params.coordinator %}, _{% endif %}) = makePresenter()
    service.fetchItemsError = LoadError()
    presenter.viewDidLoad()
    await presenter.loading?.value
    {{ check }}view.showErrorCallCount == 1)
    {{ check }}view.displayItemsCallCount == 0)
  }

  {% if params.tests == "swift-testing" %}@Test func selectingAnItemRoutesToItsDetail(){% else %}func testSelectingAnItemRoutesToItsDetail(){% endif %} async {
    let item = {{ module }}Item(id: UUID(), title: "First")
{%- if params.coordinator %}
    let (presenter, _, service, coordinator) = makePresenter()
{%- else %}
    let (presenter, view, service) = makePresenter()
{%- endif %}
    service.fetchItemsReturnValue = [item]
    presenter.viewDidLoad()
    await presenter.loading?.value
    presenter.didSelectItem(at: 0)
{%- if params.coordinator %}
    {{ check }}coordinator.showDetailForReceivedArguments == item)
{%- else %}
    {{ check }}view.showDetailForReceivedArguments == item)
{%- endif %}
  }
{%- endif %}
}

"""#,
    "mvp/template.yml": #"""
name: mvp
summary: MVP module - a passive view behind a protocol, a presenter with a weak view and a service; coordinator=true gives MVP-C.
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
    description: Navigate through a coordinator protocol (MVP-C) instead of the view.
  - name: tests
    type: choice
    values: [xctest, swift-testing]
    default: xctest
    description: The test framework of the generated tests.
# regenerate: always - modulegen owns the file (contracts, entities, builder, mocks);
# once - created once, then the developer's (the code and tests they fill in).
files:
  - template: Code/Entity.swift.liquid
    output: "{{ module }}Entity.swift"
    regenerate: always
  - template: Code/Contracts.swift.liquid
    output: "{{ module }}Contracts.swift"
    regenerate: always
  - template: Code/Presenter.swift.liquid
    output: "{{ module }}Presenter.swift"
    regenerate: once
  - template: Code/Service.swift.liquid
    output: "{{ module }}Service.swift"
    regenerate: once
  - template: Code/Coordinator.swift.liquid
    output: "{{ module }}Coordinator.swift"
    when: "params.coordinator"
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

"""#,
    "mvvm/Code/Builder.swift.liquid": #"""
{% include 'header' %}

{% if params.ui == "swiftui" -%}
import SwiftUI
{% endif -%}
import UIKit

/// Creates the module: the view owns the view model, the view model owns its service.
@MainActor
enum {{ module }}Builder {
  /// The parts of an assembled module, for tests.
  struct Module {
    let viewController: UIViewController
    let viewModel: {{ module }}ViewModel
{%- if params.coordinator %}
    let coordinator: {{ module }}Coordinator
{%- endif %}
  }

  static func build() -> UIViewController {
    assemble().viewController
  }

  static func assemble(service: any {{ module }}Servicing = {{ module }}Service()) -> Module {
{%- if params.coordinator %}
    let coordinator = {{ module }}Coordinator()
    let viewModel = {{ module }}ViewModel(service: service, coordinator: coordinator)
{%- else %}
    let viewModel = {{ module }}ViewModel(service: service)
{%- endif %}
{%- if params.ui == "swiftui" %}
    let viewController = UIHostingController(rootView: {{ module }}View(viewModel: viewModel))
{%- else %}
    let viewController = {{ module }}ViewController(viewModel: viewModel)
{%- endif %}
{%- if params.coordinator %}
    coordinator.viewController = viewController
    return Module(viewController: viewController, viewModel: viewModel, coordinator: coordinator)
{%- else %}
    return Module(viewController: viewController, viewModel: viewModel)
{%- endif %}
  }
}

"""#,
    "mvvm/Code/Contracts.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- assign protocol_name = module | append: "Servicing" %}
{%- assign methods = interactor %}
{%- assign summary = "Where the view model gets its data." %}

{% include 'protocol' %}
{%- if params.coordinator %}
{%- assign protocol_name = module | append: "Coordinating" %}
{%- assign methods = router %}
{%- assign summary = "Navigation out of the module." %}

{% include 'protocol' %}
{%- endif %}
{%- if params.io %}
{%- if params.coordinator %}
{%- assign output_methods = view %}
{%- else %}
{%- assign output_methods = view | concat: router %}
{%- endif %}
{%- assign protocol_name = module | append: "ViewModelInputs" %}
{%- assign methods = presenter %}
{%- assign summary = "What the view tells the view model." %}

{% include 'protocol' %}

/// What the view shows: the view model's state.
@MainActor
protocol {{ module }}ViewModelOutputs: AnyObject {
{%- include 'state', declare: "requirement" %}
}
{%- endif %}

"""#,
    "mvvm/Code/Coordinator.swift.liquid": #"""
{% include 'header' %}

import UIKit

/// Navigation out of the module: the view model asks, the coordinator navigates.
@MainActor
final class {{ module }}Coordinator: {{ module }}Coordinating {
  weak var viewController: UIViewController?
{%- if uses_defaults %}

  func showDetail(for item: {{ module }}Item) {
    // TODO: start the detail module.
    let detail = UIViewController()
    detail.title = item.title
    viewController?.navigationController?.pushViewController(detail, animated: true)
  }
{%- else %}
{%- include 'stubs', methods: router, blank_before_first: true %}
{%- endif %}
}

"""#,
    "mvvm/Code/Entity.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- include 'entities', item_view_model: true %}

"""#,
    "mvvm/Code/Service.swift.liquid": #"""
{% include 'header' %}

import Foundation

@MainActor
final class {{ module }}Service: {{ module }}Servicing {
{%- if uses_defaults %}
  func fetchItems() async throws -> [{{ module }}Item] {
    // TODO: load the items from the network or a database.
    []
  }
{%- else %}
{%- include 'stubs', methods: interactor, blank_before_first: false %}
{%- endif %}
}

"""#,
    "mvvm/Code/View.swift.liquid": #"""
{% include 'header' %}

import SwiftUI

struct {{ module }}View: View {
{%- if params.binding == "combine" %}
  @ObservedObject var viewModel: {{ module }}ViewModel
{%- else %}
  let viewModel: {{ module }}ViewModel
{%- endif %}

  var body: some View {
{%- if uses_defaults %}
    VStack {
      if viewModel{% if params.io %}.outputs{% endif %}.isLoading {
        ProgressView()
      }
      if let message = viewModel{% if params.io %}.outputs{% endif %}.errorMessage {
        Text(message)
      }
      List {
        ForEach(Array(viewModel{% if params.io %}.outputs{% endif %}.items.enumerated()), id: \.offset) { index, item in
          Button(item.title) {
            viewModel{% if params.io %}.inputs{% endif %}.didSelectItem(at: index)
          }
        }
      }
    }
    .onAppear {
      viewModel{% if params.io %}.inputs{% endif %}.viewDidLoad()
    }
{%- else %}
{%- assign lifecycle = presenter | where: "selector", "viewDidLoad()" %}
    Text("{{ module }}")
{%- if lifecycle.size > 0 %}
      .onAppear {
        viewModel{% if params.io %}.inputs{% endif %}.viewDidLoad()
      }
{%- endif %}
{%- endif %}
  }
}

"""#,
    "mvvm/Code/ViewController.swift.liquid": #"""
{% include 'header' %}

{% if params.binding == "combine" -%}
import Combine
{% endif -%}
{% if params.binding == "observation" -%}
import Observation
{% endif -%}
import UIKit

/// Shows the view model's state and sends it the user's actions.
final class {{ module }}ViewController: UIViewController {
  let viewModel: {{ module }}ViewModel
{%- if params.binding == "combine" %}
  private var cancellables: Set<AnyCancellable> = []
{%- endif %}
{%- if uses_defaults %}
  private let tableView = UITableView(frame: .zero, style: .plain)
  private let activityIndicator = UIActivityIndicatorView(style: .medium)
  private var shownError: String?
{%- endif %}

  init(viewModel: {{ module }}ViewModel) {
    self.viewModel = viewModel
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) {
    fatalError("init(coder:) is not supported")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "{{ module }}"
{%- if uses_defaults %}
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.dataSource = self
    tableView.delegate = self
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    view.addSubview(tableView)
    view.addSubview(activityIndicator)
{%- endif %}
    bind()
{%- assign lifecycle = presenter | where: "selector", "viewDidLoad()" %}
{%- if lifecycle.size > 0 %}
    viewModel{% if params.io %}.inputs{% endif %}.viewDidLoad()
{%- endif %}
  }

  private func bind() {
{%- if params.binding == "observation" %}
    withObservationTracking {
      render()
    } onChange: { [weak self] in
      Task { @MainActor in self?.bind() }
    }
{%- elsif params.binding == "combine" %}
{%- if uses_defaults %}
    viewModel.$items.sink { [weak self] _ in self?.render() }.store(in: &cancellables)
    viewModel.$isLoading.sink { [weak self] _ in self?.render() }.store(in: &cancellables)
    viewModel.$errorMessage.sink { [weak self] _ in self?.render() }.store(in: &cancellables)
{%- unless params.coordinator %}
    viewModel.$selectedItem.sink { [weak self] _ in self?.render() }.store(in: &cancellables)
{%- endunless %}
{%- else %}
    render()
{%- endif %}
{%- else %}
    viewModel.onChange = { [weak self] in self?.render() }
    render()
{%- endif %}
  }

  /// Brings the views up to date with the view model.
  private func render() {
{%- if uses_defaults %}
    if viewModel{% if params.io %}.outputs{% endif %}.isLoading {
      activityIndicator.startAnimating()
    } else {
      activityIndicator.stopAnimating()
    }
    tableView.reloadData()
    if let message = viewModel{% if params.io %}.outputs{% endif %}.errorMessage, message != shownError {
      shownError = message
      let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
      alert.addAction(UIAlertAction(title: "OK", style: .default))
      present(alert, animated: true)
    }
{%- unless params.coordinator %}
    if let item = viewModel{% if params.io %}.outputs{% endif %}.selectedItem,
      navigationController?.viewControllers.last?.title != item.title
    {
      // TODO: show the detail screen.
      let detail = UIViewController()
      detail.title = item.title
      navigationController?.pushViewController(detail, animated: true)
    }
{%- endunless %}
{%- else %}
    // TODO: update the views from the view model's state.
{%- endif %}
  }
}
{%- if uses_defaults %}
{%- capture rows %}viewModel{% if params.io %}.outputs{% endif %}.items{% endcapture %}
{%- capture selection %}viewModel{% if params.io %}.inputs{% endif %}.didSelectItem(at: indexPath.row){% endcapture %}

{% include 'table_data_source', row_title: 'title' %}
{%- endif %}

"""#,
    "mvvm/Code/ViewModel.swift.liquid": #"""
{% include 'header' %}

{% if params.binding == "combine" -%}
import Combine
{% endif -%}
import Foundation
{%- if params.binding != "combine" %}
import Observation
{%- endif %}
{%- capture newline %}
{% endcapture %}
{%- if params.coordinator %}
{%- assign output_methods = view %}
{%- else %}
{%- assign output_methods = view | concat: router %}
{%- endif %}
{%- if params.binding == "combine" %}
{%- assign published = "@Published " %}
{%- else %}
{%- assign published = "" %}
{%- endif %}
{%- if params.binding == "closures" %}
{%- capture did_set %} {
    didSet { onChange?() }
  }{% endcapture %}
{%- else %}
{%- assign did_set = "" %}
{%- endif %}

/// The module's state and logic. It knows nothing about UIKit or SwiftUI.
@MainActor
{%- if params.binding == "observation" or params.ui == "swiftui" and params.binding == "closures" %}
@Observable
{%- endif %}
final class {{ module }}ViewModel{% if params.binding == "combine" %}: ObservableObject{% endif %} {
{%- include 'state', declare: "storage" %}
{%- if params.binding == "closures" %}

  /// Called after every change of the state above.
  var onChange: (@MainActor () -> Void)?
{%- endif %}

  private let service: any {{ module }}Servicing
{%- if params.coordinator %}
  private let coordinator: any {{ module }}Coordinating
{%- endif %}
{%- if uses_defaults %}
  private var models: [{{ module }}Item] = []
  /// The load started by viewDidLoad(), kept so that tests can wait for it.
  private(set) var loading: Task<Void, Never>?
{%- endif %}

  init(service: any {{ module }}Servicing{% if params.coordinator %}, coordinator: any {{ module }}Coordinating{% endif %}) {
    self.service = service
{%- if params.coordinator %}
    self.coordinator = coordinator
{%- endif %}
  }
{%- if params.io %}

  var inputs: any {{ module }}ViewModelInputs { self }
  var outputs: any {{ module }}ViewModelOutputs { self }
{%- endif %}
}

// MARK: - Inputs

extension {{ module }}ViewModel{% if params.io %}: {{ module }}ViewModelInputs{% endif %} {
{%- if uses_defaults %}
  func viewDidLoad() {
    isLoading = true
    errorMessage = nil
    loading = Task {
      do {
        models = try await service.fetchItems()
        items = models.map { {{ module }}ItemViewModel(title: $0.title) }
      } catch {
        errorMessage = String(describing: error)
      }
      isLoading = false
    }
  }

  func didSelectItem(at index: Int) {
    guard models.indices.contains(index) else { return }
{%- if params.coordinator %}
    coordinator.showDetail(for: models[index])
{%- else %}
    selectedItem = models[index]
{%- endif %}
  }
{%- else %}
{%- include 'stubs', methods: presenter, blank_before_first: false %}
{%- endif %}
}
{%- if uses_defaults == false and output_methods.size > 0 %}

// MARK: - Outputs

extension {{ module }}ViewModel {
{%- for m in output_methods %}
{%- assign stored = m.parameters | where: "is_closure", false %}
{%- unless forloop.first %}{{ newline }}{% endunless %}
  /// Updates the state the view shows.
  func {{ m.signature }} {
{%- if stored.size == 0 %}
    {{ m.identifier }}Count += 1
{%- elsif stored.size == 1 %}
    {{ m.identifier }} = {{ stored[0].name | swift_identifier }}
{%- else %}
    {{ m.identifier }} = ({% for p in stored %}{{ p.name }}: {{ p.name | swift_identifier }}{% unless forloop.last %}, {% endunless %}{% endfor %})
{%- endif %}
{%- if m.has_return %}
{%- assign method = m %}
{% include 'stub_body' %}
{%- endif %}
  }
{%- endfor %}
}
{%- endif %}
{%- if params.io %}

extension {{ module }}ViewModel: {{ module }}ViewModelOutputs {}
{%- endif %}

"""#,
    "mvvm/Tests/Mocks.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- if project != "" %}

@testable import {{ project | replace: "-", "_" | replace: " ", "_" }}
{%- endif %}
{%- assign protocol_name = module | append: "Servicing" %}
{%- assign mock_name = protocol_name | append: "Mock" %}
{%- assign methods = interactor %}

{% include 'spy' %}
{%- if params.coordinator %}
{%- assign protocol_name = module | append: "Coordinating" %}
{%- assign mock_name = protocol_name | append: "Mock" %}
{%- assign methods = router %}

{% include 'spy' %}
{%- endif %}
{%- if params.io %}
{%- assign protocol_name = module | append: "ViewModelInputs" %}
{%- assign mock_name = protocol_name | append: "Mock" %}
{%- assign methods = presenter %}

{% include 'spy' %}
{%- endif %}

"""#,
    "mvvm/Tests/Tests.swift.liquid": #"""
{% include 'header' %}

{% if params.binding == "combine" -%}
import Combine
{% endif -%}
import Foundation
{%- if params.ui == "swiftui" %}
import SwiftUI
{%- endif %}
{%- if params.tests == "swift-testing" %}
import Testing
{%- endif %}
import UIKit
{%- if params.tests == "xctest" %}
import XCTest
{%- endif %}
{%- if project != "" %}

@testable import {{ project | replace: "-", "_" | replace: " ", "_" }}
{%- endif %}
{%- capture outputs %}{% if params.io %}.outputs{% endif %}{% endcapture %}
{%- if params.tests == "swift-testing" %}
{%- assign check = "#expect(" %}

@MainActor
@Suite struct {{ module }}Tests {
  @Test func builderWiresEveryPart() {
{%- else %}
{%- assign check = "XCTAssertTrue(" %}

@MainActor
final class {{ module }}Tests: XCTestCase {
  func testBuilderWiresEveryPart() async {
{%- endif %}
    let module = {{ module }}Builder.assemble()
{%- if params.ui == "swiftui" %}
    {{ check }}module.viewController is UIHostingController<{{ module }}View>)
{%- else %}
    {{ check }}(module.viewController as? {{ module }}ViewController)?.viewModel === module.viewModel)
{%- endif %}
{%- if params.coordinator %}
    {{ check }}module.coordinator.viewController === module.viewController)
{%- endif %}
  }
{%- if uses_defaults %}

  private func makeViewModel() -> ({{ module }}ViewModel, {{ module }}ServicingMock{% if params.coordinator %}, {{ module }}CoordinatingMock{% endif %}) {
    let service = {{ module }}ServicingMock()
{%- if params.coordinator %}
    let coordinator = {{ module }}CoordinatingMock()
    return ({{ module }}ViewModel(service: service, coordinator: coordinator), service, coordinator)
{%- else %}
    return ({{ module }}ViewModel(service: service), service)
{%- endif %}
  }
{%- if params.ui == "uikit" %}

  {% if params.tests == "swift-testing" %}@Test func viewDidLoadReachesTheViewModel(){% else %}func testViewDidLoadReachesTheViewModel(){% endif %} async {
    let (viewModel, service{% if params.coordinator %}, _{% endif %}) = makeViewModel()
    service.fetchItemsReturnValue = [{{ module }}Item(id: UUID(), title: "First")]
    let viewController = {{ module }}ViewController(viewModel: viewModel)
    viewController.loadViewIfNeeded()
    await viewModel.loading?.value
    {{ check }}service.fetchItemsCallCount == 1)
  }
{%- endif %}

  {% if params.tests == "swift-testing" %}@Test func loadingShowsTheItems(){% else %}func testLoadingShowsTheItems(){% endif %} async {
    let (viewModel, service{% if params.coordinator %}, _{% endif %}) = makeViewModel()
    service.fetchItemsReturnValue = [{{ module }}Item(id: UUID(), title: "First")]
{%- if params.binding == "combine" %}
    var received: [[{{ module }}ItemViewModel]] = []
    let subscription = viewModel.$items.sink { received.append($0) }
{%- elsif params.binding == "closures" %}
    var changes = 0
    viewModel.onChange = { changes += 1 }
{%- endif %}
    viewModel{% if params.io %}.inputs{% endif %}.viewDidLoad()
    {{ check }}viewModel{{ outputs }}.isLoading)
    await viewModel.loading?.value
    {{ check }}!viewModel{{ outputs }}.isLoading)
    {{ check }}viewModel{{ outputs }}.items == [{{ module }}ItemViewModel(title: "First")])
    {{ check }}viewModel{{ outputs }}.errorMessage == nil)
{%- if params.binding == "combine" %}
    {{ check }}received.last == [{{ module }}ItemViewModel(title: "First")])
    subscription.cancel()
{%- elsif params.binding == "closures" %}
    {{ check }}changes > 0)
{%- endif %}
  }

  {% if params.tests == "swift-testing" %}@Test func failureShowsTheError(){% else %}func testFailureShowsTheError(){% endif %} async {
    struct LoadError: Error {}
    let (viewModel, service{% if params.coordinator %}, _{% endif %}) = makeViewModel()
    service.fetchItemsError = LoadError()
    viewModel{% if params.io %}.inputs{% endif %}.viewDidLoad()
    await viewModel.loading?.value
    {{ check }}viewModel{{ outputs }}.errorMessage != nil)
    {{ check }}viewModel{{ outputs }}.items.isEmpty)
  }

  {% if params.tests == "swift-testing" %}@Test func selectingAnItemRoutesToItsDetail(){% else %}func testSelectingAnItemRoutesToItsDetail(){% endif %} async {
    let item = {{ module }}Item(id: UUID(), title: "First")
    let (viewModel, service{% if params.coordinator %}, coordinator{% endif %}) = makeViewModel()
    service.fetchItemsReturnValue = [item]
    viewModel{% if params.io %}.inputs{% endif %}.viewDidLoad()
    await viewModel.loading?.value
    viewModel{% if params.io %}.inputs{% endif %}.didSelectItem(at: 0)
{%- if params.coordinator %}
    {{ check }}coordinator.showDetailForReceivedArguments == item)
{%- else %}
    {{ check }}viewModel{{ outputs }}.selectedItem == item)
{%- endif %}
  }
{%- endif %}
}

"""#,
    "mvvm/snippets/state.liquid": #"""
{%- comment %}
  The view model's state, one property per output. For the typical screen: items, loading,
  error and the selected item; for a spec, one property per method of the view role (and of the
  router role without a coordinator): the last arguments, or a count for a method without any.
  `declare` is "requirement" (a protocol's get-only property) or "storage".
{% endcomment %}
{%- if uses_defaults %}
{%- assign names = "items:[" | append: module | append: "ItemViewModel]:[]|isLoading:Bool:false|errorMessage:String?:nil" %}
{%- unless params.coordinator %}
{%- assign names = names | append: "|selectedItem:" | append: module | append: "Item?:nil" %}
{%- endunless %}
{%- assign outputs = names | split: "|" %}
{%- for output in outputs %}
{%- assign parts = output | split: ":" %}
{%- if declare == "requirement" %}
  var {{ parts[0] }}: {{ parts[1] }} { get }
{%- else %}
  {{ published }}private(set) var {{ parts[0] }}: {{ parts[1] }} = {{ parts[2] }}{{ did_set }}
{%- endif %}
{%- endfor %}
{%- else %}
{%- for m in output_methods %}
{%- assign stored = m.parameters | where: "is_closure", false %}
{%- capture type %}{% if stored.size == 0 %}Int{% elsif stored.size == 1 %}({{ stored[0].storage_type }})?{% else %}({% for p in stored %}{{ p.name }}: {{ p.storage_type }}{% unless forloop.last %}, {% endunless %}{% endfor %})?{% endif %}{% endcapture %}
{%- capture name %}{{ m.identifier }}{% if stored.size == 0 %}Count{% endif %}{% endcapture %}
{%- if declare == "requirement" %}
  var {{ name }}: {{ type }} { get }
{%- else %}
  {{ published }}private(set) var {{ name }}: {{ type }}{% if stored.size == 0 %} = 0{% else %} = nil{% endif %}{{ did_set }}
{%- endif %}
{%- endfor %}
{%- endif %}
"""#,
    "mvvm/template.yml": #"""
name: mvvm
summary: MVVM module - a view model that never imports UIKit or SwiftUI, bound with Observation, Combine or closures; io=true gives Input/Output, coordinator=true gives MVVM-C.
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
    description: How the view follows the view model. With ui=swiftui, closures are offered besides Observation.
  - name: io
    type: bool
    default: false
    description: Split the view model into Inputs and Outputs protocols.
  - name: coordinator
    type: bool
    default: false
    description: Navigate through a coordinator protocol (MVVM-C) instead of the view.
  - name: tests
    type: choice
    values: [xctest, swift-testing]
    default: xctest
    description: The test framework of the generated tests.
# regenerate: always - modulegen owns the file (contracts, entities, builder, mocks);
# once - created once, then the developer's (the code and tests they fill in).
files:
  - template: Code/Entity.swift.liquid
    output: "{{ module }}Entity.swift"
    regenerate: always
  - template: Code/Contracts.swift.liquid
    output: "{{ module }}Contracts.swift"
    regenerate: always
  - template: Code/ViewModel.swift.liquid
    output: "{{ module }}ViewModel.swift"
    regenerate: once
  - template: Code/Service.swift.liquid
    output: "{{ module }}Service.swift"
    regenerate: once
  - template: Code/Coordinator.swift.liquid
    output: "{{ module }}Coordinator.swift"
    when: "params.coordinator"
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

"""#,
    "viper/Code/Builder.swift.liquid": #"""
{% include 'header' %}

{% if params.ui == "swiftui" -%}
import SwiftUI
{% endif -%}
import UIKit

/// Creates the module and wires its parts: the view owns the presenter, the presenter owns
/// the interactor and the router; the back references are weak.
@MainActor
enum {{ module }}Builder {
  /// The parts of an assembled module, for tests.
  struct Module {
    let viewController: UIViewController
    let presenter: {{ module }}Presenter
    let interactor: {{ module }}Interactor
    let router: {{ module }}Router
  }

  static func build() -> UIViewController {
    assemble().viewController
  }

  static func assemble() -> Module {
    let interactor = {{ module }}Interactor()
    let router = {{ module }}Router()
    let presenter = {{ module }}Presenter(interactor: interactor, router: router)
    interactor.output = presenter
{%- if params.ui == "swiftui" %}
    let state = {{ module }}ViewState()
    presenter.view = state
    let viewController = UIHostingController(rootView: {{ module }}View(state: state, output: presenter))
{%- else %}
    let viewController = {{ module }}ViewController(output: presenter)
    presenter.view = viewController
{%- endif %}
    router.viewController = viewController
    return Module(
      viewController: viewController, presenter: presenter, interactor: interactor, router: router)
  }
}

"""#,
    "viper/Code/Contracts.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- assign protocols = "ViewInput:view:What the presenter tells the view to show.|ViewOutput:presenter:What the view reports to the presenter.|InteractorInput:interactor:The module's use cases.|InteractorOutput:interactor_output:What the interactor reports back to the presenter.|RouterInput:router:Navigation out of the module." | split: "|" %}
{%- for entry in protocols %}
{%- assign parts = entry | split: ":" %}
{%- assign protocol_name = module | append: parts[0] %}
{%- assign methods = roles[parts[1]].methods %}
{%- assign summary = parts[2] %}

{% include 'protocol' %}
{%- endfor %}

"""#,
    "viper/Code/Entity.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- include 'entities', item_view_model: true %}

"""#,
    "viper/Code/Interactor.swift.liquid": #"""
{% include 'header' %}

import Foundation

/// The module's use cases. It knows nothing about views.
@MainActor
final class {{ module }}Interactor: {{ module }}InteractorInput {
  weak var output: (any {{ module }}InteractorOutput)?
{%- if uses_defaults %}

  func fetchItems() async throws -> [{{ module }}Item] {
    // TODO: load the items from a service.
    []
  }
{%- else %}
{%- include 'stubs', methods: interactor, blank_before_first: true %}
{%- endif %}
}

"""#,
    "viper/Code/Presenter.swift.liquid": #"""
{% include 'header' %}

import Foundation

@MainActor
final class {{ module }}Presenter {
  weak var view: (any {{ module }}ViewInput)?
  private let interactor: any {{ module }}InteractorInput
  private let router: any {{ module }}RouterInput
{%- if uses_defaults %}
  private var items: [{{ module }}Item] = []
  /// The load started by viewDidLoad(), kept so that tests can wait for it.
  private(set) var loading: Task<Void, Never>?
{%- endif %}

  init(interactor: any {{ module }}InteractorInput, router: any {{ module }}RouterInput) {
    self.interactor = interactor
    self.router = router
  }
}

// MARK: - {{ module }}ViewOutput

extension {{ module }}Presenter: {{ module }}ViewOutput {
{%- if uses_defaults %}
  func viewDidLoad() {
    view?.showLoading()
    loading = Task {
      do {
        didFetchItems(try await interactor.fetchItems())
      } catch {
        didFailToFetchItems(error)
      }
    }
  }

  func didSelectItem(at index: Int) {
    guard items.indices.contains(index) else { return }
    router.showDetail(for: items[index])
  }
{%- else %}
{%- include 'stubs', methods: presenter, blank_before_first: true %}
{%- endif %}
}

// MARK: - {{ module }}InteractorOutput

extension {{ module }}Presenter: {{ module }}InteractorOutput {
{%- if uses_defaults %}
  func didFetchItems(_ items: [{{ module }}Item]) {
    self.items = items
    view?.display(items: items.map { {{ module }}ItemViewModel(title: $0.title) })
  }

  func didFailToFetchItems(_ error: any Error) {
    view?.showError(String(describing: error))
  }
{%- else %}
{%- include 'stubs', methods: interactor_output, blank_before_first: true %}
{%- endif %}
}

"""#,
    "viper/Code/Router.swift.liquid": #"""
{% include 'header' %}

import UIKit

@MainActor
final class {{ module }}Router: {{ module }}RouterInput {
  weak var viewController: UIViewController?
{%- if uses_defaults %}

  func showDetail(for item: {{ module }}Item) {
    // TODO: build the detail module.
    let detail = UIViewController()
    detail.title = item.title
    viewController?.navigationController?.pushViewController(detail, animated: true)
  }
{%- else %}
{%- include 'stubs', methods: router, blank_before_first: true %}
{%- endif %}
}

"""#,
    "viper/Code/View.swift.liquid": #"""
{% include 'header' %}

import Observation
import SwiftUI

/// What the view shows; the presenter updates it through {{ module }}ViewInput.
@MainActor
@Observable
final class {{ module }}ViewState: {{ module }}ViewInput {
{%- if uses_defaults %}
  private(set) var items: [{{ module }}ItemViewModel] = []
  private(set) var isLoading = false
  private(set) var errorMessage: String?

  func display(items: [{{ module }}ItemViewModel]) {
    isLoading = false
    self.items = items
  }

  func showLoading() {
    isLoading = true
    errorMessage = nil
  }

  func showError(_ message: String) {
    isLoading = false
    errorMessage = message
  }
{%- else %}
{%- include 'stubs', methods: view, blank_before_first: true %}
{%- endif %}
}

struct {{ module }}View: View {
  let state: {{ module }}ViewState
  let output: any {{ module }}ViewOutput

  var body: some View {
{%- if uses_defaults %}
    VStack {
      if state.isLoading {
        ProgressView()
      }
      if let message = state.errorMessage {
        Text(message)
      }
      List {
        ForEach(Array(state.items.enumerated()), id: \.offset) { index, item in
          Button(item.title) {
            output.didSelectItem(at: index)
          }
        }
      }
    }
    .onAppear {
      output.viewDidLoad()
    }
{%- else %}
{%- assign lifecycle = presenter | where: "selector", "viewDidLoad()" %}
    Text("{{ module }}")
{%- if lifecycle.size > 0 %}
      .onAppear {
        output.viewDidLoad()
      }
{%- endif %}
{%- endif %}
  }
}

"""#,
    "viper/Code/ViewController.swift.liquid": #"""
{% include 'header' %}

import UIKit

final class {{ module }}ViewController: UIViewController {
  private let output: any {{ module }}ViewOutput
{%- if uses_defaults %}
  private var items: [{{ module }}ItemViewModel] = []
  private let tableView = UITableView(frame: .zero, style: .plain)
  private let activityIndicator = UIActivityIndicatorView(style: .medium)
{%- endif %}

  init(output: any {{ module }}ViewOutput) {
    self.output = output
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) {
    fatalError("init(coder:) is not supported")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "{{ module }}"
{%- if uses_defaults %}
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.dataSource = self
    tableView.delegate = self
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    view.addSubview(tableView)
    view.addSubview(activityIndicator)
{%- endif %}
{%- assign lifecycle = presenter | where: "selector", "viewDidLoad()" %}
{%- if lifecycle.size > 0 %}
    output.viewDidLoad()
{%- endif %}
  }
}

// MARK: - {{ module }}ViewInput

extension {{ module }}ViewController: {{ module }}ViewInput {
{%- if uses_defaults %}
  func display(items: [{{ module }}ItemViewModel]) {
    activityIndicator.stopAnimating()
    self.items = items
    tableView.reloadData()
  }

  func showLoading() {
    activityIndicator.startAnimating()
  }

  func showError(_ message: String) {
    activityIndicator.stopAnimating()
    let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "OK", style: .default))
    present(alert, animated: true)
  }
{%- else %}
{%- include 'stubs', methods: view, blank_before_first: true %}
{%- endif %}
}
{%- if uses_defaults %}

{% include 'table_data_source', rows: 'items', row_title: 'title', selection: 'output.didSelectItem(at: indexPath.row)' %}
{%- endif %}

"""#,
    "viper/Tests/Mocks.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- if project != "" %}

@testable import {{ project | replace: "-", "_" | replace: " ", "_" }}
{%- endif %}
{%- assign pairs = "ViewInput:view,ViewOutput:presenter,InteractorInput:interactor,InteractorOutput:interactor_output,RouterInput:router" | split: "," %}
{%- for pair in pairs %}
{%- assign parts = pair | split: ":" %}
{%- assign protocol_name = module | append: parts[0] %}
{%- assign mock_name = protocol_name | append: "Mock" %}
{%- assign methods = roles[parts[1]].methods %}

{% include 'spy' %}
{%- endfor %}

"""#,
    "viper/Tests/Tests.swift.liquid": #"""
{% include 'header' %}

import Foundation
{%- if params.ui == "swiftui" %}
import SwiftUI
{%- endif %}
{%- if params.tests == "swift-testing" %}
import Testing
{%- endif %}
import UIKit
{%- if params.tests == "xctest" %}
import XCTest
{%- endif %}
{%- if project != "" %}

@testable import {{ project | replace: "-", "_" | replace: " ", "_" }}
{%- endif %}
{%- if params.tests == "swift-testing" %}
{%- assign assert_true = "#expect(" %}

@MainActor
@Suite struct {{ module }}Tests {
  @Test func builderWiresEveryPart() {
{%- else %}
{%- assign assert_true = "XCTAssertTrue(" %}

@MainActor
final class {{ module }}Tests: XCTestCase {
  func testBuilderWiresEveryPart() async {
{%- endif %}
    let module = {{ module }}Builder.assemble()
{%- if params.ui == "swiftui" %}
    {{ assert_true }}module.viewController is UIHostingController<{{ module }}View>)
    {{ assert_true }}module.presenter.view is {{ module }}ViewState)
{%- else %}
    {{ assert_true }}module.viewController is {{ module }}ViewController)
    {{ assert_true }}module.presenter.view === module.viewController)
{%- endif %}
    {{ assert_true }}module.interactor.output === module.presenter)
    {{ assert_true }}module.router.viewController === module.viewController)
  }
{%- if uses_defaults %}
{%- if params.ui == "uikit" %}

  {% if params.tests == "swift-testing" %}@Test func viewDidLoadReachesThePresenter(){% else %}func testViewDidLoadReachesThePresenter() async{% endif %} {
    let output = {{ module }}ViewOutputMock()
    let viewController = {{ module }}ViewController(output: output)
    viewController.loadViewIfNeeded()
    {% if params.tests == "swift-testing" %}#expect(output.viewDidLoadCallCount == 1){% else %}XCTAssertEqual(output.viewDidLoadCallCount, 1){% endif %}
  }
{%- endif %}

  private func makePresenter() -> ({{ module }}Presenter, {{ module }}ViewInputMock, {{ module }}InteractorInputMock, {{ module }}RouterInputMock) {
    let view = {{ module }}ViewInputMock()
    let interactor = {{ module }}InteractorInputMock()
    let router = {{ module }}RouterInputMock()
    let presenter = {{ module }}Presenter(interactor: interactor, router: router)
    presenter.view = view
    return (presenter, view, interactor, router)
  }

  {% if params.tests == "swift-testing" %}@Test func loadingShowsTheItems(){% else %}func testLoadingShowsTheItems(){% endif %} async {
    let (presenter, view, interactor, _) = makePresenter()
    interactor.fetchItemsReturnValue = [{{ module }}Item(id: UUID(), title: "First")]
    presenter.viewDidLoad()
    await presenter.loading?.value
{%- if params.tests == "swift-testing" %}
    #expect(view.showLoadingCallCount == 1)
    #expect(interactor.fetchItemsCallCount == 1)
    #expect(view.displayItemsReceivedArguments == [{{ module }}ItemViewModel(title: "First")])
    #expect(view.showErrorCallCount == 0)
{%- else %}
    XCTAssertEqual(view.showLoadingCallCount, 1)
    XCTAssertEqual(interactor.fetchItemsCallCount, 1)
    XCTAssertEqual(view.displayItemsReceivedArguments, [{{ module }}ItemViewModel(title: "First")])
    XCTAssertEqual(view.showErrorCallCount, 0)
{%- endif %}
  }

  {% if params.tests == "swift-testing" %}@Test func failureShowsTheError(){% else %}func testFailureShowsTheError(){% endif %} async {
    struct LoadError: Error {}
    let (presenter, view, interactor, _) = makePresenter()
    interactor.fetchItemsError = LoadError()
    presenter.viewDidLoad()
    await presenter.loading?.value
{%- if params.tests == "swift-testing" %}
    #expect(view.showErrorCallCount == 1)
    #expect(view.displayItemsCallCount == 0)
{%- else %}
    XCTAssertEqual(view.showErrorCallCount, 1)
    XCTAssertEqual(view.displayItemsCallCount, 0)
{%- endif %}
  }

  {% if params.tests == "swift-testing" %}@Test func selectingAnItemRoutesToItsDetail(){% else %}func testSelectingAnItemRoutesToItsDetail(){% endif %} async {
    let item = {{ module }}Item(id: UUID(), title: "First")
    let (presenter, _, interactor, router) = makePresenter()
    interactor.fetchItemsReturnValue = [item]
    presenter.viewDidLoad()
    await presenter.loading?.value
    presenter.didSelectItem(at: 0)
{%- if params.tests == "swift-testing" %}
    #expect(router.showDetailForReceivedArguments == item)
{%- else %}
    XCTAssertEqual(router.showDetailForReceivedArguments, item)
{%- endif %}
  }
{%- endif %}
}

"""#,
    "viper/template.yml": #"""
name: viper
summary: VIPER module - View, Interactor, Presenter, Entity, Router and a Builder that wires them.
version: 1.0.0
parameters:
  - name: ui
    type: choice
    values: [uikit, swiftui]
    default: uikit
    description: A UIViewController, or a SwiftUI view hosted in a UIHostingController.
  - name: tests
    type: choice
    values: [xctest, swift-testing]
    default: xctest
    description: The test framework of the generated tests.
# regenerate: always - modulegen owns the file (contracts, entities, builder, mocks);
# once - created once, then the developer's (the code and tests they fill in).
files:
  - template: Code/Entity.swift.liquid
    output: "{{ module }}Entity.swift"
    regenerate: always
  - template: Code/Contracts.swift.liquid
    output: "{{ module }}Contracts.swift"
    regenerate: always
  - template: Code/ViewController.swift.liquid
    output: "{{ module }}ViewController.swift"
    when: "params.ui == 'uikit'"
    regenerate: once
  - template: Code/View.swift.liquid
    output: "{{ module }}View.swift"
    when: "params.ui == 'swiftui'"
    regenerate: once
  - template: Code/Presenter.swift.liquid
    output: "{{ module }}Presenter.swift"
    regenerate: once
  - template: Code/Interactor.swift.liquid
    output: "{{ module }}Interactor.swift"
    regenerate: once
  - template: Code/Router.swift.liquid
    output: "{{ module }}Router.swift"
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

"""#,
  ]
}
