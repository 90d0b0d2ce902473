/// A large `project.pbxproj` in Xcode's format, written directly (not with the library it
/// measures): `targets` targets, half of them frameworks and half their unit tests, with
/// `files` Swift files spread evenly over them in folders of 20 files, each file in its
/// target's Sources phase.
struct SyntheticProject {
  var files: Int
  var targets: Int

  private struct Target {
    var name: String
    var id: String
    var product: String
    var sources: String
    var frameworks: String
    var resources: String
    var configurationList: String
    var configurations: [String]
    var group: String
    var isTest: Bool
    var buildFiles: [(id: String, name: String)] = []
  }

  func text() -> String {
    var counter = 0
    func id() -> String {
      counter += 1
      let hex = String(counter, radix: 16, uppercase: true)
      return "A1B2C3D4" + String(repeating: "0", count: 16 - hex.count) + hex
    }
    let root = id()
    let mainGroup = id()
    let productsGroup = id()
    let projectList = id()
    let projectConfigurations = [id(), id()]
    var sections: [String: [String]] = [:]
    func add(_ isa: String, _ line: String) { sections[isa, default: []].append(line) }

    var targets: [Target] = []
    for index in 0..<self.targets {
      let features = self.targets / 2
      let isTest = index >= features
      let base = "Feature" + pad(index % max(features, 1), 2)
      targets.append(
        Target(
          name: isTest ? base + "Tests" : base, id: id(), product: id(), sources: id(),
          frameworks: id(), resources: id(), configurationList: id(),
          configurations: [id(), id()], group: id(), isTest: isTest))
    }
    let filesPerTarget = files / max(self.targets, 1)
    var mainChildren: [String] = []
    for index in targets.indices {
      var target = targets[index]
      var folderChildren: [String] = []
      var folder = 0
      while folder * 20 < filesPerTarget {
        let folderID = id()
        let folderName = "Folder" + pad(folder, 3)
        var children: [String] = []
        for number in 0..<min(20, filesPerTarget - folder * 20) {
          let name = target.name + "File" + pad(folder * 20 + number, 4) + ".swift"
          let fileID = id()
          let buildID = id()
          add(
            "PBXFileReference",
            "\t\t\(fileID) /* \(name) */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \(name); sourceTree = \"<group>\"; };"
          )
          add(
            "PBXBuildFile",
            "\t\t\(buildID) /* \(name) in Sources */ = {isa = PBXBuildFile; fileRef = \(fileID) /* \(name) */; };"
          )
          children.append("\t\t\t\t\(fileID) /* \(name) */,")
          target.buildFiles.append((buildID, name))
        }
        add("PBXGroup", group(folderID, folderName, path: folderName, children))
        folderChildren.append("\t\t\t\t\(folderID) /* \(folderName) */,")
        folder += 1
      }
      add("PBXGroup", group(target.group, target.name, path: target.name, folderChildren))
      mainChildren.append("\t\t\t\t\(target.group) /* \(target.name) */,")
      let productName = target.name + (target.isTest ? ".xctest" : ".framework")
      add(
        "PBXFileReference",
        "\t\t\(target.product) /* \(productName) */ = {isa = PBXFileReference; explicitFileType = \(target.isTest ? "wrapper.cfbundle" : "wrapper.framework"); includeInIndex = 0; path = \(productName); sourceTree = BUILT_PRODUCTS_DIR; };"
      )
      add(
        "PBXSourcesBuildPhase",
        phase(
          target.sources, "Sources", "PBXSourcesBuildPhase",
          target.buildFiles.map { "\t\t\t\t\($0.id) /* \($0.name) in Sources */," }))
      add(
        "PBXFrameworksBuildPhase",
        phase(target.frameworks, "Frameworks", "PBXFrameworksBuildPhase", []))
      add(
        "PBXResourcesBuildPhase", phase(target.resources, "Resources", "PBXResourcesBuildPhase", [])
      )
      add(
        "PBXNativeTarget",
        """
        \t\t\(target.id) /* \(target.name) */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = \(target.configurationList) /* Build configuration list for PBXNativeTarget "\(target.name)" */;
        \t\t\tbuildPhases = (
        \t\t\t\t\(target.sources) /* Sources */,
        \t\t\t\t\(target.frameworks) /* Frameworks */,
        \t\t\t\t\(target.resources) /* Resources */,
        \t\t\t);
        \t\t\tbuildRules = (
        \t\t\t);
        \t\t\tdependencies = (
        \t\t\t);
        \t\t\tname = \(target.name);
        \t\t\tproductName = \(target.name);
        \t\t\tproductReference = \(target.product) /* \(productName) */;
        \t\t\tproductType = "com.apple.product-type.\(target.isTest ? "bundle.unit-test" : "framework")";
        \t\t};
        """)
      add(
        "XCConfigurationList",
        configurationList(
          target.configurationList, "PBXNativeTarget \"\(target.name)\"", target.configurations))
      for (configuration, name) in zip(target.configurations, ["Debug", "Release"]) {
        add("XCBuildConfiguration", buildConfiguration(configuration, name, target.name))
      }
      targets[index] = target
    }
    mainChildren.append("\t\t\t\t\(productsGroup) /* Products */,")
    add("PBXGroup", group(mainGroup, nil, path: nil, mainChildren))
    add(
      "PBXGroup",
      group(
        productsGroup, "Products", path: nil,
        targets.map {
          "\t\t\t\t\($0.product) /* \($0.name + ($0.isTest ? ".xctest" : ".framework")) */,"
        }))
    add(
      "PBXProject",
      """
      \t\t\(root) /* Project object */ = {
      \t\t\tisa = PBXProject;
      \t\t\tbuildConfigurationList = \(projectList) /* Build configuration list for PBXProject "Synthetic" */;
      \t\t\tcompatibilityVersion = "Xcode 14.0";
      \t\t\tdevelopmentRegion = en;
      \t\t\thasScannedForEncodings = 0;
      \t\t\tknownRegions = (
      \t\t\t\ten,
      \t\t\t\tBase,
      \t\t\t);
      \t\t\tmainGroup = \(mainGroup);
      \t\t\tproductRefGroup = \(productsGroup) /* Products */;
      \t\t\tprojectDirPath = "";
      \t\t\tprojectRoot = "";
      \t\t\ttargets = (
      \(targets.map { "\t\t\t\t\($0.id) /* \($0.name) */," }.joined(separator: "\n"))
      \t\t\t);
      \t\t};
      """)
    add(
      "XCConfigurationList",
      configurationList(projectList, "PBXProject \"Synthetic\"", projectConfigurations))
    for (configuration, name) in zip(projectConfigurations, ["Debug", "Release"]) {
      add("XCBuildConfiguration", buildConfiguration(configuration, name, nil))
    }

    var text =
      "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n"
    for isa in sections.keys.sorted() {
      // Objects sorted by ID, as Xcode keeps them.
      let lines = sections[isa, default: []].sorted {
        $0.dropFirst(2).prefix(24) < $1.dropFirst(2).prefix(24)
      }
      text +=
        "\n/* Begin \(isa) section */\n" + lines.joined(separator: "\n")
        + "\n/* End \(isa) section */\n"
    }
    text += "\t};\n\trootObject = \(root) /* Project object */;\n}\n"
    return text
  }

