import Foundation

/// An independent reader of project files for the differential tests of the Xcode project
/// library and of modulegen: the PyPI package `pbxproj` (and the `openstep_parser` it reads
/// with), run by python3.
package enum PbxprojReader {
  /// For each project file: its objects as plain values, and for every file reference the
  /// group path Xcode shows, the path it stands for and the targets (with phase) that build it.
  /// Checked against the package (4.3): it finds parents and build phases; its `get_name` and
  /// `get_file_type` fail on variant groups and on references without `lastKnownFileType`, so
  /// those values are read from the raw objects.
  static let harness = #"""
    import json, os, sys
    from openstep_parser import OpenStepDecoder
    from pbxproj import XcodeProject

    PHASES = {"PBXSourcesBuildPhase": "Sources", "PBXResourcesBuildPhase": "Resources",
              "PBXHeadersBuildPhase": "Headers", "PBXFrameworksBuildPhase": "Frameworks"}

    def facts(path):
        with open(path, encoding="utf-8") as f:
            raw = OpenStepDecoder.ParseFromString(f.read())
        objects = raw["objects"]
        project = XcodeProject.load(path)
        parent = {}
        for group in project.objects.get_objects_in_section("PBXGroup", "PBXVariantGroup"):
            for child in group.children:
                parent.setdefault(child, group.get_id())
        main = objects[raw["rootObject"]]["mainGroup"]

        def folder(oid):
            if oid == main:
                return ""
            obj = objects[oid]
            tree = obj.get("sourceTree", "<group>")
            own = obj.get("path", "")
            if tree == "SOURCE_ROOT":
                return os.path.normpath(own) if own else ""
            if tree != "<group>" or oid not in parent:
                return None
            above = folder(parent[oid])
            if above is None:
                return None
            joined = os.path.normpath(os.path.join(above, own)) if (above or own) else ""
            return "" if joined == "." else joined

        def group_path(oid):
            names = []
            while oid in parent:
                oid = parent[oid]
                if oid == main:
                    break
                # pbxproj has no get_name for variant groups: read their raw keys.
                names.append(objects[oid].get("name") or objects[oid].get("path"))
            return "/".join(reversed(names))

        members = {}
        for target, phase in project.objects.get_buildphases_on_target():
            if phase is None or phase.isa not in PHASES:
                continue
            for build_file in phase.files:
                ref = project.objects[build_file]
                if ref is not None and "fileRef" in ref:
                    members.setdefault(ref.fileRef, []).append(target.name + ":" + PHASES[phase.isa])

        files = {}
        for ref in project.objects.get_objects_in_section("PBXFileReference"):
            oid = ref.get_id()
            targets = members.get(oid, [])
            if oid in parent and objects[parent[oid]]["isa"] == "PBXVariantGroup":
                targets = targets + members.get(parent[oid], [])
            raw_ref = objects[oid]
            files[oid] = {"group": group_path(oid), "path": folder(oid), "name": ref.get_name(),
                          "type": raw_ref.get("lastKnownFileType") or raw_ref.get("explicitFileType"),
                          "targets": sorted(targets)}
        return {"objects": objects, "files": files}

    print(json.dumps({path: facts(path) for path in sys.argv[1:]}))
    """#

  /// Why a run of the harness failed: what it wrote to stderr.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// The reader's facts by path; nil when python3 with `pbxproj` is not installed.
  package static func facts(_ paths: [String]) throws -> [String: [String: Any]]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", harness] + paths
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let text = String(decoding: message, as: UTF8.self)
      if text.contains("No module named") { return nil }
      throw Failure(description: "the pbxproj harness failed: \(text)")
    }
    return try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]]
  }

  /// Whether a missing reader fails the tests (in CI) rather than skipping them.
  package static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

  /// What a test that needs the reader says when it is missing.
  package static let missing =
    "python3 with the pbxproj package is required (.ci/run installs it)"
  package static let skipped =
    "pbxproj differential test skipped: python3 with the pbxproj package is not installed"
}
