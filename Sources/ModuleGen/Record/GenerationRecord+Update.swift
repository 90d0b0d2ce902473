import Liquid

extension GenerationRecord {
  /// The record after `plan` is applied. `plan` holds only what is written (no blocked module);
  /// `pruned` are the absolute paths of stale files the run removes.
  func updated(by plan: Plan, pruned: Set<String> = []) -> GenerationRecord {
    var record = self
    for module in plan.modules {
      let previous = modules[module.name]
      var entry = Module(
        template: module.template, templateVersion: module.templateVersion,
        created: module.created, spec: module.spec, params: module.params)
      for file in plan.files(of: module.name) {
        let path = recordedPath(file.path)
        let hash: String
        switch file.action {
        case .keep where file.generatedBytes == nil:
          // Not written: the base stays what was generated before; without a record of it, the
          // current generation is adopted as the base.
          hash = previous?.allFiles[path] ?? Self.hash(file.bytes)
        default:
          hash = Self.hash(file.generatedBytes ?? file.bytes)
        }
        if file.role == .test { entry.testFiles[path] = hash } else { entry.files[path] = hash }
      }
      if !module.includesTests { entry.testFiles = previous?.testFiles ?? [:] }
      record.modules[module.name] = entry
    }
    // Stale files stay recorded until they are pruned or deleted, so that every run reports them.
    for file in plan.stale {
      let path = recordedPath(file.path)
      guard var entry = record.modules[file.module], let previous = modules[file.module] else {
        continue
      }
      if file.state == .deleted || pruned.contains(file.path) {
        entry.files[path] = nil
        entry.testFiles[path] = nil
      } else if previous.testFiles[path] != nil {
        entry.testFiles[path] = file.generatedHash
      } else {
        entry.files[path] = file.generatedHash
      }
      let planned = plan.modules.contains { $0.name == file.module }
      record.modules[file.module] = !planned && entry.allFiles.isEmpty ? nil : entry
    }
    return record
  }

  /// The base copies `plan` needs (the `regenerate: once` files it records as generated), by
  /// path: content-addressed, so a copy that exists is already right.
  func baseCopies(for plan: Plan) -> [(path: String, bytes: [UInt8])] {
    var copies: [String: [UInt8]] = [:]
    for file in plan.files where file.regenerate == .once {
      if file.action == .keep && file.generatedBytes == nil
        && modules[file.module]?.allFiles[recordedPath(file.path)] != nil
      {
        continue
      }
      let bytes = file.generatedBytes ?? file.bytes
      copies[basePath(forHash: Self.hash(bytes))] = bytes
    }
    return copies.keys.sorted().map { ($0, copies[$0]!) }
  }

  /// Every hash a module's files are recorded with.
  var referencedHashes: Set<String> {
    Set(modules.values.flatMap { $0.allFiles.values })
  }
}
