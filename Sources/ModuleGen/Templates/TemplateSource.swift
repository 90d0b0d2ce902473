import Diagnostics

/// Where a template's files come from: a folder on disk, or the binary itself.
package struct TemplateSource: Sendable {
  package enum Kind: String, Sendable {
    case builtin = "built-in"
    case user
    case project
    case folder
  }

  package var kind: Kind
  /// How errors name the template's files: `Templates/viper`, `<built-in>/viper`.
  package var displayRoot: String
  /// The folder on disk; nil for built-in templates.
  package var directory: String?
  /// A file's text by its path relative to the template folder; nil if there is none. Throws
  /// when the path leaves the folder (`..`, absolute, a symbolic link out) or the file cannot
  /// be read as text.
  package var load: @Sendable (String) throws(Diagnostic) -> String?
  /// Every file's relative path, sorted.
  package var allFiles: @Sendable () -> [String]
  /// For a Generamba template (a folder `T` with `T.rambaspec` and no template.yml), the
  /// .rambaspec's file name; nil for a modulegen template.
  package var rambaspec: String? = nil

  package func displayPath(_ relative: String) -> String { joinPath(displayRoot, relative) }

  /// A file's text, or nil if it is missing or cannot be read.
  package func read(_ relative: String) -> String? { (try? load(relative)) ?? nil }

  /// A template folder on disk. Every file is read from inside it: a path that climbs out, or
  /// that leads through a symbolic link out of the folder, is refused.
  package static func directory(
    _ path: String, kind: Kind, displayRoot: String, fileSystem: any FileSystem
  ) -> TemplateSource {
    TemplateSource(
      kind: kind, displayRoot: displayRoot, directory: path,
      load: { relative throws(Diagnostic) in
        let shown = joinPath(displayRoot, relative)
        let components: [String]
        do throws(PathSafety.Problem) {
          components = try PathSafety.components(of: relative)
        } catch {
          throw Diagnostic(
            message: "'\(relative)' \(error.phrase(inside: "the template folder '\(displayRoot)'"))"
          )
        }
        let full = joinPath(path, components.joined(separator: "/"))
        switch PathContainment(fileSystem: fileSystem).escape(ofFile: full, inside: path) {
        case .outside(let real)?:
          throw Diagnostic(
            message:
              "'\(shown)' leads through a symbolic link to '\(real)', outside the template folder")
        case .blocked?:
          return nil
        case nil:
          break
        }
        guard fileSystem.fileExists(atPath: full), !fileSystem.isDirectory(atPath: full) else {
          return nil
        }
        return try fileSystem.readText(atPath: full, displayPath: shown)
      },
      allFiles: {
        var result: [String] = []
        func walk(_ relative: String) {
          let full = joinPath(path, relative)
          for name in (try? fileSystem.contentsOfDirectory(atPath: full)) ?? []
          where !name.hasPrefix(".") {
            let child = joinPath(relative, name)
            if fileSystem.isDirectory(atPath: joinPath(path, child)) {
              walk(child)
            } else {
              result.append(child)
            }
          }
        }
        walk("")
        return result.sorted()
      })
  }

  /// A built-in template, from the files embedded in the binary.
  package static func builtin(_ name: String) -> TemplateSource {
    let prefix = name + "/"
    return TemplateSource(
      kind: .builtin, displayRoot: "<built-in>/\(name)", directory: nil,
      load: { relative throws(Diagnostic) in BuiltinTemplates.files[prefix + relative] },
      allFiles: {
        BuiltinTemplates.files.keys.filter { $0.hasPrefix(prefix) }.map {
          String($0.dropFirst(prefix.count))
        }.sorted()
      })
  }
}
