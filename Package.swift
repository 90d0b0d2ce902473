// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "modulegen",
  // macOS 14: the oldest macOS that runs Xcode 16 (it needs 14.5), the first Xcode with the
  // Swift 6 toolchain this manifest asks for, so every Mac that can build the package can also run
  // what it builds. Declarations Apple introduced later are not used (String(validating:as:),
  // macOS 15, is String(validUTF8:) here); AvailabilityTests fails on any that is. iOS is not
  // listed: modulegen runs on the Mac, the code it writes declares its own targets.
  platforms: [.macOS(.v14)],
  products: [
    // The only executable product, so that `mint run <owner>/modulegen gen …` needs no executable
    // name (Mint builds every executable product and asks which one to run when there are two).
    .executable(name: "modulegen", targets: ["ModuleGenCLI"]),
    // `swift package modulegen …` in a package that depends on this one.
    .plugin(name: "ModuleGenPlugin", targets: ["ModuleGenPlugin"]),
    // No ModuleGen library product: modulegen is a command-line tool (and its plugin), and its
    // library has no API to keep stable; everything in it is `package`. Liquid is a library
    // product: the template engine, whose public API is the engine's and nothing else, with the
    // diagnostics its errors are (`import Diagnostics` to name them).
    .library(name: "Liquid", targets: ["Liquid", "Diagnostics"]),
  ],
  targets: [
    // The template engine: Liquid as Shopify's Ruby implementation defines it. Imports nothing
    // from ModuleGen and nothing beyond the standard library, Diagnostics, EditDistance,
    // HexDigits, BackgroundWork (the lock of the partials its renders parse on first use) and
    // SystemLibrary (the clock of the `date` filter's "now").
    .target(
      name: "Liquid",
      dependencies: ["Diagnostics", "EditDistance", "HexDigits", "BackgroundWork", "SystemLibrary"]),
    // Messages for a person (`path:line:col: error: message`, the line and a caret) and the
    // places in a file they point at: what the engine, the Xcode project library and modulegen
    // report their errors with.
    .target(name: "Diagnostics"),
    // "Did you mean": the closest of some names to a misspelled one, for the engine, the Xcode
    // project library and modulegen alike.
    .target(name: "EditDistance"),
    // The value of a hexadecimal digit, for the escapes the engine, the YAML and JSON readers
    // and the Xcode project library decode.
    .target(name: "HexDigits"),
    // Work on other threads (POSIX threads: no Dispatch), for modulegen and the engine: a value
    // shared under a lock, one piece of work beside the caller's, or a map over many elements on
    // every core.
    .target(name: "BackgroundWork", dependencies: ["SystemLibrary"]),
    // The C library (Glibc on Linux, Darwin on Apple's systems) under one name, for the files
    // that call it: the only place the package tells the two apart by what it imports.
    .target(name: "SystemLibrary"),
    // The commit a build was made from, when the build passes one
    // (`-Xcc -DMODULEGEN_COMMIT=<sha>`: the Makefile, scripts/build-release.sh, the formula).
    .target(name: "ModuleGenBuildInfo"),
    // YAML (what PyYAML reads) and JSON read into located nodes, objects keeping their keys'
    // order, for modulegen's specs and settings and for the engine's test suite and benchmark.
    .target(name: "DataFormats", dependencies: ["Liquid", "Diagnostics", "HexDigits"]),
    .target(
      name: "ModuleGen",
      dependencies: [
        "Liquid", "Diagnostics", "DataFormats", "ModuleGenBuildInfo", "XcodeProject",
        "BackgroundWork", "SystemLibrary", "HexDigits",
      ]),
    // Reads and edits Xcode's project.pbxproj by inserting lines in Xcode's own format. Imports
    // nothing from the rest of the package and nothing beyond the standard library,
    // Diagnostics, EditDistance, HexDigits and SystemLibrary.
    .target(
      name: "XcodeProject",
      dependencies: ["Diagnostics", "EditDistance", "HexDigits", "SystemLibrary"]),
    .executableTarget(name: "ModuleGenCLI", dependencies: ["ModuleGen", "SystemLibrary"]),
    // `swift run -c release liquid-benchmark`: an executable target of this package only, not a
    // product, so that installers see one executable.
    .executableTarget(
      name: "liquid-benchmark",
      dependencies: ["Liquid", "DataFormats", "ModuleGen", "SystemLibrary"],
      path: "Sources/LiquidBenchmark"),
    .executableTarget(
      name: "xcodeproject-benchmark", dependencies: ["XcodeProject", "SystemLibrary"],
      path: "Sources/XcodeProjectBenchmark"),
    // `swift run embed-templates`: writes Sources/ModuleGen/Templates/BuiltinTemplates+Generated
    // .swift from Templates/. A development tool of this package, not a product and not part of
    // ModuleGen; EmbeddedTemplatesTests uses the same TemplateEmbedding to find a stale file.
    .target(name: "TemplateEmbedding"),
    .executableTarget(
      name: "embed-templates", dependencies: ["TemplateEmbedding"], path: "Sources/EmbedTemplates"),
    .plugin(
      name: "ModuleGenPlugin",
      capability: .command(
        intent: .custom(
          verb: "modulegen",
          description: "Generate iOS modules with modulegen; paths are relative to the package."),
        permissions: [
          .writeToPackageDirectory(
            reason: "modulegen writes the generated modules and their tests into the package.")
        ]),
      dependencies: ["ModuleGenCLI"]),
    // An independent reader of project files (python3 with the PyPI package `pbxproj`) for
    // the differential tests of XcodeProjectTests and ModuleGenTests.
    .target(name: "PbxprojReader", path: "Tests/PbxprojReader"),
    .testTarget(
      name: "LiquidTests",
      dependencies: ["Liquid", "Diagnostics", "EditDistance", "DataFormats", "BackgroundWork"],
      exclude: ["golden-liquid-skips.txt", "Fixtures"]),
    .testTarget(
      name: "ModuleGenTests",
      dependencies: [
        "ModuleGen", "Liquid", "Diagnostics", "DataFormats", "TemplateEmbedding", "BackgroundWork",
        "XcodeProject", "PbxprojReader", "SystemLibrary",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "XcodeProjectTests",
      dependencies: ["XcodeProject", "Diagnostics", "EditDistance", "HexDigits", "PbxprojReader"],
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
