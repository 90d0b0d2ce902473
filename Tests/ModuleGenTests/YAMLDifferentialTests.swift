import DataFormats
import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// Our YAML reader against PyYAML's `safe_load` on a corpus of real-world config files and edge
/// cases: both must give the same data. Keys are compared as written and timestamps as strings
/// (what our reader gives); everything else is PyYAML's own resolution. Documents using what we
/// do not support (`unsupported/`) must be rejected by ours with a location; documents PyYAML
/// refuses (`refused/`) must be refused by both.
@Suite struct YAMLDifferentialTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/yaml")

  static func files(_ folder: String) -> [String] {
    let path = fixtures.appendingPathComponent(folder).path
    return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map {
      path + "/" + $0
    }
  }

  static let harness = #"""
    import json, sys
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    def construct_mapping(loader, node, deep=False):
        result = {}
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                key = key_node.value
            else:
                key = loader.construct_object(key_node, deep=True)
            result[key] = loader.construct_object(value_node, deep=True)
        return result

    Loader.add_constructor("tag:yaml.org,2002:map", construct_mapping)
    Loader.add_constructor("tag:yaml.org,2002:timestamp", lambda loader, node: loader.construct_scalar(node))

    def norm(value):
        if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
            return {"$float": repr(value)}
        if isinstance(value, list):
            return [norm(v) for v in value]
        if isinstance(value, dict):
            return {str(k): norm(v) for k, v in value.items()}
        return value

    out = {}
    for path in sys.argv[1:]:
        try:
            with open(path, encoding="utf-8") as f:
                out[path] = {"ok": norm(yaml.load(f, Loader=Loader))}
        except Exception as e:
            out[path] = {"error": str(e).splitlines()[0] if str(e) else type(e).__name__}
    print(json.dumps(out, ensure_ascii=False))
    """#

  /// PyYAML's answers, by path; nil when python3 with PyYAML is not installed.
  static func pyyaml(_ paths: [String]) throws -> DataNode? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", harness] + paths
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return try JSONReader.read(String(decoding: data, as: UTF8.self), file: "pyyaml")
  }

  /// Same data, ignoring locations; NaN and infinities as PyYAML's harness encodes them.
  static func same(_ ours: DataNode, _ theirs: DataNode) -> Bool {
    switch (ours.value, theirs.value) {
    case (.double(let d), .object(let pairs)) where !d.isFinite:
      guard pairs.count == 1, case .string(let repr) = pairs[0].value.value else { return false }
      return repr == (d.isNaN ? "nan" : d > 0 ? "inf" : "-inf")
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    case (.object(let a), .object(let b)):
      return a.count == b.count
        && zip(a, b).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
    default:
      return ours.value == theirs.value
    }
  }

  @Test func corpusMatchesPyYAML() throws {
    let supported = Self.files("supported")
    let unsupported = Self.files("unsupported")
    let refused = Self.files("refused")
    #expect(supported.count + unsupported.count >= 60)
    #expect(refused.count >= 13)
    guard let answers = try Self.pyyaml(supported + unsupported + refused) else {
      // CI installs PyYAML (.ci/run); there, a missing PyYAML is a failure, not a skip.
      #expect(ProcessInfo.processInfo.environment["CI"] == nil, "python3 with PyYAML is required")
      print("YAML differential test skipped: python3 with PyYAML is not installed")
      return
    }
    var mismatches: [String] = []
    for path in supported {
      let name = URL(fileURLWithPath: path).lastPathComponent
      guard let answer = answers[path], let expected = answer["ok"] else {
        mismatches.append("\(name): PyYAML rejected it: \(answers[path]?["error"]?.value ?? .null)")
        continue
      }
      do {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let ours = try YAMLReader.read(text, file: name)
        if !Self.same(ours, expected) {
          mismatches.append("\(name): ours \(describe(ours)) ≠ PyYAML \(describe(expected))")
        }
      } catch {
        mismatches.append("\(name): ours failed: \(error)")
      }
    }
    for path in unsupported {
      let name = URL(fileURLWithPath: path).lastPathComponent
      let text = try String(contentsOfFile: path, encoding: .utf8)
      do {
        _ = try YAMLReader.read(text, file: name)
        mismatches.append("\(name): accepted, but it uses a feature we do not support")
      } catch {
        if error.location == nil || error.location?.file != name {
          mismatches.append("\(name): rejected without a location: \(error)")
        }
      }
    }
    for path in refused {
      let name = URL(fileURLWithPath: path).lastPathComponent
      if answers[path]?["error"] == nil {
        mismatches.append("\(name): PyYAML accepts it; it belongs in supported/")
      }
      let text = try String(contentsOfFile: path, encoding: .utf8)
      do {
        let ours = try YAMLReader.read(text, file: name)
        mismatches.append("\(name): PyYAML refuses it, ours read \(describe(ours))")
      } catch {
        if error.location?.file != name {
          mismatches.append("\(name): refused without a location: \(error)")
        }
      }
    }
    print(
      "YAML differential: \(supported.count) documents compared with PyYAML, \(unsupported.count) unsupported documents rejected, \(refused.count) documents refused by both"
    )
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
  }

  @Test func comparisonSeesDifferences() throws {
    let a = try YAMLReader.read("a: [1, yes, x]", file: "a")
    #expect(Self.same(a, try JSONReader.read("{\"a\": [1, true, \"x\"]}", file: "b")))
    #expect(!Self.same(a, try JSONReader.read("{\"a\": [1, \"yes\", \"x\"]}", file: "b")))
    #expect(!Self.same(a, try JSONReader.read("{\"a\": [1.0, true, \"x\"]}", file: "b")))
    #expect(!Self.same(a, try JSONReader.read("{\"b\": [1, true, \"x\"]}", file: "b")))
  }

  func describe(_ node: DataNode) -> String { node.liquidValue.jsonText }
}