  private func pad(_ number: Int, _ width: Int) -> String {
    let text = String(number)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  private func group(_ id: String, _ name: String?, path: String?, _ children: [String]) -> String {
    var lines = [
      "\t\t\(id)\(name.map { " /* \($0) */" } ?? "") = {", "\t\t\tisa = PBXGroup;",
      "\t\t\tchildren = (",
    ]
    lines += children
    lines.append("\t\t\t);")
    if let path {
      lines.append("\t\t\tpath = \(path);")
    } else if let name {
      lines.append("\t\t\tname = \(name);")
    }
    lines += ["\t\t\tsourceTree = \"<group>\";", "\t\t};"]
    return lines.joined(separator: "\n")
  }

  private func phase(_ id: String, _ name: String, _ isa: String, _ files: [String]) -> String {
    ([
      "\t\t\(id) /* \(name) */ = {", "\t\t\tisa = \(isa);", "\t\t\tbuildActionMask = 2147483647;",
      "\t\t\tfiles = (",
    ]
      + files + ["\t\t\t);", "\t\t\trunOnlyForDeploymentPostprocessing = 0;", "\t\t};"]).joined(
        separator: "\n")
  }

  private func configurationList(_ id: String, _ owner: String, _ configurations: [String])
    -> String
  {
    """
    \t\t\(id) /* Build configuration list for \(owner) */ = {
    \t\t\tisa = XCConfigurationList;
    \t\t\tbuildConfigurations = (
    \t\t\t\t\(configurations[0]) /* Debug */,
    \t\t\t\t\(configurations[1]) /* Release */,
    \t\t\t);
    \t\t\tdefaultConfigurationIsVisible = 0;
    \t\t\tdefaultConfigurationName = Release;
    \t\t};
    """
  }

  private func buildConfiguration(_ id: String, _ name: String, _ target: String?) -> String {
    var settings = [
      "\t\t\t\tCLANG_ENABLE_MODULES = YES;", "\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 16.0;",
      "\t\t\t\tSDKROOT = iphoneos;", "\t\t\t\tSWIFT_VERSION = 5.0;",
    ]
    if let target {
      settings += [
        "\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = \"com.example.\(target)\";",
        "\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";",
      ]
    }
    return
      ([
        "\t\t\(id) /* \(name) */ = {", "\t\t\tisa = XCBuildConfiguration;",
        "\t\t\tbuildSettings = {",
      ]
      + settings + ["\t\t\t};", "\t\t\tname = \(name);", "\t\t};"]).joined(separator: "\n")
  }
}
