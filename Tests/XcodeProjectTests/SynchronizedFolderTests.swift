import Testing

@testable import XcodeProject

/// Xcode 16's synchronized folders: which files they build into which targets (membership
/// exceptions included), and what a plan says about files generated inside them.
@Suite struct SynchronizedFolderTests {
  @Test func theFixturesFoldersAndExceptions() throws {
    let project = try Fixtures.project("SynchronizedRootGroups/SynchronizedRootGroups.xcodeproj")
    #expect(
      project.synchronizedFolders == [
        SynchronizedFolder(
          path: "SynchronizedRootGroups", group: "SynchronizedRootGroups",
          targets: ["SynchronizedRootGroups"],
          exceptions: ["SynchronizedRootGroups": ["Exception/Exception.swift"]])
      ])
    let xcode16 = try Fixtures.project("Xcode16/Test.xcodeproj")
    #expect(
      xcode16.synchronizedFolders == [
        SynchronizedFolder(path: "Test", group: "Test", targets: ["Test"], exceptions: [:])
      ])
  }

  @Test func membershipFollowsTheExceptions() throws {
    let project = try Fixtures.project("SynchronizedRootGroups/SynchronizedRootGroups.xcodeproj")
    guard let folder = project.synchronizedFolder(containing: "SynchronizedRootGroups/Home/A.swift")
    else {
      Issue.record("no folder")
      return
    }
    let target = "SynchronizedRootGroups"
    #expect(folder.builds("SynchronizedRootGroups/Home/A.swift", into: target))
    #expect(folder.builds("SynchronizedRootGroups/Exception/Other.swift", into: target))
    #expect(!folder.builds("SynchronizedRootGroups/Exception/Exception.swift", into: target))
    #expect(!folder.builds("SynchronizedRootGroups/Home/A.swift", into: "Other"))
    #expect(!folder.builds("Elsewhere/A.swift", into: target))
    #expect(project.synchronizedFolder(containing: "Elsewhere/A.swift") == nil)
    #expect(project.synchronizedFolder(containing: "SynchronizedRootGroups") == nil)
  }

  /// An app and a widget: the folder is the app's; the widget's exceptions add files to it,
  /// the app's exceptions take files out (how Xcode 16 records target membership changes).
  static let twoTargets = """
    // !$*UTF8*$!
    {
    	archiveVersion = 1;
    	classes = {
    	};
    	objectVersion = 77;
    	objects = {

    /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
    		E1000000000000000000000A /* Exceptions for "Shared" folder in "App" target */ = {
    			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
    			membershipExceptions = (
    				Info.plist,
    				Widgets,
    			);
    			target = A10000000000000000000001 /* App */;
    		};
    		E1000000000000000000000B /* Exceptions for "Shared" folder in "Widget" target */ = {
    			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
    			membershipExceptions = (
    				Model.swift,
    			);
    			target = A10000000000000000000002 /* Widget */;
    		};
    /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

    /* Begin PBXFileSystemSynchronizedRootGroup section */
    		F10000000000000000000001 /* Shared */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1000000000000000000000A /* Exceptions for "Shared" folder in "App" target */, E1000000000000000000000B /* Exceptions for "Shared" folder in "Widget" target */, ); explicitFileTypes = {}; explicitFolders = (); path = Shared; sourceTree = "<group>"; };
    /* End PBXFileSystemSynchronizedRootGroup section */

    /* Begin PBXGroup section */
    		C10000000000000000000001 = {
    			isa = PBXGroup;
    			children = (
    				F10000000000000000000001 /* Shared */,
    			);
    			sourceTree = "<group>";
    		};
    /* End PBXGroup section */

    /* Begin PBXNativeTarget section */
    		A10000000000000000000001 /* App */ = {
    			isa = PBXNativeTarget;
    			buildPhases = (
    			);
    			fileSystemSynchronizedGroups = (
    				F10000000000000000000001 /* Shared */,
    			);
    			name = App;
    			productType = "com.apple.product-type.application";
    		};
    		A10000000000000000000002 /* Widget */ = {
    			isa = PBXNativeTarget;
    			buildPhases = (
    			);
    			name = Widget;
    			productType = "com.apple.product-type.app-extension";
    		};
    		A10000000000000000000003 /* AppTests */ = {
    			isa = PBXNativeTarget;
    			buildPhases = (
    			);
    			name = AppTests;
    			productType = "com.apple.product-type.bundle.unit-test";
    		};
    /* End PBXNativeTarget section */

    /* Begin PBXProject section */
    		B10000000000000000000001 /* Project object */ = {
    			isa = PBXProject;
    			mainGroup = C10000000000000000000001;
    			targets = (
    				A10000000000000000000001 /* App */,
    				A10000000000000000000002 /* Widget */,
    				A10000000000000000000003 /* AppTests */,
    			);
    		};
    /* End PBXProject section */
    	};
    	rootObject = B10000000000000000000001 /* Project object */;
    }

    """

  @Test func exceptionsFlipMembershipForTheirTarget() throws {
    let project = try XcodeProject(text: Self.twoTargets, file: "p")
    guard let folder = project.synchronizedFolder(containing: "Shared/Model.swift") else {
      Issue.record("no folder")
      return
    }
    #expect(folder.targets == ["App"])
    #expect(folder.builds("Shared/Model.swift", into: "App"))
    #expect(folder.builds("Shared/Model.swift", into: "Widget"))
    #expect(!folder.builds("Shared/View.swift", into: "Widget"))
    #expect(!folder.builds("Shared/Info.plist", into: "App"))
    // An excepted folder takes everything in it.
    #expect(!folder.builds("Shared/Widgets/Clock.swift", into: "App"))
    #expect(folder.builds("Shared/WidgetsKit.swift", into: "App"))
  }

  @Test func aPlanLeavesFilesInSynchronizedFoldersAndSaysWhy() throws {
    let project = try XcodeProject(text: Self.twoTargets, file: "p")
    let plan = try project.plan(adding: [
      ProjectFileSet(folder: "Shared/Home", files: ["Home.swift"], targets: ["App", "Widget"]),
      ProjectFileSet(
        folder: "Shared/HomeTests", files: ["HomeTests.swift"], targets: ["AppTests"],
        isTests: true),
    ])
    #expect(plan.isEmpty)
    #expect(plan.changes.isEmpty)
    #expect(
      plan.notes.map(\.description) == [
        "Shared/Home is in synchronized folder Shared of target App: no project change needed",
        "Shared/Home is in synchronized folder Shared, which target Widget does not build; add the folder to the target in Xcode",
        "Shared/HomeTests is in synchronized folder Shared, which target AppTests does not build; add the folder to the target in Xcode",
        "test files in Shared/HomeTests are in synchronized folder Shared of target App, so Xcode will compile them into App; move the tests out of that folder",
      ])
    #expect(plan.notes.map(\.isWarning) == [false, true, true, true])
  }

  @Test func filesOutsideTheFolderAreAddedAsUsual() throws {
    let project = try Fixtures.project("Xcode16/Test.xcodeproj")
    let plan = try project.plan(adding: [
      ProjectFileSet(folder: "Test/Home", files: ["Home.swift"], targets: ["Test"]),
      ProjectFileSet(folder: "Home", files: ["Other.swift"], targets: ["Test"]),
    ])
    #expect(
      plan.notes == [
        .coveredBySynchronizedFolder(folder: "Test/Home", group: "Test", target: "Test")
      ])
    #expect(
      plan.changes.map(\.description) == [
        "add group Home (folder Home)",
        "add file Home/Other.swift to group Home",
        "add Home/Other.swift to target Test (Sources)",
      ])
  }
}
