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
    var text = try args.text(input)
    // Lines read as bytes: every `\n` ends a line, also the one of a `\r\n` (the text's lines
    // split into an array of slices cost about 9,000 instructions a snippet).
    return try text.withUTF8 { bytes in
      let newline = UInt8(ascii: "\n")
      var padded = 0
      var lineStart = 0
      for end in 0...bytes.count where end == bytes.count || bytes[end] == newline {
        if end > lineStart { padded += 1 }
        lineStart = end + 1
      }
      let (padding, overflow) = width.multipliedReportingOverflow(by: padded)
      try args.checkTextSize(
        overflow ? .max : saturatingAdd(bytes.count, padding), "the indented text")
      var indented: [UInt8] = []
      indented.reserveCapacity(bytes.count + padding)
      lineStart = 0
      for end in 0...bytes.count where end == bytes.count || bytes[end] == newline {
        if end > lineStart {
          indented.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width))
          indented.append(contentsOf: bytes[lineStart..<end])
        }
        if end < bytes.count { indented.append(newline) }
        lineStart = end + 1
      }
      return .string(String(decoding: indented, as: UTF8.self))
    }
  }
  set["pluralize"] = Filter(arguments: 0...1) { input, args in
    let text = try args.text(input)
    if let count = try? args[0]?.number, count == .int(1) || count == .double(1) {
      return .string(text)
    }
    return .string(Inflection.plural(text))
  }
}
