/// Arguments as parsed against a spec: positionals in order, options by name. Options are read
/// through their declarations; reading one the command does not declare is a programming error
/// (an assertion in debug builds and tests, `nil`/`false` otherwise).
package struct ParsedArguments: Sendable {
  package var positional: [String] = []
  package var values: [String: [String]] = [:]
  package var flags: Set<String> = []
  /// The names of the options the command declares.
  var declared: Set<String> = []

  package func value(_ option: CommandSpec.Option) -> String? { all(option).last }

  package func all(_ option: CommandSpec.Option) -> [String] {
    assert(option.valueName != nil, "--\(option.name) is a flag; read it with flag(_:)")
    return isDeclared(option) ? values[option.name] ?? [] : []
  }

  package func flag(_ option: CommandSpec.Option) -> Bool {
    assert(option.valueName == nil, "--\(option.name) takes a value; read it with value(_:)")
    return isDeclared(option) && flags.contains(option.name)
  }

  /// Whether the command declares `option`; asserts it does.
  func isDeclared(_ option: CommandSpec.Option) -> Bool {
    let declared = self.declared.contains(option.name)
    assert(declared, "--\(option.name) is read but not declared by the command")
    return declared
  }
}
