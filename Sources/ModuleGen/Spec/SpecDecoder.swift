import DataFormats
import Diagnostics

/// The modules a spec file declares, and notes about changes made to them (a capitalized name).
package struct SpecFile: Sendable {
  package var modules: [ModuleSpec]
  package var notes: [Diagnostic]
}

/// Reads module specs: one module (a mapping with `name`), a list of modules, or a mapping with
/// `modules:`. A syntax error stops reading; every validation problem is collected and reported
/// together.
package enum SpecDecoder {
  package static func decode(_ text: String, file: String) throws(DiagnosticList) -> SpecFile {
    let (modules, problems) = try decodeCollecting(text, file: file)
    try problems.throwIfAny(file: file)
    return SpecFile(modules: modules, notes: problems.notes)
  }

  /// The file's modules, those without a problem of their own (none located between the
  /// module's first line and the next module's), and every problem: for `validate`, which
  /// checks the clean modules as `gen` would in the same run, so that a mistake in one module
  /// hides nothing in another. A syntax error throws.
  static func decodeForValidation(_ text: String, file: String) throws(DiagnosticList) -> (
    file: SpecFile, clean: [ModuleSpec], errors: [Diagnostic]
  ) {
    let (modules, problems) = try decodeCollecting(text, file: file)
    let starts = modules.compactMap { $0.location?.line }.sorted()
    // The first line of the module each problem is in (nil: outside every module).
    let flawed = Set(
      problems.diagnostics.compactMap { problem -> Int? in
        guard let line = problem.location?.line, problem.location?.file == file else {
          return nil
        }
        return starts.last { $0 <= line }
      })
    let clean = modules.filter { module in
      guard let line = module.location?.line else { return problems.diagnostics.isEmpty }
      return !flawed.contains(line)
    }
    return (SpecFile(modules: modules, notes: problems.notes), clean, problems.diagnostics)
  }

  private static func decodeCollecting(_ text: String, file: String) throws(DiagnosticList) -> (
    modules: [ModuleSpec], problems: Problems
  ) {
    let root: DataNode
    do {
      root = try DataFile.parse(text, file: file)
    } catch {
      throw DiagnosticList([SwiftInYAML.explain(error, source: text)], file: file)
    }
    var decoding = KeyDecoding(source: text)
    var modules: [ModuleSpec] = []
    switch root.value {
    case .array(let items):
      for (i, item) in items.enumerated() {
        if let module = decodeModule(item, path: "[\(i)]", &decoding) {
          modules.append(module)
        }
      }
    case .object(let pairs) where pairs.contains(where: { $0.key == "modules" }):
      ModuleSpec.fileKeys.decodeEntry(pairs, into: &modules, &decoding, in: "a file of modules")
    case .object:
      if let module = decodeModule(root, path: "", &decoding) {
        modules.append(module)
      }
    case .null:
      decoding.problems.error(
        "the spec is empty; declare a module with 'name' and 'template'", at: root.location)
    default:
      decoding.problems.error(
        "expected a module (a mapping with 'name') or a list of modules, found \(root.value.kindName)\(root.missingSpaceHint)",
        at: root.location)
    }
    var seen: [String: SourceLocation] = [:]
    for module in modules where !module.name.isEmpty {
      if let first = seen[module.name] {
        decoding.problems.error(
          "module '\(module.name)' is declared twice (first at line \(first.line))",
          at: module.location)
      } else if let location = module.location {
        seen[module.name] = location
      }
    }
    return (modules, decoding.problems)
  }

  // MARK: - Modules

  /// A module at `path` (`modules[2]`), read key by key (`ModuleSpec+Keys.swift`); nil when it
  /// is not a mapping or has no name.
  static func decodeModule(_ node: DataNode, path: String, _ decoding: inout KeyDecoding)
    -> ModuleSpec?
  {
    decodeModuleDraft(node, path: path, &decoding)?.module
  }

  static func decodeModuleDraft(_ node: DataNode, path: String, _ decoding: inout KeyDecoding)
    -> ModuleSpec.Draft?
  {
    guard case .object(let pairs) = node.value else {
      decoding.problems.error(
        "expected a module (a mapping with 'name' and 'template'), found \(node.value.kindName)\(node.missingSpaceHint)",
        at: node.location, path: path)
      return nil
    }
    var draft = ModuleSpec.Draft(
      module: ModuleSpec(name: "", location: node.location),
      convertName: node["convert_name"]?.value == .bool(true))
    let rejected = decoding.nested(at: path, location: node.location) { decoding in
      ModuleSpec.keys.decode(pairs, into: &draft, &decoding, in: "a module")
      return decoding.rejected
    }
    return rejected ? nil : draft
  }

  static func decodeEntities(
    _ node: DataNode, path: String, map: SourceMap, problems: inout Problems
  )
    -> [ModuleSpec.Entity]
  {
    let pairs: [DataNode.Pair]
    switch node.value {
    case .null:
      return []
    case .string(let text):
      // Swift declarations, usually a block (`entities: |`).
      do {
        return try SignatureParser.parseEntities(text)
      } catch {
        let (line, column) = lineAndColumn(of: error.offset, in: text)
        problems.error(
          error.message, at: map.locate(node, line: line, column: column), path: path)
        return []
      }
    case .object(let entityPairs):
      pairs = entityPairs
    default:
      problems.error(
        "'entities' must map entity names to their fields, e.g. HomeItem: {id: UUID, title: String}, or be Swift declarations ('entities: |' then 'struct HomeItem { … }')",
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
      // An entity with nothing under it has no fields, as `struct Item {}`.
      if case .null = pair.value.value {
        entities.append(ModuleSpec.Entity(name: pair.key))
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
          let written = SwiftInYAML.written(field.value, inFlow: SwiftInYAML.isFlow(pair.value))
          if let (value, trap) = written {
            problems.error(
              SwiftInYAML.message(
                value: value, trap: trap, quoted: "\(field.key): \(SwiftInYAML.quote(value))",
                place: .entities(entity: pair.key)),
              at: field.value.location.movedRight(by: trap.offset), path: fieldPath)
          } else {
            problems.error(
              "the type of '\(field.key)' must be a string such as 'String' or '[Item]'",
              at: field.value.location, path: fieldPath)
          }
          continue
        }
        do {
          fields.append(.mapped(name: field.key, type: try SignatureParser.parseType(typeText)))
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

  /// The line (from 0) and the column (a character offset in that line) of a character
  /// offset in `text`.
  static func lineAndColumn(of offset: Int, in text: String) -> (line: Int, column: Int) {
    var line = 0
    var column = 0
    for character in text.prefix(offset) {
      if character.isNewline {
        line += 1
        column = 0
      } else {
        column += 1
      }
    }
    return (line, column)
  }

  // MARK: - Methods

  static let foldedLineHint =
    "; YAML reads this line as more of the value above it, as it is indented deeper: indent it as the item above to make it one of its own"
  static let foldedBlockHint =
    "; YAML folds the lines of a quoted value or a '>' block into one: write the declarations as a '|' block, one a line"

  /// `key` is the role's key as the spec writes it (`view_model`, `presenter`), for hints.
  static func decodeMethods(
    _ node: DataNode, path: String, key: String, map: SourceMap, problems: inout Problems
  )
    -> [(signature: MethodSignature, location: SourceLocation)]
  {
    var methods: [(MethodSignature, SourceLocation)] = []
    func parse(_ text: String, in node: DataNode, line: Int, column: Int, path: String) {
      do {
        methods.append(
          (try SignatureParser.parseMethod(text), map.locate(node, line: line, column: column)))
      } catch {
        let location = map.locate(node, line: line, column: column + error.offset)
        // On a later line of a plain value: a line indented deeper than its item, folded in;
        // of a quoted value or a '>' block: declarations folded into one line.
        let hint: String
        switch node.style {
        case .plain where location.line > node.location.line: hint = Self.foldedLineHint
        case .quoted where location.line > node.location.line: hint = Self.foldedBlockHint
        case .folded where location.line > node.location.line + 1: hint = Self.foldedBlockHint
        default: hint = ""
        }
        problems.error(error.message + hint, at: location, path: path)
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
      // Swift that YAML split or read as a mapping: one error for each value as written, none
      // for the pieces YAML made of it.
      let misread = SwiftInYAML.isFlow(node) ? SwiftInYAML.misreadItems(of: node) : []
      for (i, item) in items.enumerated() {
        let itemPath = "\(path)[\(i)]"
        if let value = misread.first(where: { $0.covers(item) }) {
          if value.first == i {
            problems.error(
              SwiftInYAML.message(
                value: value.text, trap: value.trap, quoted: SwiftInYAML.quote(value.text),
                place: .methods(key: key)),
              at: value.location, path: itemPath)
          }
          continue
        }
        switch item.value {
        case .string(let text):
          parse(text, in: item, line: 0, column: 0, path: itemPath)
        case .object(let pairs) where pairs.count == 1:
          // `- didSelectItem(at index: Int)` is a mapping because of ': '.
          if let (value, trap) = SwiftInYAML.written(item, inFlow: SwiftInYAML.isFlow(node)) {
            problems.error(
              SwiftInYAML.message(
                value: value, trap: trap,
                quoted: (SwiftInYAML.isFlow(node) ? "" : "- ") + SwiftInYAML.quote(value),
                place: .methods(key: key)),
              at: item.location.movedRight(by: trap.offset), path: itemPath)
          } else {
            problems.error(
              "expected a Swift method signature as a string, found \(item.value.kindName)",
              at: item.location, path: itemPath)
          }
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
    let unique = uniqueIdentifiers(methods, path: path, problems: &problems)
    return Array(zip(unique, methods.map(\.1)))
  }

  /// Gives overloads distinct identifiers (`loadIdInt`, `loadIdString`; numbered from 2 when
  /// their types make the same words, as `[Int]` and `Int` do) and refuses a method declared
  /// twice: with the same selector and parameter types however they are written
  /// (`MethodSignature.overloadKey`).
  static func uniqueIdentifiers(
    _ methods: [(MethodSignature, SourceLocation)], path: String, problems: inout Problems
  )
    -> [MethodSignature]
  {
    var result = methods.map(\.0)
    var counts: [String: Int] = [:]
    for method in result { counts[method.identifier, default: 0] += 1 }
    var taken = Set(result.map(\.identifier).filter { counts[$0] == 1 })
    var firstByKey: [String: Int] = [:]
    for i in result.indices where counts[result[i].identifier, default: 0] > 1 {
      let key = result[i].overloadKey
      if let first = firstByKey[key] {
        problems.error(
          "'\(result[i].selector)' is declared twice (first at line \(methods[first].1.line))",
          at: methods[i].1, path: path)
        continue
      }
      firstByKey[key] = i
      var identifier =
        result[i].identifier + result[i].parameters.map { typeWords($0.storageType) }.joined()
      if taken.contains(identifier) {
        var number = 2
        while taken.contains(identifier + String(number)) { number += 1 }
        identifier += String(number)
      }
      taken.insert(identifier)
      result[i].identifier = identifier
    }
    return result
  }

  static func typeWords(_ type: String) -> String {
    CaseConversion.pascalCase(type.map { $0.isLetter || $0.isNumber ? String($0) : " " }.joined())
      + (type.hasSuffix("?") ? "Optional" : "")
  }
}
