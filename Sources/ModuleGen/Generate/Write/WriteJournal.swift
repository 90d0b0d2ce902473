/// What one run is about to do inside one output root, written before the first visible
/// change so that the next run can finish or undo it after a kill.
///
/// A run (a transaction) spans every root it writes into. Each root gets its own run folder,
/// `ROOT/.modulegen-run-ID/`, holding the staged files (`N`), backups of replaced files
/// (`N.old`, hard links to the old content) and this journal. The run is committed when the
/// `commit` file appears in the run folder of its first root (the primary): from then on an
/// interrupted run is completed, before that it is rolled back.
struct WriteJournal: Equatable, Sendable {
  enum Kind: String, Sendable {
    /// A new file: the staged file is renamed into place (where nothing is).
    case create
    /// An existing file: backed up, then atomically replaced by the staged file.
    case replace
    /// An existing file to delete (`gen --prune`, unused base copies): backed up, then unlinked.
    case remove
  }

  struct Operation: Equatable, Sendable {
    var kind: Kind
    /// The staged file and its backup in the run folder: `N` and `N.old`.
    var number: Int
    /// The file, relative to the root.
    var path: String
    /// What the file held when the run backed it up (`replace`, `remove`): the run that
    /// finishes a killed one keeps a file that holds something else by then, even one edited
    /// in place, which its backup (a hard link) follows.
    var was: Original? = nil
  }

  /// What a file held when a run backed it up: its signature, which tells a change without
  /// reading the file (hashing a large project file was most of a run's time), or where it has
  /// none (changed within the clock's tick, or a plan compares its content) the hash of its
  /// content.
  enum Original: Equatable, Sendable {
    case hash(String)
    case signature(FileSignature)

    var text: String {
      switch self {
      case .hash(let hash): hash
      case .signature(let signature): signature.text
      }
    }

    init?(text: String) {
      if GenerationRecord.isHash(text) {
        self = .hash(text)
      } else if let signature = FileSignature(text: text) {
        self = .signature(signature)
      } else {
        return nil
      }
    }
  }

  var transaction: String
  /// The primary root first (absolute paths); in the primary's own journal, every root of the
  /// transaction.
  var roots: [String]
  /// Folders this run creates in this root for its files, relative, outermost first.
  var folders: [String]
  var operations: [Operation]

  static let header = "modulegen journal 1"
  static let runFolderPrefix = ".modulegen-run-"
  static let lockFileName = ".modulegen-run.lock"
  static let fileName = "journal"
  static let commitFileName = "commit"

  var primary: String { roots.first ?? "" }

  static func runFolder(in root: String, transaction: String) -> String {
    joinPath(root, runFolderPrefix + transaction)
  }

  /// The transaction of a run folder's name, if it is one.
  static func transaction(ofFolderNamed name: String) -> String? {
    let prefix = Array(runFolderPrefix.utf8)
    let bytes = Array(name.utf8)
    guard bytes.count > prefix.count, bytes.starts(with: prefix),
      bytes[prefix.count...].allSatisfy(isIdentifierByte)
    else { return nil }
    return String(decoding: bytes[prefix.count...], as: UTF8.self)
  }

  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "-")
  }

  // MARK: - Text

  var text: String {
    var out = Self.header + "\n" + "transaction \(transaction)\n"
    for root in roots { out += "root \(Self.escape(root))\n" }
    for folder in folders { out += "folder \(Self.escape(folder))\n" }
    for operation in operations {
      out += "\(operation.kind.rawValue) \(operation.number) \(Self.escape(operation.path))\n"
      if let was = operation.was { out += "was \(operation.number) \(was.text)\n" }
    }
    return out + "end\n"
  }

  /// Reads a journal; nil when it is incomplete or not one. Every path in it is checked as
  /// if it came from a user: a journal is a file on disk like any other.
  init?(text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.first == Substring(Self.header), lines.count >= 3,
      lines[lines.count - 2] == "end", lines.last == ""
    else { return nil }
    transaction = ""
    roots = []
    folders = []
    operations = []
    for line in lines.dropFirst().dropLast(2) {
      let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else { return nil }
      let value = String(parts[1])
      switch parts[0] {
      case "transaction":
        guard value.utf8.allSatisfy(Self.isIdentifierByte), !value.isEmpty else { return nil }
        transaction = value
      case "root":
        guard let root = Self.unescape(value), root.utf8.first == PathSafety.slash else {
          return nil
        }
        roots.append(root)
      case "folder":
        guard let folder = Self.unescape(value), Self.isSafeRelative(folder) else { return nil }
        folders.append(folder)
      case "was":
        // What the file of the operation on the line before held.
        let fields = value.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 2, let last = operations.indices.last,
          operations[last].kind != .create, operations[last].was == nil,
          Int(fields[0]) == operations[last].number,
          let was = Original(text: String(fields[1]))
        else { return nil }
        operations[last].was = was
      default:
        let fields = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        guard let kind = Kind(rawValue: String(parts[0])), fields.count == 2,
          let number = Int(fields[0]), number >= 0,
          let path = Self.unescape(String(fields[1])), Self.isSafeRelative(path)
        else { return nil }
        operations.append(Operation(kind: kind, number: number, path: path))
      }
    }
    guard !transaction.isEmpty, !roots.isEmpty else { return nil }
  }

  init(transaction: String, roots: [String], folders: [String], operations: [Operation]) {
    self.transaction = transaction
    self.roots = roots
    self.folders = folders
    self.operations = operations
  }

  private static func isSafeRelative(_ path: String) -> Bool {
    (try? PathSafety.components(of: path)) != nil
  }

  /// Percent-escapes `%` and line breaks, the only bytes the line format cannot hold.
  static func escape(_ text: String) -> String {
    guard
      text.utf8.contains(where: {
        $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
      })
    else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\n": out += "%0A"
      case "\r": out += "%0D"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  static func unescape(_ text: String) -> String? {
    guard text.contains("%") else { return text }
    var out = ""
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "%" else {
        out.unicodeScalars.append(scalar)
        continue
      }
      let code = String(String.UnicodeScalarView(scalars.prefix(2)))
      scalars = scalars.dropFirst(2)
      switch code {
      case "25": out += "%"
      case "0A": out += "\n"
      case "0D": out += "\r"
      default: return nil
      }
    }
    return out
  }
}
