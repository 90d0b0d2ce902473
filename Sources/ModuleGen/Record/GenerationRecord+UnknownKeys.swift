import Diagnostics
import Liquid

extension GenerationRecord {
  /// The keys of a record that its reader does not know, gathered over the whole record: a key
  /// close to a known one is a typo, an error at its line with the suggestion; the others are
  /// one error, since a record that has them was written by a newer modulegen (or edited by
  /// hand), and one error per module would hide that.
  struct UnknownKeys {
    /// Each key not close to a known one, where it is, and the module whose entry has it.
    private var found: [(key: String, location: SourceLocation, module: String?)] = []

    /// A key `what` (the record, a module, a registration) does not have.
    mutating func add(
      _ key: String, at location: SourceLocation, known: [String], module: String?,
      path: String, in what: String, _ problems: inout Problems
    ) {
      if didYouMean(key, in: known).isEmpty {
        found.append((key, location, module))
      } else {
        problems.unknownKey(key, at: location, known: known, path: path, in: what)
      }
    }

    /// The one error for the keys `add` found, at the first of them.
    func report(into problems: inout Problems) {
      guard
        let first = found.min(by: {
          ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
        })
      else { return }
      var keys: [String] = []
      var modules: [String: [String]] = [:]
      for item in found {
        if !keys.contains(item.key) { keys.append(item.key) }
        if let module = item.module, modules[item.key]?.contains(module) != true {
          modules[item.key, default: []].append(module)
        }
      }
      let listed = keys.map { key in
        let names = modules[key] ?? []
        switch names.count {
        case 0: return "'\(key)'"
        case 1...3: return "'\(key)' (\(names.joined(separator: ", ")))"
        default: return "'\(key)' (\(names.count) modules)"
        }
      }
      problems.error(GenerationRecord.unknownKeysMessage(listed), at: first.location)
    }
  }

  /// A record with keys this modulegen does not know (`keys`: each quoted, with the modules
  /// that have it).
  static func unknownKeysMessage(_ keys: [String]) -> String {
    "the generation record has \(keys.count == 1 ? "a key" : "keys") this modulegen does not know: \(keys.joined(separator: ", ")); a newer modulegen wrote it, or it was edited by hand: use the modulegen that wrote it (the newer version your team uses), or remove \(keys.count == 1 ? "the key" : "the keys") if \(keys.count == 1 ? "it was" : "they were") added by hand"
  }
}
