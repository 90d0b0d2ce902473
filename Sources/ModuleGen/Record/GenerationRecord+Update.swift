import BackgroundWork
import Diagnostics

extension GenerationRecord {
  /// The record after `plan` is applied. `plan` holds only what is written (no blocked module);
  /// `pruned` are the absolute paths of stale files the run removes.
  func updated(by plan: Plan, pruned prunedFiles: Set<String> = []) -> GenerationRecord {
    var record = self
    let files = plan.filesByModule
    let planned = Set(plan.modules.map(\.name))
    let pruned = Set(plan.prunedRegistrations.map { $0.recorded(in: self) })
    for module in plan.modules {
      let previous = modules[module.name]
      var entry = Module(
        template: module.template, templateVersion: module.recordedVersion,
        created: module.created, params: module.params)
      entry.settings = module.settings
      for file in files[module.name] ?? [] {
        let path = recordedPath(file.path)
        let hash: String
        switch file.action {
        case .keep where file.generatedBytes == nil:
          // Not written: the base stays what was generated before; without a record of it, the
          // current generation is adopted as the base.
          hash = previous?.allFiles[path] ?? file.generatedHash
        default:
          hash = file.generatedHash
        }
        if file.role == .test { entry.testFiles[path] = hash } else { entry.files[path] = hash }
      }
      if !module.includesTests { entry.testFiles = previous?.testFiles ?? [:] }
      // Registrations the module no longer makes stay recorded until they are pruned.
      let current = module.registrations.map { $0.recorded(in: self) }
      entry.registrations =
        current
        + (previous?.registrations ?? []).filter { !current.contains($0) && !pruned.contains($0) }
      record.modules[module.name] = entry
    }
    for registration in plan.prunedRegistrations where !planned.contains(registration.module) {
      record.modules[registration.module]?.registrations.removeAll {
        $0 == registration.recorded(in: self)
      }
    }
    // Stale files stay recorded until they are pruned or deleted, so that every run reports them.
    for file in plan.stale {
      let path = recordedPath(file.path)
      guard var entry = record.modules[file.module], let previous = modules[file.module] else {
        continue
      }
      if !file.isStillThere || prunedFiles.contains(file.path) {
        entry.files[path] = nil
        entry.testFiles[path] = nil
      } else if previous.testFiles[path] != nil {
        entry.testFiles[path] = file.generatedHash
      } else {
        entry.files[path] = file.generatedHash
      }
      record.modules[file.module] =
        !planned.contains(file.module) && entry.allFiles.isEmpty && entry.registrations.isEmpty
        ? nil : entry
    }
    return record
  }

  /// The base file of each module `plan` writes, as this record (the one `plan` makes) keeps
  /// it: a copy of each `regenerate: once` file as recorded — generated now, or carried over from
  /// the base files of `previous` — and of the stale ones still recorded. Also the base files and
  /// earlier-layout copies nothing needs any more. Each write comes with what its file holds
  /// now (`storedFile`), read once for the copies it keeps and for what the write does.
  func baseFiles(for plan: Plan, previous: GenerationRecord, fileSystem: any FileSystem)
    -> (writes: [BaseCopies.FileWrite], obsolete: [String])
  {
    var writes: [BaseCopies.FileWrite] = []
    var obsolete: [String] = []
    var stored: Set<String> = []
    let byModule = plan.filesByModule
    // Each module's base file on every core: it reads and encodes that module's copies only.
    let record = self
    let bases = plan.modules.map(\.name).concurrentMap(perThread: 8) {
      name -> BaseCopies.FileWrite? in
      guard let entry = record.modules[name] else { return nil }
      // The module's base file as `previous` left it (the same file: the record's folder is
      // the same).
      let path = record.baseFilePath(module: name)
      let stored = previous.storedFile(atPath: path, fileSystem: fileSystem)
      let files = byModule[name] ?? []
      let base = record.baseCopies(
        of: entry, files: files, stored: BaseCopies(stored: stored, rendered: files),
        previous: previous, fileSystem: fileSystem)
      return BaseCopies.FileWrite(
        module: name, path: path, bytes: base.copies.isEmpty ? [] : base.encoded,
        hashes: base.copies.map(\.hash), stored: stored)
    }
    for case let base? in bases {
      if !base.hashes.isEmpty {
        writes.append(base)
      } else if base.stored != nil {
        obsolete.append(base.path)
      }
      stored.formUnion(base.hashes)
    }
    // Base files of modules this run stops recording (a base file the record before had no
    // module for is the user's: their record may have lost the module in a merge); copies in
    // the earlier layout that no module refers to, or whose modules keep them in their base
    // files now.
    let folder = joinPath(directory, Self.baseFolder)
    let written = Set(plan.modules.map(\.name))
    let referencedElsewhere = Set(
      modules.filter { !written.contains($0.key) }.values.flatMap { $0.allFiles.values })
    let referenced = referencedHashes
    for name in ((try? fileSystem.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
      let suffix = "." + BaseCopies.fileExtension
      if name.hasSuffix(suffix) {
        let module = String(name.dropLast(suffix.count))
        if modules[module] == nil && previous.modules[module] != nil {
          obsolete.append(joinPath(folder, name))
        }
      } else if Self.isHash(Self.hashPrefix + name) {
        let hash = Self.hashPrefix + name
        if !referencedElsewhere.contains(hash)
          && (!referenced.contains(hash) || stored.contains(hash))
        {
          obsolete.append(joinPath(folder, name))
        }
      }
    }
    return (writes, obsolete)
  }

  /// A module's base copies as this record keeps them (see `baseFiles`): its `files` (those the
  /// plan writes) that are `regenerate: once`, and its stale files' copies from `previous`.
  /// `stored`: the copies of the module's base file as `previous` left it.
  private func baseCopies(
    of entry: Module, files: [PlannedFile], stored: BaseCopies, previous: GenerationRecord,
    fileSystem: any FileSystem
  ) -> BaseCopies {
    let recorded = entry.allFiles
    var copies: [String: BaseCopies.Copy] = [:]
    for file in files where file.regenerate == .once {
      let path = recordedPath(file.path)
      guard let hash = recorded[path] else { continue }
      let generated = file.generatedBytes ?? file.bytes
      let bytes =
        file.generatedHash == hash
        ? generated
        : previous.baseCopy(ofHash: hash, in: stored, fileSystem: fileSystem)
          ?? Self.restoredBaseCopy(of: file, hash: hash, fileSystem: fileSystem)
      if let bytes { copies[path] = BaseCopies.Copy(path: path, hash: hash, bytes: bytes) }
    }
    // Stale files keep their copies while they are recorded.
    for copy in stored.copies where copies[copy.path] == nil && recorded[copy.path] == copy.hash {
      copies[copy.path] = copy
    }
    return BaseCopies(Array(copies.values))
  }

  /// A missing base copy (a base file deleted, or damaged by a merge) of a file recorded with
  /// `hash`, from what still has that hash: what the templates generate now, else the file
  /// itself, unedited. Nil when neither has it.
  static func restoredBaseCopy(of file: PlannedFile, hash: String, fileSystem: any FileSystem)
    -> [UInt8]?
  {
    if file.generatedHash == hash { return file.generatedBytes ?? file.bytes }
    guard let bytes = try? fileSystem.readFile(atPath: file.path), Self.hash(bytes) == hash else {
      return nil
    }
    return bytes
  }

  /// Every hash a module's files are recorded with.
  var referencedHashes: Set<String> {
    Set(modules.values.flatMap { $0.allFiles.values })
  }
}
