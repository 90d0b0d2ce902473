import Testing

@testable import XcodeProject

/// Inserted lines follow the file's own layout: line endings, indentation and quoting of
/// projects written by other tools, one-line lists, and keys an object lacks.
@Suite struct StyleTests {
  @Test func windowsLineEndingsAreKept() throws {
    let lf = String(decoding: try AddFilesTests.mini().bytes, as: UTF8.self)
    let crlf = lf.replacingAll("\n", with: "\r\n")
    let project = try XcodeProject(text: crlf, file: "p")
    #expect(project.bytes == Array(crlf.utf8))
    let result = try project.plan(adding: AddFilesTests.module).text
    let expected = try AddFilesTests.mini().plan(adding: AddFilesTests.module).text
    #expect(result == expected.replacingAll("\n", with: "\r\n"))
  }

  @Test func projectsWrittenBySwiftPMGetTheirOwnStyle() throws {
    let project = try Fixtures.project("WithoutWorkspace/WithoutWorkspace.xcodeproj")
    let plan = try project.plan(adding: [
      ProjectFileSet(
        folder: "Sources/WithoutWorkspace", files: ["Home.swift"], targets: ["WithoutWorkspace"])
    ])
    let diff = lineDiff(String(decoding: project.bytes, as: UTF8.self), plan.text)
    #expect(diff.removed.isEmpty)
    // Three spaces, every value quoted, no comments, objects among the others in ID order.
    let expected = [
      #"      "299015FE75235D1842162447" = {"#,
      #"         isa = "PBXFileReference";"#,
      #"         lastKnownFileType = "sourcecode.swift";"#,
      #"         path = "Home.swift";"#,
      #"         sourceTree = "<group>";"#,
      #"      };"#,
      #"      "49E10F392FB4EDDB97ED2DCF" = {"#,
      #"         isa = "PBXBuildFile";"#,
      #"         fileRef = "299015FE75235D1842162447";"#,
      #"      };"#,
      #"            "49E10F392FB4EDDB97ED2DCF","#,
      #"            "299015FE75235D1842162447","#,
    ]
    #expect(diff.added == expected)
  }

  /// A main group and a file written on one line, and a target without `buildPhases`.
  static let compact = """
    // !$*UTF8*$!
    {
    	objects = {

    /* Begin PBXGroup section */
    		C1 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
    /* End PBXGroup section */

    /* Begin PBXNativeTarget section */
    		T1 /* App */ = {
    			isa = PBXNativeTarget;
    			name = App;
    			productType = "com.apple.product-type.application";
    		};
    /* End PBXNativeTarget section */

    /* Begin PBXProject section */
    		P1 /* Project object */ = {
    			isa = PBXProject;
    			mainGroup = C1;
    			targets = (
    				T1 /* App */,
    			);
    		};
    /* End PBXProject section */
    	};
    	rootObject = P1 /* Project object */;
    }

    """

  @Test func oneLineListsAndMissingListsAreFilledIn() throws {
    let project = try XcodeProject(text: Self.compact, file: "p")
    let plan = try project.plan(adding: [
      ProjectFileSet(folder: "", files: ["Café.swift"], targets: ["App"])
    ])
    let text = plan.text
    #expect(
      text.contains(
        "\t\tC1 = {isa = PBXGroup; children = (AB9929D47A0E88034BCA75B1 /* Café.swift */, ); sourceTree = \"<group>\"; };\n"
      ))
    #expect(
      text.contains(
        """
        			isa = PBXNativeTarget;
        			buildPhases = (
        				D19DB1CF1A8224F8A81A4794 /* Sources */,
        			);
        			name = App;
        """))
    #expect(text.contains("path = \"Café.swift\"; sourceTree = \"<group>\"; };"))
    #expect(
      try XcodeProject(text: text, file: "p").plan(adding: [
        ProjectFileSet(folder: "", files: ["Café.swift"], targets: ["App"])
      ]).isEmpty)
  }

  @Test func aMissingSectionGoesWhereXcodeOrdersIt() throws {
    // The project has PBXGroup, PBXProject, XCBuildConfiguration and XCConfigurationList
    // sections: PBXFileReference comes first, with a blank line after it.
    let project = try Fixtures.project("iOS/ProjectWithoutProductsGroup.xcodeproj")
    let text = try project.plan(adding: [
      ProjectFileSet(folder: "", files: ["A.swift"], targets: [])
    ])
    .text
    #expect(
      text.hasPrefix(
        """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = 48;
        	objects = {

        /* Begin PBXFileReference section */
        		7AC8F1C3AAF28634C6E49F08 /* A.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = A.swift; sourceTree = "<group>"; };
        /* End PBXFileReference section */

        /* Begin PBXGroup section */
        		E4C06A7B1FC1CA8500A9AB51 = {
        			isa = PBXGroup;
        			children = (
        				7AC8F1C3AAF28634C6E49F08 /* A.swift */,
        			);
        """))
  }
}
