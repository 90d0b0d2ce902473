import Liquid

@testable import ModuleGen

/// Any bytes as a template's `template.yml`: a manifest or located errors, never a crash or a
/// hang; the conditions and output paths of a manifest it accepts parse as templates.
func fuzzManifest(_ bytes: [UInt8]) {
  let text = String(decoding: bytes, as: UTF8.self)
  do {
    let manifest = try TemplateManifest.decode(text, file: "template.yml")
    for file in manifest.files {
      _ = try? Template(parsing: file.output, name: "output")
      if let when = file.when { _ = try? Template(parsing: "{% if \(when) %}x{% endif %}") }
    }
  } catch {
    for diagnostic in error.diagnostics {
      guard diagnostic.location != nil else {
        violated("a manifest error without a location: \(diagnostic.message)")
      }
      _ = diagnostic.description
    }
  }
}
