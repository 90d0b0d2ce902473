import Liquid

extension GenerationReport {
  /// The keys of a plan in the JSON report (`dry_run`, `modules`, `files`, `stale`, `summary`),
  /// then `extra`.
  static func json(
    _ plan: Plan, console: Console, dryRun: Bool, written: Set<String>,
    extra: [(String, LiquidValue)] = []
  ) -> [(String, LiquidValue)] {
    func relative(_ path: String) -> String {
      console.displayPath(path)
    }
    let blocked = plan.blockedModules
    var root: [(String, LiquidValue)] = [("dry_run", .bool(dryRun))]
    root.append(
      (
        "modules",
        .array(
          plan.modules.map { module in
            var params = LiquidObject()
            for param in module.params { params[param.name] = TemplateContext.liquid(param.value) }
            let status =
              blocked.contains(module.name)
              ? "skipped"
              : written.contains(module.name) ? "written" : dryRun ? "planned" : "checked"
            return .object(
              LiquidObject([
                ("name", .string(module.name)), ("template", .string(module.template)),
                ("template_version", module.templateVersion.map { .string($0) } ?? .nil),
                ("template_hash", module.templateHash.map { .string($0) } ?? .nil),
                ("created", .string(module.created)), ("params", .object(params)),
                ("status", .string(status)),
              ]))
          })
      ))
    root.append(
      (
        "files",
        .array(
          plan.files.map { file in
            .object(
              LiquidObject([
                ("path", .string(relative(file.path))), ("module", .string(file.module)),
                ("role", .string(file.role.rawValue)),
                ("regenerate", .string(file.regenerate.rawValue)),
                ("action", .string(file.action.rawValue)), ("bytes", .int(file.bytes.count)),
              ]))
          })
      ))
    root.append(
      (
        "stale",
        .array(
          plan.stale.map { file in
            .object(
              LiquidObject([
                ("path", .string(relative(file.path))), ("module", .string(file.module)),
                ("state", .string(file.state.rawValue)),
              ]))
          })
      ))
    root.append(
      (
        "registrations",
        .array(
          plan.registrationEdits.flatMap { edit in
            edit.changes.map { item in
              .object(
                LiquidObject([
                  ("path", .string(relative(edit.path))),
                  ("module", .string(item.registration.module)),
                  ("marker", .string(item.registration.marker)),
                  ("change", .string(item.change.rawValue)),
                ]))
            }
          })
      ))
    root.append(
      (
        "package_targets",
        .array(
          plan.packageTargets.flatMap { package in
            package.changes.map { change in
              .object(
                LiquidObject([
                  ("path", .string(relative(package.file.path))),
                  ("module", .string(change.module)), ("kind", .string(change.kind.rawValue)),
                  ("target", .string(change.target)),
                ]))
            }
          })
      ))
    var summary = LiquidObject()
    for action in PlannedFile.Action.allCases {
      summary[action.rawValue] = .int(plan.count(action))
    }
    summary["stale"] = .int(plan.stale.filter { $0.state != .deleted }.count)
    root.append(("summary", .object(summary)))
    return root + extra
  }
}
