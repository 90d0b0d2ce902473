import BackgroundWork
import Foundation
import Testing

/// A batch's files are rendered on every core at once (`Generator.renderAhead`): what a batch
/// writes and says must be what its modules write and say one by one, in the spec's order.
@Suite struct BatchRenderingTests {
  func files(_ dir: String) throws -> [String: String] {
    var found: [String: String] = [:]
    for path in FileManager.default.enumerator(atPath: dir)?.allObjects as? [String] ?? []
    where path.hasSuffix(".swift") {
      found[path] = try String(contentsOfFile: dir + "/" + path, encoding: .utf8)
    }
    return found
  }

  static let modules: [(name: String, template: String, params: String)] = [
    ("Home", "viper", ""), ("Orders", "mvvm", "{binding: combine}"),
    ("Profile", "mvvm", "{binding: observation, ui: swiftui}"), ("Cart", "mvp", ""),
    ("Settings", "mvc", ""), ("Search", "viper", "{ui: swiftui}"),
    ("Inbox", "mvvm", "{binding: closures}"), ("Feed", "mvp", "{coordinator: true}"),
  ]

  @Test func aBatchWritesWhatEachModuleWritesAlone() throws {
    func entry(_ module: (name: String, template: String, params: String)) -> String {
      "  - name: \(module.name)\n    template: \(module.template)\n"
        + (module.params.isEmpty ? "" : "    params: \(module.params)\n")
    }
    let batch = try makeTemporaryDirectory()
    try write("modules:\n" + Self.modules.map(entry).joined(), to: batch + "/modules.yml")
    let result = runTool(["gen", "--spec", "modules.yml", "--date", "2026-01-02"], in: batch)
    #expect(result.code == 0, "\(result.err)")
    #expect(
      result.out.split(separator: "\n").map { $0.split(separator: " ")[0] }
        == Self.modules.map { Substring($0.name) })

    let alone = try makeTemporaryDirectory()
    for module in Self.modules {
      try write("modules:\n" + entry(module), to: alone + "/\(module.name).yml")
      let one = runTool(["gen", "--spec", "\(module.name).yml", "--date", "2026-01-02"], in: alone)
      #expect(one.code == 0, "\(one.err)")
    }
    let batchFiles = try files(batch)
    #expect(batchFiles.count > Self.modules.count * 4)
    #expect(batchFiles == (try files(alone)))
  }

  /// A module whose file fails to render (here only for one module name) is reported as it was
  /// when modules were rendered one at a time: at the template's line, before anything is
  /// written, with the other modules' problems in the spec's order.
  @Test func aModuleThatFailsToRenderIsReportedInItsTurn() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["templates", "new", "t"], in: dir).code == 0)
    let manifest = try String(contentsOfFile: dir + "/Templates/t/template.yml", encoding: .utf8)
    let firstTemplate = try #require(
      manifest.split(separator: "\n").first { $0.contains("template: ") }?
        .split(separator: ":").last?.trimmingCharacters(in: .whitespaces))
    let file = dir + "/Templates/t/" + firstTemplate
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try write(
      "{% if module == 'Broken' or module == 'Later' %}{{ nope }}{% endif %}" + text, to: file)
    var spec = "modules:\n"
    for name in ["A", "B", "Broken", "C", "Later", "D"] {
      spec += "  - {name: \(name), template: t}\n"
    }
    try write(spec, to: dir + "/modules.yml")

    let result = runTool(["gen", "--spec", "modules.yml"], in: dir)
    #expect(result.code == 2)
    let errors = result.err.split(separator: "\n").filter { $0.contains("error:") }
    #expect(errors.count == 1, "\(result.err)")
    #expect(errors.first?.hasPrefix("Templates/t/\(firstTemplate):1:") == true, "\(result.err)")
    #expect(errors.first?.contains("undefined variable 'nope'") == true, "\(result.err)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/A"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/.modulegen.lock"))
  }

  @Test func aConcurrentMapKeepsTheOrderOfItsElements() {
    let numbers = Array(0..<2_000)
    // Uneven work, so that threads finish their elements out of order.
    let squares = numbers.concurrentMap { number -> Int in
      if number % 7 == 0 { usleep(20) }
      return number * number
    }
    #expect(squares == numbers.map { $0 * $0 })
    #expect([Int]().concurrentMap { $0 } == [])
    #expect([41].concurrentMap { $0 + 1 } == [42])
  }

  @Test func aConcurrentMapUsesMoreThanOneThreadWhenThereAreCores() {
    let threads = Array(0..<64).concurrentMap { _ -> UInt in
      usleep(2_000)
      return BackgroundWorkTests.currentThread()
    }
    let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    #expect(Set(threads).count > 1 || cores == 1)
    #expect(Set(threads).count <= min(cores, 8))
  }

  @Test func aConcurrentMapKeepsSmallInputsOnTheCallersThread() {
    let caller = BackgroundWorkTests.currentThread()
    // Fewer than `perThread` elements for a second thread.
    let threads = Array(0..<15).concurrentMap(perThread: 8) { _ -> UInt in
      usleep(2_000)
      return BackgroundWorkTests.currentThread()
    }
    #expect(Set(threads) == [caller])
    let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    let more = Array(0..<64).concurrentMap(perThread: 8) { _ -> UInt in
      usleep(2_000)
      return BackgroundWorkTests.currentThread()
    }
    #expect(Set(more).count > 1 || cores == 1)
  }
}
