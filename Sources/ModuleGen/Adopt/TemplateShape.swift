import Diagnostics

/// What a template makes of a module, found by rendering it rather than from a second list of
/// its names: a probe module whose every role has one marker method and which has one marker
/// entity is rendered, and the protocol each marker lands in is the role's protocol, the file
/// the marker entity lands in is the entities' file. A custom template is read the same way.
package struct TemplateShape {
  /// One protocol of a role: the file (relative to the module's folder) and the protocol.
  struct RoleProtocol: Equatable {
    var file: String
    var name: String
  }

  /// The methods of a role the template declares in no protocol but in a class or its
  /// extensions, under a `// MARK:` comment (MVC's controller, MVVM's view model).
  struct RoleSection: Equatable {
    var file: String
    var mark: String
    /// The other methods the template declares there.
    var fixed: Set<String>
  }

  var template: String
  /// The parameters the shape was rendered with.
  var params: [(name: String, value: ModuleSpec.ParamValue)]
  /// The template's parameters, in its manifest's order, and their defaults.
  var parameterNames: [String] = []
  var defaults: [String: ModuleSpec.ParamValue] = [:]
  /// The code files, relative to the module's folder.
  var files: [String]
  var protocols: [Role: RoleProtocol]
  var sections: [Role: RoleSection] = [:]
  var entitiesFile: String?
  /// The names of the top-level declarations the template itself makes in each file (those a
  /// reader does not take for the module's own).
  var generated: [String: Set<String>]
  /// The files gen rewrites (`regenerate: always`): what is left out of them is lost.
  var regeneratedFiles: Set<String> = []
  /// The texts of the files, as the probe module renders them.
  var texts: [String: String] = [:]
  /// The modules each file imports without the spec's imports.
  var imports: [String: [String]]

  /// The marker method of `role` in the probe module.
  static func marker(_ role: Role) -> String { "modulegenProbe_" + role.rawValue }
  static let markerEntity = "ModulegenProbeEntity"

  /// The probe module: every role with its marker method, and the marker entity.
  static func probe(named name: String, template: String) -> ModuleSpec {
    var roles: [Role: [MethodSignature]] = [:]
    for role in Role.allCases { roles[role] = [MethodSignature(name: marker(role))] }
    return ModuleSpec(
      name: name, template: template, roles: roles,
      entities: [
        ModuleSpec.Entity(
          name: markerEntity, fields: [.init(name: "probe", type: "Int", isMutable: false)])
      ])
  }

  /// The shape of `template` with `params`, for the module `name` in `folder` (absolute).
  static func render(
    template: String, params: [(name: String, value: ModuleSpec.ParamValue)], name: String,
    folder: String, generator: inout Generator, currentDirectory: String
  ) throws -> TemplateShape {
    var module = probe(named: name, template: template)
    module.params = params.map { ModuleSpec.Param(name: $0.name, value: $0.value) }
    var shape = TemplateShape(
      template: template, params: params, files: [], protocols: [:], generated: [:],
      imports: [:])
    var sources: [SwiftDeclarations] = []
    for (relative, text, regenerated) in try renderedFiles(
      module, folder: folder, generator: &generator, currentDirectory: currentDirectory)
    {
      shape.files.append(relative)
      if regenerated { shape.regeneratedFiles.insert(relative) }
      shape.texts[relative] = text
      let source = SwiftDeclarations(path: relative, text: text)
      var names: Set<String> = []
      for declaration in source.topLevel {
        guard let keyword = declaration.keyword, let declared = declaration.name else { continue }
        if keyword == "import" {
          shape.imports[relative, default: []].append(declared)
        } else if keyword == "struct" && declared == markerEntity {
          shape.entitiesFile = relative
        } else if keyword == "protocol",
          let role = Role.allCases.first(where: { role in
            source.members(of: declaration).contains { $0.name == marker(role) }
          }), shape.protocols[role] == nil
        {
          shape.protocols[role] = RoleProtocol(file: relative, name: declared)
        } else {
          names.insert(declared)
        }
      }
      shape.generated[relative] = names
      sources.append(source)
    }
    for role in Role.allCases where shape.protocols[role] == nil {
      shape.sections[role] = sources.lazy.compactMap { section(of: role, in: $0) }.first
    }
    return shape
  }

  /// The `// MARK:` section of `source` that holds `role`'s marker method.
  static func section(of role: Role, in source: SwiftDeclarations) -> RoleSection? {
    let methods = source.methods
    guard let marker = methods.first(where: { $0.member.name == marker(role) })?.member,
      let mark = source.marks.last(where: { $0.offset < marker.start })
    else { return nil }
    let end = source.marks.first { $0.offset > mark.offset }?.offset ?? Int.max
    let fixed = methods.filter { $0.member.start > mark.offset && $0.member.start < end }
      .compactMap(\.member.name).filter { !$0.hasPrefix("modulegenProbe_") }
    return RoleSection(file: source.path, mark: mark.text, fixed: Set(fixed))
  }

  /// The code files `module` renders to in `folder` (relative to it), with their texts and
  /// whether gen rewrites them (`regenerate: always`).
  static func renderedFiles(
    _ module: ModuleSpec, folder: String, generator: inout Generator, currentDirectory: String
  ) throws -> [(path: String, text: String, regenerated: Bool)] {
    var options = GenerationOptions(
      settings: GenerationSettings(date: "2000-01-01"), currentDirectory: currentDirectory)
    options.output = folder
    options.includeTests = false
    let rendering = try generator.render(
      module, date: "2000-01-01", recorded: nil, recordDirectory: currentDirectory,
      options: options)
    // A shared file (the coordinators' protocol) is the modules' together, not one module's:
    // it sits beside the module's folder and says nothing about the module.
    return rendering.files.filter { $0.role == .code && !$0.isShared }.map {
      (
        String($0.path.dropFirst($0.root.count + 1)), String(decoding: $0.bytes, as: UTF8.self),
        $0.regenerate == .always
      )
    }
  }

  /// Every combination of the values of `manifest`'s choice and boolean parameters (the
  /// others keep their defaults), those in `fixed` set to their value; defaults first.
  static func combinations(
    of manifest: TemplateManifest, fixed: [(name: String, value: ModuleSpec.ParamValue)]
  ) -> [[(name: String, value: ModuleSpec.ParamValue)]] {
    var result: [[(name: String, value: ModuleSpec.ParamValue)]] = [[]]
    for parameter in manifest.parameters {
      var values: [ModuleSpec.ParamValue]
      if let given = fixed.first(where: { $0.name == parameter.name }) {
        values = [given.value]
      } else {
        switch parameter.kind {
        case .choice: values = parameter.values.map { .string($0) }
        case .bool: values = [.bool(false), .bool(true)]
        case .string: continue
        }
        if let value = parameter.defaultValue, let index = values.firstIndex(of: value) {
          values.insert(values.remove(at: index), at: 0)
        }
      }
      // Beyond this many renderings, the later parameters keep their defaults.
      if result.count * values.count > 64 { values = Array(values.prefix(1)) }
      result = result.flatMap { combination in values.map { combination + [(parameter.name, $0)] } }
    }
    return result
  }
}
