/// A folder's files as far as choosing a template needs them, each read once.
final class FolderContents {
  let folder: String
  let fileSystem: any FileSystem
  private var lines: [String: Set<String>] = [:]
  private var protocols: [String: Set<String>] = [:]

  init(folder: String, fileSystem: any FileSystem) {
    self.folder = folder
    self.fileSystem = fileSystem
  }

  /// How well `shape` fits: its files there, its role protocols and sections there less those
  /// not there, and the lines of its rendering there (what tells apart the parameters that
  /// change only the files' texts, as MVVM's binding); nil when none of its files is there.
  func score(of shape: TemplateShape) -> [Int]? {
    let files = shape.files.filter { fileSystem.fileExists(atPath: joinPath(folder, $0)) }
    guard !files.isEmpty else { return nil }
    let places =
      shape.protocols.values.map { protocolNames($0.file).contains($0.name) ? 1 : -1 }
      + shape.sections.values.map { lines(of: $0.file).contains($0.mark) ? 1 : -1 }
    let sameLines = files.reduce(0) { count, file in
      count + lines(of: file).intersection(Self.trimmedLines(shape.texts[file] ?? "")).count
    }
    return [files.count, places.reduce(0, +), sameLines]
  }

  /// The lines of `text` without their indentation.
  static func trimmedLines(_ text: String) -> Set<String> {
    Set(text.split(separator: "\n").map { String($0).trimmingCharacters() })
  }

  private func text(_ file: String) -> String {
    String(
      decoding: (try? fileSystem.readFile(atPath: joinPath(folder, file))) ?? [], as: UTF8.self)
  }

  private func lines(of file: String) -> Set<String> {
    if let cached = lines[file] { return cached }
    let read = Self.trimmedLines(text(file))
    lines[file] = read
    return read
  }

  private func protocolNames(_ file: String) -> Set<String> {
    if let cached = protocols[file] { return cached }
    let read = Set(
      SwiftDeclarations(path: file, text: text(file)).topLevel
        .filter { $0.keyword == "protocol" }.compactMap(\.name))
    protocols[file] = read
    return read
  }
}
