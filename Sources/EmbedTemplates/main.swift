// `swift run embed-templates [PACKAGE_ROOT]`: writes
// Sources/ModuleGen/Templates/BuiltinTemplates+Generated.swift from Templates/ (the package root
// is the current folder unless given). Run it after changing Templates/, and commit both.

import Foundation
import TemplateEmbedding

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count <= 1, arguments.first?.hasPrefix("-") != true else {
  FileHandle.standardError.write(Data("usage: swift run embed-templates [PACKAGE_ROOT]\n".utf8))
  exit(64)
}
let root = arguments.first ?? FileManager.default.currentDirectoryPath
do {
  let changed = try TemplateEmbedding.write(packageRoot: root)
  print(
    changed
      ? "Wrote \(TemplateEmbedding.generatedFile) from \(TemplateEmbedding.templatesFolder)/."
      : "\(TemplateEmbedding.generatedFile) is up to date.")
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
