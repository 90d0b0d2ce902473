import Liquid

extension UpdateCommand {
  /// What `update` writes again of the base of its merges (`.modulegen/base`): the copies
  /// missing from a module's base file that it restores (the file, or what the template
  /// generates now, still has the recorded hash), and the damaged stretches of a base file it
  /// writes without. Worked out before the run writes, so that a dry run says it too.
  struct BaseRepairs {
    /// Each restored copy: its file and the base file it goes into (absolute paths).
    var restored: [(path: String, baseFile: String)]
    var damaged: [GenerationRecord.BaseDamage]

    /// `plan`: the modules the run writes (none skipped for a conflict); `shown`: a path as
    /// messages show it.
    init(
      _ plan: Plan, record: GenerationRecord, fileSystem: any FileSystem,
      shown: (String) -> String
    ) throws {
      let found = try record.baseProblems(in: plan, fileSystem: fileSystem, shown: shown)
      restored = found.missing.filter(\.restorable).map { ($0.path, $0.baseFile) }.sorted {
        PathSafety.inPathOrder($0.path, $1.path)
      }
      damaged = found.damaged
    }

    /// A line per base file: ".modulegen/base/Home.base: restored 2 base copies." (not with
    /// `--quiet`, not in JSON).
    func print(_ report: GenerationReport) {
      guard report.printsSummaries else { return }
      let files = Set(restored.map(\.baseFile) + damaged.map(\.path))
      for file in files.sorted(by: PathSafety.inPathOrder) {
        var parts: [String] = []
        let count = restored.filter { $0.baseFile == file }.count
        if count > 0 {
          parts.append(
            (report.dryRun ? "would restore " : "restored ")
              + (count == 1 ? "1 base copy" : "\(count) base copies"))
        }
        let lines = damaged.filter { $0.path == file }.map { String($0.line) }
        if !lines.isEmpty {
          parts.append(
            (report.dryRun ? "would write it again without " : "wrote it again without ")
              + (lines.count == 1
                ? "the damaged stretch at line " : "the damaged stretches at lines ")
              + lines.joined(separator: ", "))
        }
        report.console.writeOut(report.shown(file) + ": " + parts.joined(separator: "; ") + ".\n")
      }
    }

    /// `restored_base_copies` (path, base) and `repaired_base_files` (path, line) in the JSON
    /// report.
    func json(_ report: GenerationReport) -> [(String, LiquidValue)] {
      [
        (
          "restored_base_copies",
          .array(
            restored.map {
              .object(
                LiquidObject([
                  ("path", .string(report.shown($0.path))),
                  ("base", .string(report.shown($0.baseFile))),
                ]))
            })
        ),
        (
          "repaired_base_files",
          .array(
            damaged.map {
              .object(
                LiquidObject([("path", .string(report.shown($0.path))), ("line", .int($0.line))]))
            })
        ),
      ]
    }
  }
}
