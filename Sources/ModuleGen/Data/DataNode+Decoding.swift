import DataFormats

/// Decoding helpers every reader of a spec, a config, a manifest or a record shares.
extension DataNode {
  /// A `params:` mapping: template parameters by name, each a string, a boolean or an integer.
  func params(path: String, problems: inout Problems) -> [ModuleSpec.Param] {
    guard case .object(let pairs) = value else {
      problems.error(
        "'params' must be a mapping of parameter names to values\(missingSpaceHint)", at: location,
        path: path)
      return []
    }
    var params: [ModuleSpec.Param] = []
    for pair in pairs {
      let value: ModuleSpec.ParamValue
      switch pair.value.value {
      case .string(let s): value = .string(s)
      case .bool(let b): value = .bool(b)
      case .int(let i): value = .int(i)
      default:
        problems.error(
          "parameter '\(pair.key)' must be a string, a boolean or an integer",
          at: pair.value.location, path: "\(path).\(pair.key)")
        continue
      }
      params.append(
        ModuleSpec.Param(
          name: pair.key, value: value, location: pair.value.location,
          nameLocation: pair.keyLocation))
    }
    return params
  }
}

extension DataNode {
  /// A value written as one string or a list of them (`targets: App`, `imports: [MapKit]`): the
  /// strings `isValid` accepts, each with its node. Anything else is reported: `notOneOrList`
  /// for the whole value, `notAnItem` for an item (at `path[i]`).
  func oneOrList(
    path: String, problems: inout Problems, notOneOrList: String,
    isValid: (String) -> Bool, notAnItem: (DataNode) -> String
  ) -> [(text: String, node: DataNode)] {
    let items: [DataNode]
    switch value {
    case .string: items = [self]
    case .array(let list): items = list
    default:
      problems.error(notOneOrList, at: location, path: path)
      return []
    }
    var strings: [(text: String, node: DataNode)] = []
    for (i, item) in items.enumerated() {
      guard case .string(let text) = item.value, isValid(text) else {
        problems.error(notAnItem(item), at: item.location, path: "\(path)[\(i)]")
        continue
      }
      strings.append((text, item))
    }
    return strings
  }
}

extension DataNode.Value {
  /// "a string", "a list", … for messages.
  var kindName: String {
    switch self {
    case .null: return "nothing"
    case .bool: return "a boolean"
    case .int: return "an integer"
    case .double: return "a number"
    case .string: return "a string"
    case .array: return "a list"
    case .object: return "a mapping"
    }
  }

  /// Why a plain word was read as something else: " (YAML reads it as a boolean; quote it)".
  var quoteHint: String {
    switch self {
    case .bool, .int, .double, .null: return " (YAML reads it as \(kindName); quote it)"
    default: return ""
    }
  }
}

extension DataNode {
  /// Why a plain value stands where a mapping belongs, when it starts as a key and its value
  /// without the space YAML needs after ':' (`project:P`, which YAML reads as one word): "; YAML
  /// reads 'project:P' as text, a key needing a space after its ':' (project: P)". Empty
  /// otherwise.
  var missingSpaceHint: String {
    guard style == .plain, case .string(let text) = value,
      let word = text.split(separator: " ").first, let colon = word.firstIndex(of: ":"),
      colon != word.startIndex, word.index(after: colon) != word.endIndex,
      !":/".contains(word[word.index(after: colon)])
    else { return "" }
    let key = word[..<colon]
    let rest = word[word.index(after: colon)...]
    return "; YAML reads '\(word)' as text, a key needing a space after its ':' (\(key): \(rest))"
  }
}
