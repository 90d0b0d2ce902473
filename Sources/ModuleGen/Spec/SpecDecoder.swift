import Liquid

/// The modules a spec file declares, and notes about changes made to them (a capitalized name).
package struct SpecFile: Sendable {
  package var modules: [ModuleSpec]
  package var notes: [Diagnostic]
}

/// Reads module specs: one module (a mapping with `name`), a list of modules, or a mapping with
/// `modules:`. A syntax error stops reading; every validation problem is collected and reported
/// together.
package enum SpecDecoder {
  static let moduleKeys =
    [
      "name", "template", "params", "description", "output", "tests_output", "entities",
      "imports", "convert_name",
    ] + ProjectConfig.moduleXcodeKeys + Role.allCases.map(\.rawValue) + Role.aliases.keys.sorted()

  package static func decode(_ text: String, file: String) throws(DiagnosticList) -> SpecFile {
    let root: DataNode
    do {
      root = try DataFile.parse(text, file: file)
    } catch {
      throw DiagnosticList([explainSignatureTrap(error)], file: file)
    }
    var problems = Problems()
    let map = SourceMap(text: text)
    var modules: [ModuleSpec] = []
    switch root.value {
    case .array(let items):
      for (i, item) in items.enumerated() {
        if let module = decodeModule(item, path: "[\(i)]", map: map, problems: &problems) {
          modules.append(module)
        }
      }
    case .object(let pairs) where pairs.contains(where: { $0.key == "modules" }):
      for pair in pairs where pair.key != "modules" {
        problems.unknownKey(
          pair.key, at: pair.keyLocation, known: ["modules"], path: "", in: "a file of modules")
      }
      guard case .array(let items) = root["modules"]!.value else {
        problems.error("'modules' must be a list of modules", at: root["modules"]!.location)
        try problems.throwIfAny(file: file)
        return SpecFile(modules: [], notes: [])
      }
      for (i, item) in items.enumerated() {
        if let module = decodeModule(item, path: "modules[\(i)]", map: map, problems: &problems) {
          modules.append(module)
        }
      }
    case .object:
      if let module = decodeModule(root, path: "", map: map, problems: &problems) {
        modules.append(module)
      }
    case .null:
      problems.error(
        "the spec is empty; declare a module with 'name' and 'template'", at: root.location)
    default:
      problems.error(
        "expected a module (a mapping with 'name') or a list of modules, found \(root.value.kindName)",
        at: root.location)
    }
    var seen: [String: SourceLocation] = [:]
    for module in modules where !module.name.isEmpty {
      if let first = seen[module.name] {
        problems.error(
          "module '\(module.name)' is declared twice (first at line \(first.line))",
          at: module.location)
      } else if let location = module.location {
        seen[module.name] = location
      }
    }
    try problems.throwIfAny(file: file)
    return SpecFile(modules: modules, notes: problems.notes)
  }

  // MARK: - Modules

  static func decodeModule(_ node: DataNode, path: String, map: SourceMap, problems: inout Problems)
    -> ModuleSpec?
  {
    guard case .object(let pairs) = node.value else {
      problems.error(
        "expected a module (a mapping with 'name' and 'template'), found \(node.value.kindName)",
        at: node.location, path: path)
      return nil
    }
    let convert = node["convert_name"]?.value == .bool(true)
    var module = ModuleSpec(name: "", location: node.location)
    var hasName = false
    var seenRoles: [Role: String] = [:]
    for pair in pairs {
      let keyPath = path.isEmpty ? pair.key : "\(path).\(pair.key)"
      let value = pair.value
      if let role = Role(rawValue: pair.key) ?? Role.aliases[pair.key] {
        if let other = seenRoles[role] {
          problems.error(
            "'\(pair.key)' and '\(other)' both declare the \(role.rawValue) role; use one",
            at: pair.keyLocation, path: keyPath)
          continue
        }
        seenRoles[role] = pair.key
        module.roles[role] = decodeMethods(
          value, path: keyPath, key: pair.key, map: map, problems: &problems)
        continue
      }
      switch pair.key {
      case "name":
        hasName = true
        guard case .string(let raw) = value.value else {
          problems.error(
            "'name' must be a string, found \(value.value.kindName)\(value.quoteHint)",
            at: value.location, path: keyPath)
          continue
        }
        switch ModuleName.normalize(raw, convert: convert) {
        case .valid(let name): module.name = name
        case .changed(let name, let note):
          module.name = name
          problems.note(note, at: value.location)
        case .invalid(let message): problems.error(message, at: value.location, path: keyPath)
        }
      case "template", "description", "output", "tests_output":
        guard case .string(let text) = value.value else {
          problems.error(
            "'\(pair.key)' must be a string, found \(value.value.kindName)\(value.quoteHint)",
            at: value.location, path: keyPath)
          continue
        }
        guard !text.isEmpty else {
          problems.error(
            "'\(pair.key)' is empty; give it a value or leave the key out", at: value.location,
            path: keyPath)
          continue
        }
        let start = map.locate(value, line: 0, column: 0)
        switch pair.key {
        case "template":
          module.template = text
          module.templateLocation = start
        case "description": module.description = text
        case "output":
          module.output = text
          module.outputLocation = start
        default:
          module.testsOutput = text
          module.testsOutputLocation = start
        }
      case "params":
        module.params = value.params(path: keyPath, problems: &problems)
      case "entities":
        module.entities = decodeEntities(value, path: keyPath, map: map, problems: &problems)
      case "imports":
        module.imports = decodeImports(value, path: keyPath, problems: &problems)
      case "convert_name":
        if case .bool = value.value { continue }
        problems.error("'convert_name' must be true or false", at: value.location, path: keyPath)
      case let key where ProjectConfig.moduleXcodeKeys.contains(key):
        ProjectConfig.decodeXcodeKey(key, value, into: &module.xcode, map: map, problems: &problems)
      default:
        problems.unknownKey(
          pair.key, at: pair.keyLocation, known: moduleKeys, path: path, in: "a module")
      }
    }
    if !hasName {
      problems.error("the module has no 'name'", at: node.location, path: path)
      return nil
    }
    return module
  }

  /// `imports: [MapKit, CoreLocation]` (or one name): modules for the generated files to import.
  static func decodeImports(_ node: DataNode, path: String, problems: inout Problems) -> [String] {
    let items: [DataNode]
    switch node.value {
    case .string: items = [node]
    case .array(let list): items = list
    default:
      problems.error(
        "'imports' must be a module name or a list of module names, e.g. [MapKit, CoreLocation]",
        at: node.location, path: path)
      return []
    }
    var modules: [String] = []
    for (i, item) in items.enumerated() {
      guard case .string(let name) = item.value, SwiftName.isIdentifier(name) else {
        problems.error(
          "expected a module name such as 'MapKit', found \(item.value.kindName)\(item.quoteHint)",
          at: item.location, path: "\(path)[\(i)]")
        continue
      }
      if !modules.contains(name) { modules.append(name) }
    }
    return modules
  }

  static func decodeEntities(
    _ node: DataNode, path: String, map: SourceMap, problems: inout Problems
  )
    -> [ModuleSpec.Entity]
  {
    guard case .object(let pairs) = node.value else {
      problems.error(
        "'entities' must map entity names to their fields, e.g. HomeItem: {id: UUID, title: String}",
        at: node.location, path: path)
      return []
    }
    var entities: [ModuleSpec.Entity] = []
    for pair in pairs {
      let entityPath = "\(path).\(pair.key)"
      guard SwiftName.isTypeName(pair.key) else {
        problems.error(
          "entity name '\(pair.key)' is not a Swift type name", at: pair.keyLocation,
          path: entityPath)
        continue
      }
      guard case .object(let fieldPairs) = pair.value.value else {
        problems.error(
          "entity '\(pair.key)' must map field names to types, e.g. {id: UUID, title: String}",
          at: pair.value.location, path: entityPath)
        continue
      }
      var fields: [ModuleSpec.Entity.Field] = []
      for field in fieldPairs {
        let fieldPath = "\(entityPath).\(field.key)"
        guard SwiftName.isIdentifier(field.key) else {
          problems.error(
            "field name '\(field.key)' is not a Swift identifier", at: field.keyLocation,
            path: fieldPath)
          continue
        }
        guard case .string(let typeText) = field.value.value else {
          problems.error(
            "the type of '\(field.key)' must be a string such as 'String' or '[Item]'",
            at: field.value.location, path: fieldPath)
          continue
        }
        do {
          fields.append(.init(name: field.key, type: try SignatureParser.parseType(typeText)))
        } catch {
          problems.error(
            error.message, at: map.locate(field.value, line: 0, column: error.offset),
            path: fieldPath)
        }
      }
      entities.append(ModuleSpec.Entity(name: pair.key, fields: fields))
    }
    return entities
  }

  // MARK: - Methods

  /// `key` is the role's key as the spec writes it (`view_model`, `presenter`), for hints.
  static func decodeMethods(
    _ node: DataNode, path: String, key: String, map: SourceMap, problems: inout Problems
  )
    -> [MethodSignature]
  {
    var methods: [(MethodSignature, SourceLocation)] = []
    func parse(_ text: String, in node: DataNode, line: Int, column: Int, path: String) {
      do {
        methods.append(
          (try SignatureParser.parseMethod(text), map.locate(node, line: line, column: column)))
      } catch {
        problems.error(
          error.message, at: map.locate(node, line: line, column: column + error.offset), path: path
        )
      }
    }
    switch node.value {
    case .null:
      break
    case .string(let text):
      // A block of declarations, one per line.
      for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let indent = line.prefix { $0 == " " || $0 == "\t" }.count
        var content = line.dropFirst(indent)
        while content.last == " " || content.last == "\t" || content.last == "\r" {
          content.removeLast()
        }
        if content.isEmpty || content.hasPrefix("//") { continue }
        parse(String(content), in: node, line: i, column: indent, path: path)
      }
    case .array(let items):
      for (i, item) in items.enumerated() {
        let itemPath = "\(path)[\(i)]"
        switch item.value {
        case .string(let text):
          parse(text, in: item, line: 0, column: 0, path: itemPath)
        case .object(let pairs) where pairs.count == 1:
          // The YAML trap: `- didSelectItem(at index: Int)` is a mapping because of ': '.
          let written = String(item.location.lineText.dropFirst(item.location.column - 1))
          problems.error(
            "'\(written)' was read by YAML as a mapping because of ': '; quote the signature "
              + "(- \"\(written)\") or write the role's methods as a block ('\(key): |' followed by one declaration per line)",
            at: item.location, path: itemPath)
        default:
          problems.error(
            "expected a Swift method signature as a string, found \(item.value.kindName)",
            at: item.location, path: itemPath)
        }
      }
    default:
      problems.error(
        "'\(path.split(separator: ".").last ?? "")' must be a list of Swift signatures or a block of declarations ('|'), found \(node.value.kindName)",
        at: node.location, path: path)
    }
    return uniqueIdentifiers(methods, path: path, problems: &problems)
  }

  /// Gives overloads distinct identifiers (`loadIdInt`, `loadIdString`) and refuses a method
  /// declared twice.
  static func uniqueIdentifiers(
    _ methods: [(MethodSignature, SourceLocation)], path: String, problems: inout Problems
  )
    -> [MethodSignature]
  {
    var result = methods.map(\.0)
    let groups = Dictionary(grouping: result.indices, by: { result[$0].identifier })
    for (_, indices) in groups where indices.count > 1 {
      for i in indices {
        result[i].identifier += result[i].parameters.map { typeWords($0.storageType) }.joined()
      }
    }
    var seen: [String: Int] = [:]
    for (i, method) in result.enumerated() {
      if let first = seen[method.identifier] {
        problems.error(
          "'\(method.selector)' is declared twice (first at line \(methods[first].1.line))",
          at: methods[i].1, path: path)
      } else {
        seen[method.identifier] = i
      }
    }
    return result
  }

  static func typeWords(_ type: String) -> String {
    CaseConversion.pascalCase(type.map { $0.isLetter || $0.isNumber ? String($0) : " " }.joined())
      + (type.hasSuffix("?") ? "Optional" : "")
  }

  /// Adds a hint to a YAML syntax error on a line that holds a Swift signature.
  static func explainSignatureTrap(_ diagnostic: Diagnostic) -> Diagnostic {
    guard let line = diagnostic.location?.lineText else { return diagnostic }
    let trimmed = line.drop { $0 == " " || $0 == "-" || $0 == "\t" }
    guard let paren = trimmed.firstIndex(of: "("),
      trimmed[..<paren].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
      !trimmed[..<paren].isEmpty, trimmed.contains(":")
    else { return diagnostic }
    var explained = diagnostic
    explained.notes.append(
      "note: this looks like a Swift signature; YAML reads the ': ' in it as a mapping. Quote it "
        + "(- \"\(trimmed)\") or write the methods as a block ('role: |' then one declaration per line)"
    )
    return explained
  }
}
