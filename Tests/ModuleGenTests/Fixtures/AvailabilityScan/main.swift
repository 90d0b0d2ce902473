// availability-scan GRAPH DEPLOYMENT DUMP...: the uses of Apple declarations above a macOS
// deployment target. AvailabilityTests compiles and runs it in a process of its own, so that
// the symbol graph (90 MB of JSON) and the AST dumps never fill the test process (whose peak
// memory its children inherit on Linux, and the memory tests measure).
//
// GRAPH: the symbol graph of the toolchain's Swift, _Concurrency, _StringProcessing,
// Synchronization, Foundation(Essentials) and Testing. DEPLOYMENT: "14.0". DUMP: what
// `swiftc -dump-ast -dump-ast-format json` wrote for one module. Prints
// `file:line:col: Name needs macOS X` once per place, then `resolved N`: how many references
// were found in the graph (the scan works when that is large).
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3, let deployment = Version(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: availability-scan GRAPH DEPLOYMENT DUMP...\n".utf8))
  exit(64)
}
let table = try AppleAvailability(graph: arguments[1])
var resolved = 0
for dump in arguments.dropFirst(3) {
  let references = try references(inDump: dump)
  resolved += references.filter { table.entries[$0.usr] != nil }.count
  for problem in table.problems(in: references, deploymentTarget: deployment) { print(problem) }
}
print("resolved \(resolved)")

struct AppleAvailability {
  struct Entry {
    var name: String
    var introduced: Version?
    var unavailable: Bool
  }
  var entries: [String: Entry] = [:]

  private struct Graph: Decodable {
    struct Symbol: Decodable {
      struct Identifier: Decodable { var precise: String }
      struct Availability: Decodable {
        var domain: String?
        var introduced: Version?
        var isUnconditionallyUnavailable: Bool?
      }
      var identifier: Identifier
      var pathComponents: [String]
      var availability: [Availability]?
    }
    struct Relationship: Decodable { var kind: String, source: String, target: String }
    var symbols: [Symbol]
    var relationships: [Relationship]
  }

  init(graph path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let graph = try JSONDecoder().decode(Graph.self, from: data)
    var parents: [String: String] = [:]
    var defaultImplementations: [String: [String]] = [:]
    for relationship in graph.relationships {
      switch relationship.kind {
      case "memberOf": parents[relationship.source] = relationship.target
      case "defaultImplementationOf":
        defaultImplementations[relationship.target, default: []].append(relationship.source)
      default: break
      }
    }
    var own: [String: Entry] = [:]
    // Members a type gets from a protocol extension are listed again under the type, with the
    // type's availability; a use references the extension's declaration, listed on its own.
    for symbol in graph.symbols where !symbol.identifier.precise.contains("::SYNTHESIZED::") {
      let macOS = (symbol.availability ?? []).filter { $0.domain == "macOS" }
      own[symbol.identifier.precise] = Entry(
        name: symbol.pathComponents.joined(separator: "."),
        introduced: macOS.compactMap(\.introduced).max(),
        unavailable: macOS.contains { $0.isUnconditionallyUnavailable == true })
    }
    // A member is no older than the type (or extension) it belongs to.
    for (usr, entry) in own {
      var effective = entry
      var parent = parents[usr]
      while let next = parent, let outer = own[next] {
        effective.introduced = [effective.introduced, outer.introduced].compactMap { $0 }.max()
        effective.unavailable = effective.unavailable || outer.unavailable
        parent = parents[next]
      }
      entries[usr] = effective
    }
    // A requirement added to a protocol later (FixedWidthInteger's `&*`, macOS 15) resolves to
    // its older default implementation where the requirement is not there yet; the AST names the
    // requirement either way.
    for (requirement, implementations) in defaultImplementations {
      guard var entry = entries[requirement], entry.introduced != nil else { continue }
      for implementation in implementations {
        guard let older = entries[implementation], !older.unavailable else { continue }
        entry.introduced = older.introduced.map { min($0, entry.introduced!) }
        if entry.introduced == nil { break }
      }
      entries[requirement] = entry
    }
  }

