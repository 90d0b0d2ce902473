/// The keys of project objects this library reads or writes.
enum Key {
  static let isa = "isa"
  static let objects = "objects"
  static let rootObject = "rootObject"
  static let mainGroup = "mainGroup"
  static let targets = "targets"
  static let projectDirPath = "projectDirPath"
  static let name = "name"
  static let path = "path"
  static let sourceTree = "sourceTree"
  static let children = "children"
  static let files = "files"
  static let fileRef = "fileRef"
  static let buildPhases = "buildPhases"
  static let productType = "productType"
  static let lastKnownFileType = "lastKnownFileType"
  static let buildActionMask = "buildActionMask"
  static let runOnlyForDeploymentPostprocessing = "runOnlyForDeploymentPostprocessing"
  static let fileSystemSynchronizedGroups = "fileSystemSynchronizedGroups"
  static let exceptions = "exceptions"
  static let membershipExceptions = "membershipExceptions"
  static let target = "target"
}

/// The `isa` of the project objects this library reads or writes.
enum Isa {
  static let project = "PBXProject"
  static let group = "PBXGroup"
  static let variantGroup = "PBXVariantGroup"
  static let fileReference = "PBXFileReference"
  static let buildFile = "PBXBuildFile"
  static let nativeTarget = "PBXNativeTarget"
  static let sourcesBuildPhase = "PBXSourcesBuildPhase"
  static let resourcesBuildPhase = "PBXResourcesBuildPhase"
  static let frameworksBuildPhase = "PBXFrameworksBuildPhase"
  static let synchronizedRootGroup = "PBXFileSystemSynchronizedRootGroup"
  static let synchronizedBuildFileExceptionSet = "PBXFileSystemSynchronizedBuildFileExceptionSet"
}

/// Values of `sourceTree`: what a group's or file's `path` is relative to.
enum SourceTree {
  static let group = "<group>"
  static let sourceRoot = "SOURCE_ROOT"
  static let absolute = "<absolute>"
}
