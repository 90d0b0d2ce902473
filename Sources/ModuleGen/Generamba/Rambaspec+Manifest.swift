import Diagnostics
import Liquid

extension Rambaspec {
  /// The same template as a modulegen manifest rendered with Generamba's variables: each entry
  /// with a `path` is a file whose output is the folder of `name`, taken literally, and the
  /// file name (`custom_name`, or `{{ prefix }}{{ module_info.name }}` and the base name of
  /// `name`). With `flat` (create_logical_groups), the folder is left out, as Generamba does.
  ///
  /// `files` lists the template folder's files: a `path` that matches one only when case is
  /// ignored (as on macOS, where Generamba templates are written) uses that file, with a note.
  package func manifest(
    named templateName: String, files: [String], displayRoot: String, flat: Bool
  ) throws(DiagnosticList) -> (manifest: TemplateManifest, notes: [Diagnostic]) {
    var problems = Problems()
    problems.notes = notes
    var lowercased: [String: [String]] = [:]
    for file in files { lowercased[file.lowercased(), default: []].append(file) }
    let known = Set(files)
    var entries: [TemplateManifest.FileEntry] = []
    for entry in codeFiles + testFiles {
      guard let path = entry.path else {
        problems.note(
          "'\(entry.name)' has no 'path': Generamba only adds an empty group for it to the Xcode project; modulegen makes no folder and no group",
          at: entry.location)
        continue
      }
      let components = path.split(separator: "/")
      if path.hasPrefix("/") || components.contains("..") {
        problems.error(
          "'path' must name a file inside the template folder, not '\(path)'",
          at: entry.location)
        continue
      }
      var source = components.joined(separator: "/")
      if !known.contains(source) {
        let matches = lowercased[source.lowercased()] ?? []
        guard matches.count == 1 else {
          var message = CompiledTemplate.missingTemplateFileMessage(path, in: displayRoot)
          if matches.count > 1 {
            message += " (\(matches.joined(separator: " and ")) differ from it only in case)"
          } else {
            message += didYouMean(source, in: files)
          }
          problems.error(message, at: entry.location)
          continue
        }
        problems.note(
          "'\(path)' is '\(matches[0])' in \(displayRoot): matched ignoring case, as on macOS",
          at: entry.location)
        source = matches[0]
      }
      let output: String
      do {
        output = try Self.output(for: entry, flat: flat)
      } catch {
        problems.error(error.message, at: entry.location)
        continue
      }
      var file = TemplateManifest.FileEntry(
        template: source, output: output, role: entry.role, when: nil, location: entry.location,
        templateLocation: entry.location, outputLocation: entry.location, whenLocation: nil,
        outputMap: ScalarMap(at: entry.location), whenMap: nil)
      // is_resource: the file goes to the target's Resources phase, as `resource: true`.
      file.isResource = entry.isResource
      file.regenerate = GenerambaOwnership.regenerate(forEntryNamed: entry.name)
      entries.append(file)
    }
    try problems.throwIfAny(file: displayRoot)
    var manifest = TemplateManifest(
      name: templateName, summary: summary ?? "", parameters: [], files: entries)
    manifest.variables = .generamba
    manifest.version = version
    return (manifest, problems.notes)
  }

  /// The output path template of an entry.
  static func output(for entry: Entry, flat: Bool) throws(Diagnostic) -> String {
    // Ruby's File.dirname / File.basename.
    var name = Substring(entry.name)
    while name.count > 1 && name.hasSuffix("/") { name.removeLast() }
    let slash = name.lastIndex(of: "/")
    let basename = slash.map { String(name[name.index(after: $0)...]) } ?? String(name)
    let folder = slash.map { String(name[..<$0]) } ?? ""
    let fileName: String
    if let custom = entry.customName {
      fileName = try substitute(basename: basename, in: custom)
    } else {
      fileName = "{{ prefix }}{{ module_info.name }}" + Rambafile.liquidLiteral(basename)
    }
    if flat || folder.isEmpty || folder == "." { return fileName }
    return Rambafile.liquidLiteral(folder) + "/" + fileName
  }

  /// `custom_name` with `module_info.file_basename`, which Generamba defines only while the
  /// file name renders, written as a string literal.
  static func substitute(basename: String, in template: String) throws(Diagnostic) -> String {
    let variable = Array("module_info.file_basename")
    let chars = Array(template)
    guard template.contains("module_info.file_basename") else { return template }
    let literal: String
    if !basename.contains("\"") {
      literal = "\"\(basename)\""
    } else if !basename.contains("'") {
      literal = "'\(basename)'"
    } else {
      throw Diagnostic(
        message:
          "the base name '\(basename)' has both kinds of quotes and cannot be used in 'custom_name'"
      )
    }
    var out = ""
    var i = 0
    var inMarkup = false
    var quote: Character?
    func isNameCharacter(_ c: Character) -> Bool {
      c.isLetter || c.isNumber || c == "_" || c == "."
    }
    while i < chars.count {
      let c = chars[i]
      let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
      if !inMarkup {
        if c == "{", next == "{" || next == "%" { inMarkup = true }
      } else if let open = quote {
        if c == open { quote = nil }
      } else if c == "\"" || c == "'" {
        quote = c
      } else if c == "}" || c == "%", next == "}" {
        inMarkup = false
      } else if c == "m", Array(chars[i..<min(i + variable.count, chars.count)]) == variable,
        i == 0 || !isNameCharacter(chars[i - 1]),
        i + variable.count == chars.count || !isNameCharacter(chars[i + variable.count])
      {
        out += literal
        i += variable.count
        continue
      }
      out.append(c)
      i += 1
    }
    return out
  }
}
