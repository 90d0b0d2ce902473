import Testing

@testable import XcodeProject

/// Xcode's file types and where a build takes each kind of file.
@Suite struct FileTypeTests {
  /// File name → `lastKnownFileType` and role, as Xcode records them.
  static let table: [(String, String, FileType.Role)] = [
    ("View.swift", "sourcecode.swift", .source),
    ("Legacy.m", "sourcecode.c.objc", .source),
    ("Bridge.mm", "sourcecode.cpp.objcpp", .source),
    ("Engine.cpp", "sourcecode.cpp.cpp", .source),
    ("Engine.cc", "sourcecode.cpp.cpp", .source),
    ("Math.c", "sourcecode.c.c", .source),
    ("Shader.metal", "sourcecode.metal", .source),
    ("Intents.intentdefinition", "file.intentdefinition", .source),
    ("Model.xcdatamodeld", "wrapper.xcdatamodeld", .source),
    ("Legacy.h", "sourcecode.c.h", .header),
    ("Engine.hpp", "sourcecode.cpp.h", .header),
    ("Prefix.pch", "sourcecode.c.h", .header),
    ("Cell.xib", "file.xib", .resource),
    ("Main.storyboard", "file.storyboard", .resource),
    ("Assets.xcassets", "folder.assetcatalog", .resource),
    ("data.json", "text.json", .resource),
    ("Localizable.strings", "text.plist.strings", .resource),
    ("Localizable.stringsdict", "text.plist.stringsdict", .resource),
    ("Localizable.xcstrings", "text.json.xcstrings", .resource),
    ("Settings.plist", "text.plist.xml", .resource),
    ("PrivacyInfo.xcprivacy", "text.xml", .resource),
    ("logo.png", "image.png", .resource),
    ("photo.JPG", "image.jpeg", .resource),
    ("Font.ttf", "file", .resource),
    ("Info.plist", "text.plist.xml", .none),
    ("Debug.xcconfig", "text.xcconfig", .none),
    ("App.entitlements", "text.plist.entitlements", .none),
    ("module.modulemap", "sourcecode.module-map", .none),
    ("README.md", "net.daringfireball.markdown", .none),
    ("Plan.xctestplan", "text", .none),
    ("LICENSE", "file", .none),
    (".gitkeep", "file", .none),
    ("archive.unknownext", "file", .none),
  ]

  @Test(arguments: table) func typesAndRoles(
    _ name: String, _ identifier: String, _ role: FileType.Role
  ) {
    let type = FileType.of("Some/Folder/" + name)
    #expect(type.identifier == identifier)
    #expect(type.role == role)
  }

  @Test func foldersXcodeTreatsAsOneFile() {
    for name in [
      "Assets.xcassets", "Model.xcdatamodeld", "Plugin.bundle", "Docs.docc", "Scene.scnassets",
    ] {
      #expect(FileType.isContainer(folderName: name), "\(name)")
    }
    for name in ["Views", "en.lproj", "Home.swift", "Info.plist"] {
      #expect(!FileType.isContainer(folderName: name), "\(name)")
    }
  }
}