  /// `file:line:col: name needs macOS X` for each reference above `deploymentTarget`, once per
  /// place, in file order.
  func problems(in references: [Reference], deploymentTarget: Version) -> [String] {
    var seen = Set<String>()
    return references.compactMap { reference in
      guard let entry = entries[reference.usr] else { return nil }
      let problem: String
      if entry.unavailable {
        problem = "\(reference.place): \(entry.name) is unavailable on macOS"
      } else if let introduced = entry.introduced, introduced > deploymentTarget {
        problem = "\(reference.place): \(entry.name) needs macOS \(introduced)"
      } else {
        return nil
      }
      return seen.insert(problem).inserted ? problem : nil
    }
  }
}

/// A declaration a module references, and where.
struct Reference {
  var usr: String
  var place: String
}

/// Every declaration a module references, by USR, at the place of the expression or
/// declaration that references it: the JSON AST dump (one object per source file) scanned for
/// `decl_usr` and `protocol` fields, each placed at the last `range` before it (the
/// referencing node's, which the JSON writes before its children).
func references(inDump path: String) throws -> [Reference] {
  let dump = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  var references: [Reference] = []
  var lines = LineTable(path: "")
  var offset = 0
  dump.withUnsafeBufferPointer { bytes in
    var i = 0
    /// Whether the key begins at `i`; if so, `i` moves past it.
    func skip(_ key: StaticString) -> Bool {
      let count = key.utf8CodeUnitCount
      guard i + count <= bytes.count, memcmp(bytes.baseAddress! + i, key.utf8Start, count) == 0
      else { return false }
      i += count
      return true
    }
    func string() -> String {
      let start = i
      while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += 1 }
      return String(decoding: bytes[start..<i], as: UTF8.self)
    }
    while i < bytes.count {
      guard bytes[i] == UInt8(ascii: "\"") else {
        i += 1
        continue
      }
      if skip(#""filename":""#) {
        lines = LineTable(path: string())
      } else if skip(#""range":{"start":"#) {
        offset = 0
        while i < bytes.count, (48...57).contains(bytes[i]) {
          offset = offset * 10 + Int(bytes[i] - 48)
          i += 1
        }
      } else if skip(#""decl_usr":""#) || skip(#""protocol":""#) {
        references.append(Reference(usr: string(), place: lines.place(offset)))
      } else {
        i += 1
      }
    }
  }
  return references
}

/// `path:line:col` of byte offsets into a file.
struct LineTable {
  var path: String
  var lineStarts: [Int] = [0]

  init(path: String) {
    self.path = path
    guard let bytes = FileManager.default.contents(atPath: path) else { return }
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      lineStarts.append(index + 1)
    }
  }

  func place(_ offset: Int) -> String {
    let line = (lineStarts.lastIndex { $0 <= offset } ?? 0)
    return "\(path):\(line + 1):\(offset - lineStarts[line] + 1)"
  }
}

struct Version: Comparable, Decodable, CustomStringConvertible {
  var major: Int
  var minor: Int?
  var patch: Int?

  /// "14.0"
  init?(_ text: String) {
    let parts = text.split(separator: ".").map { Int($0) }
    guard let major = parts.first ?? nil, parts.allSatisfy({ $0 != nil }) else { return nil }
    self.major = major
    minor = parts.count > 1 ? parts[1] : 0
    patch = parts.count > 2 ? parts[2] : nil
  }
  var parts: [Int] { [major, minor ?? 0, patch ?? 0] }
  var description: String { "\(major).\(minor ?? 0)" + (patch.map { ".\($0)" } ?? "") }
  static func < (a: Version, b: Version) -> Bool { a.parts.lexicographicallyPrecedes(b.parts) }
  static func == (a: Version, b: Version) -> Bool { a.parts == b.parts }
}
