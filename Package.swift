// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "modulegen",
  products: [
    .executable(name: "modulegen", targets: ["ModuleGenCLI"]),
    .executable(name: "liquid-benchmark", targets: ["LiquidBenchmark"]),
    .library(name: "ModuleGen", targets: ["ModuleGen"]),
    .library(name: "Liquid", targets: ["Liquid"]),
    .executable(name: "xcodeproject-benchmark", targets: ["XcodeProjectBenchmark"]),
  ],
  targets: [
    // The template engine: Liquid as Shopify's Ruby implementation defines it. Imports nothing
    // from ModuleGen and nothing beyond the standard library.
    .target(name: "Liquid"),
    .target(name: "ModuleGen", dependencies: ["Liquid"]),
    // Reads and edits Xcode's project.pbxproj by inserting lines in Xcode's own format. Imports
    // nothing from the rest of the package and nothing beyond the standard library.
    .target(name: "XcodeProject"),
    .executableTarget(name: "XcodeProjectBenchmark", dependencies: ["XcodeProject"]),
    .executableTarget(name: "ModuleGenCLI", dependencies: ["ModuleGen"]),
    .executableTarget(name: "LiquidBenchmark", dependencies: ["Liquid", "ModuleGen"]),
    .testTarget(
      name: "LiquidTests", dependencies: ["Liquid", "ModuleGen"],
      exclude: ["golden-liquid-skips.txt", "Fixtures"]),
    .testTarget(
      name: "ModuleGenTests", dependencies: ["ModuleGen", "Liquid"], exclude: ["Fixtures"]),
    .testTarget(name: "XcodeProjectTests", dependencies: ["XcodeProject"], exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
