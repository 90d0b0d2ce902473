import Liquid

extension GenerationReport {
  /// A module's `status` in the JSON report.
  enum ModuleStatus: String, CaseIterable {
    /// A run that writes, and the module not skipped: its files are as planned.
    case written
    /// A dry run or `check`: what a run would do.
    case planned
    /// Its conflicts stop it: `gen` and `update` write nothing of it (would write nothing, in
    /// a dry run or `check`).
    case skipped
  }

  /// The keys of a plan in the JSON report (`dry_run`, `modules`, `files`, `stale`,
  /// `registrations`, `package_targets`, `summary`), then `extra`.
  static func json(
    _ plan: Plan, console: Console, dryRun: Bool, written: Set<String>,
    extra: [(String, LiquidValue)] = []
  ) -> [(String, LiquidValue)] {
    func relative(_ path: String) -> String {
      console.displayPath(path)
    }
    /// Each item as an object of its fields, in order.
    func list<Item>(_ items: [Item], _ fields: (Item) -> [(String, LiquidValue)]) -> LiquidValue {
      .array(items.map { .object(LiquidObject(fields($0))) })
    }
    let blocked = plan.blockedModules
    var summary = LiquidObject()
    for action in PlannedFile.Action.allCases {
      summary[action.rawValue] = .int(plan.count(action))
    }
    // A recorded file that is gone, or another module's now, is not stale (nothing to prune):
    // `check` lists it under `gone` or `elsewhere`, and `gen` drops it from the module's entry.
    let stillThere = plan.stale.filter(\.isStillThere)
    summary["stale"] = .int(stillThere.count)
    let modules = list(plan.modules) { module in
      var params = LiquidObject()
      for param in module.params { params[param.name] = TemplateContext.liquid(param.value) }
      let status: ModuleStatus =
        blocked.contains(module.name)
        ? .skipped : written.contains(module.name) ? .written : .planned
      return [
        ("name", .string(module.name)), ("template", .string(module.template)),
        ("template_version", module.templateVersion.map { .string($0) } ?? .nil),
        ("template_hash", module.templateHash.map { .string($0) } ?? .nil),
        ("created", .string(module.created)), ("params", .object(params)),
        ("status", .string(status.rawValue)),
      ]
    }
    let files = list(plan.files) { file in
      [
        ("path", .string(relative(file.path))), ("module", .string(file.module)),
        ("role", .string(file.role.rawValue)), ("regenerate", .string(file.regenerate.rawValue)),
        ("action", .string(file.action.rawValue)), ("bytes", .int(file.bytes.count)),
      ]
    }
    let stale = list(stillThere) { file in
      [
        ("path", .string(relative(file.path))), ("module", .string(file.module)),
        ("state", .string(file.state.rawValue)),
      ]
    }
    let registrations = list(
      plan.registrationEdits.flatMap { edit in edit.changes.map { (edit.path, $0) } }
    ) { path, item in
      [
        ("path", .string(relative(path))), ("module", .string(item.registration.module)),
        ("marker", .string(item.registration.marker)), ("change", .string(item.change.rawValue)),
      ]
    }
    let packageTargets = list(
      plan.packageTargets.flatMap { package in package.changes.map { (package.file.path, $0) } }
    ) { path, change in
      [
        ("path", .string(relative(path))), ("module", .string(change.module)),
        ("kind", .string(change.kind.rawValue)), ("target", .string(change.target)),
      ]
    }
    return [
      ("dry_run", .bool(dryRun)), ("modules", modules), ("files", files), ("stale", stale),
      ("registrations", registrations), ("package_targets", packageTargets),
      ("summary", .object(summary)),
    ] + extra
  }
}
