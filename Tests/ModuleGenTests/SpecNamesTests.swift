import Diagnostics
import Foundation
import Testing

@testable import ModuleGen

/// A team's own names in a spec never break the generated module: a method, an argument or a
/// state named as what the generated code names its own members keeps both apart. (The rich
/// spec that GeneratedCodeTests compiles has each of these names.)
@Suite struct SpecNamesTests {
  /// The declarations of each generated class of `text`, by its name.
  static func classes(in text: String) -> [String: String] {
    var found: [String: String] = [:]
    for declaration in text.components(separatedBy: "final class ").dropFirst() {
      let name = String(declaration.prefix { $0.isLetter || $0.isNumber })
      found[name] = declaration.components(separatedBy: "\n}\n").first ?? declaration
    }
    return found
  }

  static func count(_ text: String, in declaration: String) -> Int {
    declaration.components(separatedBy: text).count - 1
  }

  /// A protocol that declares `reset()` itself gets it recorded like its other methods, and the
  /// mock's own way to forget its calls and stubs is then `resetMock()`, where the mock declared
  /// `reset()` twice.
  @Test(arguments: ["viper", "mvp", "mvvm", "mvc"])
  func aProtocolsOwnResetLeavesTheMocksToResetMock(template: String) throws {
    let spec = """
      name: Gallery
      presenter:
        - reset()
        - didTapRetry()
      interactor:
        - reset()
        - "load(id: Int) async throws -> Int"
      router:
        - close()
      """
    let mocks = try #require(
      try SpecModuleTests.generate(template, spec: spec)["GalleryMocks.swift"])
    let classes = Self.classes(in: mocks)
    let service = try #require(classes["GalleryServicingMock"])
    #expect(Self.count("func reset() {", in: service) == 1)
    #expect(Self.count("resetCallCount += 1", in: service) == 1)
    #expect(Self.count("func resetMock() {", in: service) == 1)
    // A protocol without its own `reset()` keeps the mock's.
    for (name, declaration) in classes where !declaration.contains("resetCallCount") {
      #expect(Self.count("func reset() {", in: declaration) == 1, "\(name)")
      #expect(!declaration.contains("resetMock"), "\(name)")
    }
  }

  /// A sendable mock's method whose parameters are named as the mock's lock, calls and stubs
  /// records them: the mock's own are read through `self`, where `lock.withLock` was the
  /// argument's.
  @Test func aSendableMocksParametersNamedAsItsOwnStateAreRecorded() throws {
    let spec = """
      name: Gallery
      interactor:
        - "unlock(lock: Int, calls: Int, stubs: Int) async"
      """
    let mocks = try #require(try SpecModuleTests.generate("mvp", spec: spec)["GalleryMocks.swift"])
    let service = try #require(Self.classes(in: mocks)["GalleryServicingMock"])
    let body = try #require(
      service.components(separatedBy: "func unlock(lock: Int, calls: Int, stubs: Int) async {")
        .last?.components(separatedBy: "\n  }\n").first)
    #expect(
      body == """

            let stub = self.lock.withLock {
              self.calls.unlockLockCallsStubsCallCount += 1
              self.calls.unlockLockCallsStubsReceivedArguments = (lock: lock, calls: calls, stubs: stubs)
              self.calls.unlockLockCallsStubsReceivedInvocations.append((lock: lock, calls: calls, stubs: stubs))
              return self.stubs
            }
            if let closure = stub.unlockLockCallsStubsClosure { await closure(lock, calls, stubs) }
        """)
  }

  /// A mock's method whose parameters are named as the mock names its stubs and its closure
  /// gives them other names inside it (`stub stubValue`), where it passed its own stubs and
  /// closure on instead of the arguments.
  @Test func aMocksParametersNamedAsItsStubsOrClosureGetOtherNames() throws {
    let spec = """
      name: Gallery
      interactor:
        - "apply(stub: Int, _ closure: @escaping @Sendable () -> Void) -> Int"
      """
    let mocks = try #require(try SpecModuleTests.generate("mvp", spec: spec)["GalleryMocks.swift"])
    let service = try #require(Self.classes(in: mocks)["GalleryServicingMock"])
    let body = try #require(
      service.components(separatedBy: "// MARK: - apply(stub:_:)\n").last?
        .components(separatedBy: "\n  }\n").first)
    #expect(
      body == """

          func apply(stub stubValue: Int, _ closureValue: @escaping @Sendable () -> Void) -> Int {
            let stub = self.lock.withLock {
              self.calls.applyStubCallCount += 1
              self.calls.applyStubReceivedArguments = (stub: stubValue, closure: closureValue)
              self.calls.applyStubReceivedInvocations.append((stub: stubValue, closure: closureValue))
              return self.stubs
            }
            if let closure = stub.applyStubClosure { return closure(stubValue, closureValue) }
            guard let value = stub.applyStubReturnValue else {
              // A method that cannot throw has nothing to return.
              fatalError("GalleryServicingMock.apply(stub:_:) has no stub: set applyStubReturnValue or applyStubClosure")
            }
            return value
        """)
  }

  /// An entity named as a type the template generates for the module would be declared twice:
  /// `validate` and `gen` refuse it at the module, where the module did not compile.
  @Test(arguments: [
    ("viper", [(String, String)](), "GalleryPresenter", "GalleryPresenter.swift"),
    ("mvvm", [("ui", "swiftui")], "GalleryViewModel", "GalleryViewModel.swift"),
    ("mvp", [("ui", "swiftui")], "GalleryViewState", "GalleryView.swift"),
  ])
  func anEntityNamedAsAGeneratedTypeIsRefusedAtTheModule(
    template: String, params: [(String, String)], entity: String, file: String
  ) throws {
    let spec = """
      name: Gallery
      view:
        - "show(title: String)"
      entities:
        \(entity): {id: Int}
      """
    let error = #expect(throws: DiagnosticList.self) {
      try SpecModuleTests.generate(template, params, spec: spec)
    }
    #expect(
      error?.diagnostics.map(\.description) == [
        """
        Gallery.yml:1:1: error: the entity '\(entity)' is named as a type that template \
        '\(template)' generates for module 'Gallery' (declared in GalleryEntity.swift and \(file)); \
        give the entity another name
        name: Gallery
        ^
        """
      ])
  }

  /// An entity named as the module, or as a type only the tests declare, is the app's own.
  @Test func anEntityNamedAsTheModuleIsTheApps() throws {
    let spec = """
      name: Gallery
      entities:
        Gallery: {id: Int}
        GalleryServicingMock: {id: Int}
      """
    for template in BuiltinTemplates.names {
      let files = try SpecModuleTests.generate(template, spec: spec)
      #expect(files.values.contains { $0.contains("struct Gallery: ") }, "\(template)")
    }
  }
}
