import Diagnostics
import Liquid

/// Reads the spec of an existing module from its folder: finds the template (and the
/// parameters) whose files the folder has, then reads the methods of the protocols the
/// template makes for each role and the `struct` and `enum` declarations of its entities'
/// file with the signature parser a spec is read with.
package struct ModuleReader {
  var library: TemplateLibrary
  var config: ProjectConfig?
  var fileSystem: any FileSystem
  var currentDirectory: String

  /// What was read: the spec, the shape it was read by, notes on what was left out, and the
  /// declarations that could not be read (the spec is not written then).
  struct Result {
    var module: ModuleSpec
    var shape: TemplateShape
    var notes: [Diagnostic]
    var errors: [Diagnostic]
  }

  /// Reads the module `name` in `folder` (absolute; `displayFolder` as messages show it),
  /// with `template` when given (else the best fit of every template), parameters in `fixed`
  /// set as given.
  func read(
    name: String, folder: String, displayFolder: String, template: String?,
    fixed: [(name: String, value: ModuleSpec.ParamValue)]
  ) throws -> Result {
    guard fileSystem.isDirectory(atPath: folder) else {
      throw Diagnostic(message: Self.noSuchFolderMessage(displayFolder))
    }
    let shape = try bestShape(
      name: name, folder: folder, displayFolder: displayFolder, template: template, fixed: fixed)
    for param in fixed where !shape.parameterNames.contains(param.name) {
      throw Diagnostic(
        message: Self.unknownParameterMessage(
          param.name, template: shape.template, known: shape.parameterNames))
    }
    var module = ModuleSpec(name: name, template: shape.template)
    module.params = shape.params.compactMap { param in
      let manifestDefault = shape.defaults[param.name]
      let configured = config?.params.first { $0.name == param.name }?.value
      let given = fixed.contains { $0.name == param.name }
      return given || param.value != (configured ?? manifestDefault)
        ? ModuleSpec.Param(name: param.name, value: param.value) : nil
    }
    var notes: [Diagnostic] = []
    var sources: [String: SwiftDeclarations] = [:]
    let found = try extract(shape) { file in
      if let cached = sources[file] { return cached }
      let path = joinPath(folder, file)
      guard fileSystem.fileExists(atPath: path) else { return nil }
      let display = joinPath(displayFolder, file)
      let text = try fileSystem.readText(atPath: path, displayPath: display)
      let read = SwiftDeclarations(path: display, text: text)
      sources[file] = read
      return read
    }
    module.imports = found.module.imports
    // What a spec without methods and entities generates (the typical screen) is read as such
    // a spec.
    var generator = Generator(library: library, config: config, fileSystem: fileSystem)
    var typicalSpec = ModuleSpec(name: name, template: shape.template)
    typicalSpec.params = shape.params.map { ModuleSpec.Param(name: $0.name, value: $0.value) }
    let typicalFiles = try TemplateShape.renderedFiles(
      typicalSpec, folder: folder, generator: &generator, currentDirectory: currentDirectory)
    let typical = try extract(shape) { file in
      typicalFiles.first { $0.path == file }.map { SwiftDeclarations(path: $0.path, text: $0.text) }
    }
    if found.module.roles != typical.module.roles
      || found.module.entities != typical.module.entities
    {
      module.roles = found.module.roles
      module.entities = found.module.entities
      // The roles the template uses (its files change with their methods) but not in a way
      // that can be read back.
      var probe = TemplateShape.probe(named: name, template: shape.template)
      probe.params = typicalSpec.params
      let probed = try TemplateShape.renderedFiles(
        probe, folder: folder, generator: &generator, currentDirectory: currentDirectory)
      let unmapped = try Role.allCases.filter { role in
        guard shape.protocols[role] == nil && shape.sections[role] == nil else { return false }
        var without = probe
        without.roles[role] = []
        return try TemplateShape.renderedFiles(
          without, folder: folder, generator: &generator, currentDirectory: currentDirectory
        ).map(\.text) != probed.map(\.text)
      }
      if !unmapped.isEmpty {
        notes.append(
          Diagnostic(
            .note,
            message: Self.rolesWithoutProtocolMessage(
              unmapped.map(\.rawValue), template: shape.template)))
      }
      notes += found.notes
    }
    // The files gen makes from the spec read (a module without a service's methods has no
    // service file; when the spec cannot be read, the template's files) that the folder does
    // not have.
    let files =
      found.errors.isEmpty
      ? try TemplateShape.renderedFiles(
        module, folder: folder, generator: &generator, currentDirectory: currentDirectory
      ).map(\.path) : shape.files
    let missing = files.filter { !fileSystem.fileExists(atPath: joinPath(folder, $0)) }
    if !missing.isEmpty {
      notes.insert(
        Diagnostic(
          .note,
          message: Self.missingFilesMessage(
            missing, folder: displayFolder, template: shape.template)),
        at: 0)
    }
    return Result(module: module, shape: shape, notes: notes, errors: found.errors)
  }

  /// The methods of the role protocols and the entities `source` gives for the files of
  /// `shape`, with notes on what is left out and the errors of what cannot be read.
  private func extract(
    _ shape: TemplateShape, source: (String) throws -> SwiftDeclarations?
  ) throws -> (module: ModuleSpec, notes: [Diagnostic], errors: [Diagnostic]) {
    var module = ModuleSpec(name: "")
    var problems: [Diagnostic] = []
    var notes: [Diagnostic] = []
    // The files whose declarations are read, with the names read in them.
    var read: [String: Set<String>] = [:]
    for role in Role.allCases {
      guard let place = shape.protocols[role] else { continue }
      guard let file = try source(place.file),
        let declaration = file.topLevel.first(where: {
          $0.keyword == "protocol" && $0.name == place.name
        })
      else {
        // A template may leave out the protocol of a role without methods (VIPER's
        // interactor output).
        continue
      }
      read[place.file, default: []].insert(place.name)
      var methods: [MethodSignature] = []
      for member in file.members(of: declaration) {
        guard member.keyword == "func" else {
          notes.append(
            Diagnostic(
              .note, message: Self.skippedMemberMessage(member.keyword, of: place.name),
              location: file.location(of: member.keywordStart)))
          continue
        }
        do {
          methods.append(try SignatureParser.parseMethod(file.signature(of: member)))
        } catch {
          problems.append(
            Diagnostic(
              message: Self.unreadableMethodMessage(error.message, of: place.name),
              location: file.location(of: member.keywordStart + error.offset)))
        }
      }
      if let overloads = file.topLevel.first(where: {
        $0.keyword == "extension" && $0.name == place.name
      }), let defaulted = Self.withDefaults(methods, from: overloads, in: file) {
        methods = defaulted
        read[place.file, default: []].insert("extension " + place.name)
      }
      module.roles[role] = methods
    }
    for role in Role.allCases {
      guard let section = shape.sections[role], let file = try source(section.file) else {
        continue
      }
      guard let mark = file.marks.first(where: { $0.text == section.mark }) else {
        notes.append(
          Diagnostic(
            .note,
            message: Self.missingSectionMessage(
              section.mark, file: file.path, role: role.rawValue)))
        continue
      }
      let end = file.marks.first { $0.offset > mark.offset }?.offset ?? Int.max
      var methods: [MethodSignature] = []
      for (container, member) in file.methods
      where member.start > mark.offset && member.start < end
        && !section.fixed.contains(member.name ?? "")
      {
        do {
          methods.append(try SignatureParser.parseMethod(file.signature(of: member)))
        } catch {
          problems.append(
            Diagnostic(
              message: Self.unreadableMethodMessage(error.message, of: container.name ?? ""),
              location: file.location(of: member.keywordStart + error.offset)))
        }
      }
      module.roles[role] = methods
    }
    if let entitiesFile = shape.entitiesFile, let file = try source(entitiesFile) {
      read[entitiesFile, default: []].formUnion([])  // Its other declarations get notes.
      let generated = shape.generated[entitiesFile] ?? []
      for declaration in file.topLevel {
        guard let keyword = declaration.keyword, keyword == "struct" || keyword == "enum",
          let name = declaration.name, !generated.contains(name)
        else { continue }
        read[entitiesFile, default: []].insert(name)
        do {
          module.entities += try SignatureParser.parseEntities(file.text(from: declaration))
        } catch {
          problems.append(
            Diagnostic(
              message: Self.unreadableEntityMessage(error.message, of: name),
              location: file.location(of: declaration.keywordStart + error.offset)))
        }
      }
    }
    // What else the read files declare is left out, with a note; what the template makes
    // itself is not the module's.
    for (relative, names) in read.sorted(by: { $0.key < $1.key }) {
      guard let file = try source(relative) else { continue }
      let generated = shape.generated[relative] ?? []
      for declaration in file.topLevel {
        guard let keyword = declaration.keyword, let name = declaration.name else { continue }
        if keyword == "import" {
          let own = shape.imports[relative] ?? []
          if !own.contains(name) && !module.imports.contains(name) { module.imports.append(name) }
          continue
        }
        let wasRead =
          ["protocol", "struct", "enum"].contains(keyword) && names.contains(name)
          || keyword == "extension" && names.contains("extension " + name)
        if wasRead || generated.contains(name) { continue }
        notes.append(
          Diagnostic(
            .note,
            message: keyword == "extension"
              && shape.protocols.values.contains(where: { $0.name == name })
              ? Self.skippedExtensionMessage(name)
              : Self.skippedDeclarationMessage(
                keyword, name,
                rewritten: shape.regeneratedFiles.contains(relative) ? file.path : nil),
            location: file.location(of: declaration.keywordStart)))
      }
    }
    return (module, notes, problems)
  }

  /// The shape of the template that fits the folder best: the one with most of its files
  /// there, then most of its role protocols and sections, then most of its lines; on a tie,
  /// the first (parameters at their defaults first, then the templates in lookup order).
  private func bestShape(
    name: String, folder: String, displayFolder: String, template: String?,
    fixed: [(name: String, value: ModuleSpec.ParamValue)]
  ) throws -> TemplateShape {
    var generator = Generator(library: library, config: config, fileSystem: fileSystem)
    let candidates = template.map { [$0] } ?? library.list().map(\.name)
    let contents = FolderContents(folder: folder, fileSystem: fileSystem)
    var best: (shape: TemplateShape, score: [Int])?
    var example: [String] = []
    var fixedError: (any Error)?
    var unknownParameter: String?
    for candidate in candidates {
      let manifest: TemplateManifest
      do {
        manifest = try library.compile(named: candidate, header: nil).manifest
      } catch {
        // Another template that does not load is not this module's.
        if template != nil { throw error }
        continue
      }
      if manifest.variables == .generamba && template == nil { continue }
      // Without --template, a template that lacks a parameter --set gives is not the module's.
      let names = manifest.parameters.map(\.name)
      if template == nil, let unknown = fixed.first(where: { !names.contains($0.name) }) {
        unknownParameter = unknownParameter ?? unknown.name
        continue
      }
      for params in TemplateShape.combinations(of: manifest, fixed: fixed) {
        var shape: TemplateShape
        do {
          shape = try TemplateShape.render(
            template: candidate, params: params, name: name, folder: folder,
            generator: &generator, currentDirectory: currentDirectory)
        } catch {
          if template != nil { throw error }
          // A value --set gives that the template refuses is said if no template fits.
          if !fixed.isEmpty { fixedError = fixedError ?? error }
          break
        }
        if example.isEmpty { example = shape.files }
        for parameter in manifest.parameters {
          shape.defaults[parameter.name] = parameter.defaultValue
        }
        shape.parameterNames = manifest.parameters.map(\.name)
        guard let score = contents.score(of: shape) else { continue }
        if let best, !best.score.lexicographicallyPrecedes(score) { continue }
        best = (shape, score)
      }
    }
    guard let best else {
      if let fixedError { throw fixedError }
      if let unknownParameter, example.isEmpty {
        throw Diagnostic(message: Self.noTemplateTakesMessage(unknownParameter))
      }
      throw Diagnostic(
        message: Self.notAModuleMessage(
          displayFolder, module: name, template: template, example: example))
    }
    return best.shape
  }
}

