/// What Xcode records about a kind of file (its `lastKnownFileType`) and where a target's build
/// takes it: sources are compiled, resources copied into the bundle, headers and the rest only
/// referenced.
package struct FileType: Sendable, Equatable {
  package enum Role: String, Sendable, Equatable {
    /// Compiled: the target's Sources phase.
    case source
    /// Copied: the target's Resources phase.
    case resource
    /// A header: referenced, in no phase.
    case header
    /// Referenced only (build settings, documentation, scripts).
    case none
  }

  /// The `lastKnownFileType` Xcode writes.
  package var identifier: String
  package var role: Role
  /// A folder Xcode treats as one file, such as an asset catalog: the reference is to the
  /// folder, never to the files inside it.
  package var isContainer: Bool

  package init(_ identifier: String, _ role: Role, container: Bool = false) {
    self.identifier = identifier
    self.role = role
    self.isContainer = container
  }

  /// The type of a file, by name: Xcode's identifier for its extension (compared without case),
  /// `Info.plist` referenced only, anything unknown a plain `file` referenced only.
  package static func of(_ path: String) -> FileType {
    let name = ProjectPath.lastComponent(path)
    if name == "Info.plist" { return FileType("text.plist.xml", .none) }
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return unknown }
    let pathExtension = String(name[name.index(after: dot)...]).lowercased()
    return byExtension[pathExtension] ?? unknown
  }

  package static let unknown = FileType("file", .none)

  /// Whether a folder with this name is one Xcode treats as a single file.
  static func isContainer(folderName: String) -> Bool {
    guard folderName.contains(".") else { return false }
    return of(folderName).isContainer
  }

  /// The components of the path a file's reference has: the file's own, or for a file inside an
  /// asset catalog (or another folder Xcode treats as one file) the outermost such folder's.
  /// Adding and removing a file both go through it, so that removing what was added finds it.
  static func referencedComponents(_ parts: [String]) -> [String] {
    guard let container = parts.dropLast().firstIndex(where: isContainer) else { return parts }
    return Array(parts[...container])
  }

  /// Xcode's file types by extension (lower case).
  package static let byExtension: [String: FileType] = [
    // Compiled.
    "swift": FileType("sourcecode.swift", .source),
    "m": FileType("sourcecode.c.objc", .source),
    "mm": FileType("sourcecode.cpp.objcpp", .source),
    "c": FileType("sourcecode.c.c", .source),
    "cc": FileType("sourcecode.cpp.cpp", .source),
    "cpp": FileType("sourcecode.cpp.cpp", .source),
    "cxx": FileType("sourcecode.cpp.cpp", .source),
    "s": FileType("sourcecode.asm", .source),
    "metal": FileType("sourcecode.metal", .source),
    "l": FileType("sourcecode.lex", .source),
    "y": FileType("sourcecode.yacc", .source),
    "intentdefinition": FileType("file.intentdefinition", .source),
    "mlmodel": FileType("file.mlmodel", .source),
    "mlpackage": FileType("folder.mlpackage", .source, container: true),
    "xcdatamodeld": FileType("wrapper.xcdatamodeld", .source, container: true),
    "xcmappingmodel": FileType("wrapper.xcmappingmodel", .source, container: true),
    "docc": FileType("folder.documentationcatalog", .source, container: true),
    // Headers.
    "h": FileType("sourcecode.c.h", .header),
    "hh": FileType("sourcecode.cpp.h", .header),
    "hpp": FileType("sourcecode.cpp.h", .header),
    "hxx": FileType("sourcecode.cpp.h", .header),
    "pch": FileType("sourcecode.c.h", .header),
    // Copied into the bundle.
    "xib": FileType("file.xib", .resource),
    "storyboard": FileType("file.storyboard", .resource),
    "xcassets": FileType("folder.assetcatalog", .resource, container: true),
    "xcstrings": FileType("text.json.xcstrings", .resource),
    "strings": FileType("text.plist.strings", .resource),
    "stringsdict": FileType("text.plist.stringsdict", .resource),
    "json": FileType("text.json", .resource),
    "plist": FileType("text.plist.xml", .resource),
    "xcprivacy": FileType("text.xml", .resource),
    "xml": FileType("text.xml", .resource),
    "html": FileType("text.html", .resource),
    "css": FileType("text.css", .resource),
    "js": FileType("sourcecode.javascript", .resource),
    "png": FileType("image.png", .resource),
    "jpg": FileType("image.jpeg", .resource),
    "jpeg": FileType("image.jpeg", .resource),
    "gif": FileType("image.gif", .resource),
    "pdf": FileType("image.pdf", .resource),
    "ttf": FileType("file", .resource),
    "otf": FileType("file", .resource),
    "mp3": FileType("audio.mp3", .resource),
    "wav": FileType("audio.wav", .resource),
    "mov": FileType("video.quicktime", .resource),
    "sks": FileType("file.sks", .resource),
    "bundle": FileType("wrapper.plug-in", .resource, container: true),
    "scnassets": FileType("wrapper.scnassets", .resource, container: true),
    // Referenced only.
    "xcconfig": FileType("text.xcconfig", .none),
    "entitlements": FileType("text.plist.entitlements", .none),
    "modulemap": FileType("sourcecode.module-map", .none),
    "xctestplan": FileType("text", .none),
    "md": FileType("net.daringfireball.markdown", .none),
    "txt": FileType("text", .none),
    "yml": FileType("text.yaml", .none),
    "yaml": FileType("text.yaml", .none),
    "sh": FileType("text.script.sh", .none),
    "py": FileType("text.script.python", .none),
    "rb": FileType("text.script.ruby", .none),
  ]
}
