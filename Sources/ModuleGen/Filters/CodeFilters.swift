import Liquid

extension FilterSet {
  /// Liquid's standard filters and modulegen's filters for generating code: what every template
  /// modulegen renders may use (`gen`, `render`, `templates lint`, paths and conditions in
  /// template.yml, Xcode group patterns).
  package static let moduleGen: FilterSet = {
    var set = FilterSet.standard
    registerCodeFilters(&set)
    return set
  }()
}

/// Filters for generating code, beyond standard Liquid. Add a filter here, and to the filter
/// table of docs/GUIDE.md and the list of Templates/README.md: CodeFiltersTests fails until both
/// name it.
private func registerCodeFilters(_ set: inout FilterSet) {
  func unary(_ name: String, _ transform: @escaping @Sendable (String) -> String) {
    set[name] = Filter { input, args in .string(transform(try args.text(input))) }
  }
  unary("camel_case", CaseConversion.camelCase)
  unary("pascal_case", CaseConversion.pascalCase)
  unary("snake_case") { CaseConversion.words($0).map { $0.lowercased() }.joined(separator: "_") }
  unary("title_case", CaseConversion.titleCase)
  unary("kebab_case") { CaseConversion.words($0).map { $0.lowercased() }.joined(separator: "-") }
  unary("upper_first") { s in (s.first.map { String($0).uppercased() } ?? "") + s.dropFirst() }
  unary("lower_first") { s in (s.first.map { String($0).lowercased() } ?? "") + s.dropFirst() }
  unary("swift_identifier", SwiftName.escaped)
  set["json"] = Filter(arguments: 0...1) { input, args in
    let indent = args[0] == nil ? nil : try toInteger(args[0], "json indentation")
    if let indent, indent < 0 { throw FilterFailure("json indentation must not be negative") }
    var writer = JSONWriter(indent: indent, limit: args.environment.limits.maxOutputBytes)
    guard writer.write(input, level: 0) else {
      throw FilterFailure.largerThanOutputLimit("the JSON text", limit: writer.limit)
    }
    return .string(writer.out)
  }
  set["indent"] = Filter(arguments: 1...1) { input, args in
    let width = try toInteger(args[0], "indent width")
    guard width >= 0 else { throw FilterFailure("indent width must not be negative") }
    let text = try args.text(input)
    // Lines split as bytes: every `\n` ends a line, also the one of a `\r\n`.
    let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let padded = lines.count { !$0.isEmpty }
    let (padding, overflow) = width.multipliedReportingOverflow(by: padded)
    try args.checkTextSize(
      overflow ? .max : saturatingAdd(text.utf8.count, padding), "the indented text")
    let spaces = String(repeating: " ", count: padded == 0 ? 0 : width)
    var indented = ""
    indented.reserveCapacity(text.utf8.count + padding)
    for (number, line) in lines.enumerated() {
      if number > 0 { indented += "\n" }
      if !line.isEmpty { indented += spaces + Substring(line) }
    }
    return .string(indented)
  }
  set["pluralize"] = Filter(arguments: 0...1) { input, args in
    let text = try args.text(input)
    if let count = try? args[0]?.number, count == .int(1) || count == .double(1) {
      return .string(text)
    }
    return .string(Inflection.plural(text))
  }
}