extension ModuleReader {
  static func noSuchFolderMessage(_ folder: String) -> String { "no such folder '\(folder)'" }

  static func notAModuleMessage(
    _ folder: String, module: String, template: String?, example: [String]
  ) -> String {
    "'\(folder)' is not a module: it has none of the files "
      + (template.map { "template '\($0)'" } ?? "any template") + " makes for '\(module)'"
      + (example.isEmpty ? "" : " (such as \(example.prefix(2).joined(separator: ", ")))")
      + "; give the module's folder, named after the module"
  }

  static func unknownParameterMessage(_ name: String, template: String, known: [String])
    -> String
  {
    "template '\(template)' has no parameter '\(name)' (--set); it takes: \(known.joined(separator: ", "))"
      + didYouMean(name, in: known)
  }

  static func noTemplateTakesMessage(_ name: String) -> String {
    "no template takes the parameter '\(name)' that --set gives"
  }

  static func missingFilesMessage(_ files: [String], folder: String, template: String) -> String {
    "'\(folder)' does not have \(files.joined(separator: ", ")) of template '\(template)': gen creates \(files.count == 1 ? "it" : "them")"
  }

  static func rolesWithoutProtocolMessage(_ roles: [String], template: String) -> String {
    "template '\(template)' declares no protocol or section for \(roles.joined(separator: ", ")): their methods are not read; add them to the spec by hand"
  }

  static func missingSectionMessage(_ mark: String, file: String, role: String) -> String {
    "'\(file)' has no '\(mark)': the spec has no '\(role)' methods"
  }

  static func skippedMemberMessage(_ keyword: String?, of protocolName: String) -> String {
    "only methods are read from '\(protocolName)': this '\(keyword ?? "declaration")' is left out of the spec"
  }

  static func unreadableMethodMessage(_ message: String, of protocolName: String) -> String {
    "cannot read a method of '\(protocolName)': \(message)"
  }

  static func unreadableEntityMessage(_ message: String, of entity: String) -> String {
    "cannot read the entity '\(entity)': \(message)"
  }

  static func skippedExtensionMessage(_ name: String) -> String {
    "'extension \(name)' is left out of the spec: write the default values of its methods' arguments in the spec (= value) to get it again"
  }

  /// `rewritten`: the file, when gen rewrites it.
  static func skippedDeclarationMessage(_ keyword: String, _ name: String, rewritten: String?)
    -> String
  {
    "'\(keyword) \(name)' is not a protocol or an entity of the template: it is left out of the spec"
      + (rewritten.map { "; move it to a file of your own, as gen rewrites '\($0)'" } ?? "")
  }
}
