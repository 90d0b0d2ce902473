import DataFormats
import Diagnostics

/// One key of a mapping that a decoder reads (a config key, a spec key, a manifest key), declared
/// once: its name, what its value is, its line in a reference table and how its value is read
/// into `Target`. The known-key list, "did you mean" for unknown keys and the reference tables
/// in Templates/README.md all derive from the declarations.
struct DataKey<Target>: Sendable {
  var name: String
  /// Other names the key may be written with (`view_model` for `presenter`).
  var aliases: [String]
  /// What the value is, for the reference table: "text", "a mapping", ….
  var type: String
  /// One line for the reference table.
  var doc: String
  /// A value as YAML writes it, for the reference table; the key tests read each example and
  /// check that it changes what is decoded.
  var example: String?
  /// Reads the key's value into the target; `decoding.key` is the name it is written with.
  var decode: @Sendable (DataNode, inout Target, inout KeyDecoding) -> Void
  /// What a mapping without the key means: an error for a required key, a default for others.
  var missing: (@Sendable (inout Target, inout KeyDecoding) -> Void)?

  init(
    name: String, aliases: [String] = [], type: String, doc: String, example: String? = nil,
    missing: (@Sendable (inout Target, inout KeyDecoding) -> Void)? = nil,
    decode: @escaping @Sendable (DataNode, inout Target, inout KeyDecoding) -> Void
  ) {
    self.name = name
    self.aliases = aliases
    self.type = type
    self.doc = doc
    self.example = example
    self.decode = decode
    self.missing = missing
  }

  /// The key and its aliases.
  var names: [String] { [name] + aliases }

  /// Whether the key is written `written`: its name or an alias.
  func isNamed(_ written: String) -> Bool { written == name || aliases.contains(written) }

  /// The same key read into a part of a larger target (the Xcode keys into a config's `xcode`).
  func lifted<Outer>(
    into part: WritableKeyPath<Outer, Target> & Sendable, doc: String? = nil
  ) -> DataKey<Outer> {
    let decode = self.decode
    return DataKey<Outer>(
      name: name, aliases: aliases, type: type, doc: doc ?? self.doc, example: example
    ) { node, outer, decoding in
      decode(node, &outer[keyPath: part], &decoding)
    }
  }
}

/// What a decoder keeps while it reads the keys of a mapping.
struct KeyDecoding {
  var source: String
  var map: SourceMap
  var problems = Problems()
  /// Where the mapping is (`modules[2]`, `files[0]`); "" at the top of a file.
  var path = ""
  /// Where the mapping is written, for a missing key.
  var location: SourceLocation?
  /// The key being read as it is written, and where.
  var key = ""
  var keyLocation: SourceLocation?
  /// Set by a decoder when the rest of an entry cannot be read (a file without `template`).
  var rejected = false

  init(source: String, map: SourceMap? = nil) {
    self.source = source
    self.map = map ?? SourceMap(text: source)
  }

  /// The path of the key being read, for messages: `modules[2].template`, `template`.
  var keyPath: String { path.isEmpty ? key : "\(path).\(key)" }

  /// Reads a mapping inside the one being read (`modules[2]`, `files[0]`), then goes back to
  /// the outer one: only the problems are kept.
  mutating func nested<Result>(
    at path: String, location: SourceLocation, _ read: (inout KeyDecoding) -> Result
  ) -> Result {
    let outer = self
    self.path = path
    self.location = location
    let result = read(&self)
    let problems = self.problems
    self = outer
    self.problems = problems
    return result
  }
}

extension Array {
  /// Every name the keys accept, for "did you mean".
  func knownNames<Target>() -> [String] where Element == DataKey<Target> { flatMap(\.names) }

  /// The declaration `name` is written for, if any.
  func key<Target>(named name: String) -> Element? where Element == DataKey<Target> {
    first { $0.isNamed(name) }
  }

  /// Reads a mapping in the order its keys are written; an unknown key is an error with the
  /// closest known one (or a note, by `unknownKeys`). Keys that are not written get their
  /// `missing` afterwards, in the order they are declared.
  func decode<Target>(
    _ pairs: [DataNode.Pair],
    into target: inout Target, _ decoding: inout KeyDecoding, in what: String,
    unknownKeys: UnknownKeys = .error
  ) where Element == DataKey<Target> {
    // Pairs and declarations are read in place, by index: copying each costs more than
    // reading it.
    decoding.rejected = false
    for p in pairs.indices {
      guard let k = firstIndex(where: { $0.isNamed(pairs[p].key) }) else {
        decoding.problems.unknownKey(
          pairs[p].key, at: pairs[p].keyLocation, known: knownNames(), path: decoding.path,
          in: what, rule: unknownKeys)
        continue
      }
      decoding.key = pairs[p].key
      decoding.keyLocation = pairs[p].keyLocation
      self[k].decode(pairs[p].value, &target, &decoding)
    }
    for k in indices where !pairs.contains(where: { self[k].isNamed($0.key) }) {
      decoding.key = self[k].name
      decoding.keyLocation = nil
      self[k].missing?(&target, &decoding)
    }
  }

  /// Reads an entry of a list (a parameter, a file): reports its unknown keys first, then reads
  /// the keys in the order they are declared, written or `missing`, and stops at the first that
  /// rejects the entry (`decoding.rejected`).
  func decodeEntry<Target>(
    _ pairs: [DataNode.Pair],
    into target: inout Target, _ decoding: inout KeyDecoding, in what: String
  ) where Element == DataKey<Target> {
    // Read in place, by index, as `decode` does.
    for p in pairs.indices where !contains(where: { $0.isNamed(pairs[p].key) }) {
      decoding.problems.unknownKey(
        pairs[p].key, at: pairs[p].keyLocation, known: knownNames(), path: decoding.path,
        in: what)
    }
    decoding.rejected = false
    for k in indices {
      decoding.key = self[k].name
      if let p = pairs.firstIndex(where: { self[k].isNamed($0.key) }) {
        decoding.keyLocation = pairs[p].keyLocation
        self[k].decode(pairs[p].value, &target, &decoding)
      } else {
        decoding.keyLocation = nil
        self[k].missing?(&target, &decoding)
      }
      if decoding.rejected { return }
    }
  }

  /// A reference table for Templates/README.md: one row per key, with its aliases and, unless
  /// `examples` is false, an example.
  func referenceTable<Target>(examples: Bool = true) -> String where Element == DataKey<Target> {
    var out =
      examples
      ? "| key | value | example | meaning |\n| --- | --- | --- | --- |\n"
      : "| key | value | meaning |\n| --- | --- | --- |\n"
    for key in self {
      var name = "`\(key.name)`"
      if !key.aliases.isEmpty {
        name += " (" + key.aliases.map { "`\($0)`" }.joined(separator: ", ") + ")"
      }
      let example = key.example.map { "`\($0.replacingAll("|", with: "\\|"))`" } ?? ""
      out +=
        examples
        ? "| \(name) | \(key.type) | \(example) | \(key.doc) |\n"
        : "| \(name) | \(key.type) | \(key.doc) |\n"
    }
    return out
  }
}

extension Array {
  /// The keys as `modulegen help <topic>` prints them, laid out as a command's options: each
  /// key with its aliases and what its value is, then its meaning.
  func referenceText<Target>() -> String where Element == DataKey<Target> {
    map { key in
      helpRow(key.names.joined(separator: ", ") + " (\(key.type))", key.doc)
    }.joined()
  }
}
