import Diagnostics

/// Why a project file could not be read or edited, and where. Nothing is written when one is
/// thrown.
package struct XcodeProjectError: DiagnosticConvertible, Sendable, Equatable,
  CustomStringConvertible
{
  package enum Reason: Sendable, Equatable {
    case unexpectedCharacter(String, expected: String)
    case unexpectedEnd(expected: String)
    case unterminatedString
    case unterminatedComment
    case invalidData
    case textAfterEnd
    case mergeConflict
    case nestingTooDeep(limit: Int)
    case fileTooLarge
    case notUTF8(byte: UInt8)
    case cannotRead(String)
    case notAProject(String)
    case missingObject(id: String, from: String)
    case unknownTarget(String, suggestion: String?, available: [String])
    case notABuildTarget(String, isa: String)
    case unknownGroup(String, suggestion: String?)
    case invalidPath(String, problem: String)
  }

  package var reason: Reason
  /// The project file, as the caller named it.
  package var file: String
  /// Where in the file, its `file` the same as the error's.
  package var location: SourceLocation?

  package init(_ reason: Reason, file: String, location: SourceLocation? = nil) {
    self.reason = reason
    self.file = file
    self.location = location
  }

  /// The message without the location.
  package var message: String {
    switch reason {
    case .unexpectedCharacter(let character, let expected):
      return "unexpected \(character), expected \(expected)"
    case .unexpectedEnd(let expected):
      return "unexpected end of file, expected \(expected)"
    case .unterminatedString:
      return "unterminated string: no closing '\"'"
    case .unterminatedComment:
      return "unterminated comment: no closing '*/'"
    case .invalidData:
      return "invalid data: expected hexadecimal digits and a closing '>'"
    case .mergeConflict:
      return
        "unresolved merge conflict: keep the lines each side needs and delete the '<<<<<<<', '=======' and '>>>>>>>' lines"
    case .textAfterEnd:
      return "unexpected text after the end of the project"
    case .nestingTooDeep(let limit):
      return "values are nested more than \(limit) levels deep"
    case .fileTooLarge:
      return "the project file is larger than 512 MiB"
    case .notUTF8(let byte):
      return "the project file is not UTF-8 text: " + UTF8Validation.problem(byte: byte)
    case .cannotRead(let problem):
      return "cannot read the project file: \(problem)"
    case .notAProject(let problem):
      return "not an Xcode project: \(problem)"
    case .missingObject(let id, let from):
      return Self.missingObjectMessage(id: id, from: from)
    case .unknownTarget(let name, let suggestion, let available):
      let known = available.isEmpty ? "it has none" : "it has " + available.joined(separator: ", ")
      let hint = suggestion.map(Suggestion.didYouMean) ?? " (\(known))"
      return "the project has no target named '\(name)'\(hint)"
    case .notABuildTarget(let name, let isa):
      return "target '\(name)' is a \(isa), which cannot hold source files"
    case .unknownGroup(let path, let suggestion):
      return "the project has no group '\(path)'"
        + (suggestion.map(Suggestion.didYouMean) ?? "")
    case .invalidPath(let path, let problem):
      return "invalid path '\(path)': \(problem)"
    }
  }

  /// `from` (what holds the reference: "the project's 'targets'") names an object the project's
  /// `objects` lack.
  package static func missingObjectMessage(id: String, from: String) -> String {
    "\(from) refers to object \(id), which the project does not have"
  }

  /// `file:line:col: error: message`, or `file: error: message` when there is no location.
  package var description: String {
    let origin = location.map { "\(file):\($0.line):\($0.column)" } ?? file
    return "\(origin): error: \(message)"
  }

  /// The error at its line and column, with the line; without a location, a message that names
  /// the project (the `.xcodeproj` holding the file): "App.xcodeproj has no target named 'Ap'".
  package var diagnostic: Diagnostic {
    if let location { return Diagnostic(message: message, location: location) }
    var name = file
    if name.hasSuffix("/project.pbxproj") { name.removeLast("/project.pbxproj".count) }
    let subject = "the project "
    return Diagnostic(
      message: message.hasPrefix(subject)
        ? name + " " + message.dropFirst(subject.count) : "\(name): \(message)")
  }
}
