extension GenerationSetup {
  /// The `--set key=value` parameters, in order.
  static func setParameters(_ arguments: ParsedArguments, command: String) throws -> [(
    String, String
  )] {
    var parameters: [(String, String)] = []
    for assignment in arguments.all(.set) {
      guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
        throw UsageError("--set takes key=value, not '\(assignment)'", command: command)
      }
      parameters.append(
        (String(assignment[..<equals]), String(assignment[assignment.index(after: equals)...])))
    }
    return parameters
  }
}
