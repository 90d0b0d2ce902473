// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "modulegen",
  products: [
    .executable(name: "modulegen", targets: ["ModuleGenCLI"]),
    .executable(name: "liquid-benchmark", targets: ["LiquidBenchmark"]),
    .library(name: "ModuleGen", targets: ["ModuleGen"]),
    .library(name: "Liquid", targets: ["Liquid"]),
  ],
  targets: [
    // The template engine: Liquid as Shopify's Ruby implementation defines it. Imports nothing
    // from ModuleGen and nothing beyond the standard library.
    .target(name: "Liquid"),
    .target(name: "ModuleGen", dependencies: ["Liquid"]),
    .executableTarget(name: "ModuleGenCLI", dependencies: ["ModuleGen"]),
    .executableTarget(name: "LiquidBenchmark", dependencies: ["Liquid", "ModuleGen"]),
    .testTarget(
      name: "LiquidTests", dependencies: ["Liquid", "ModuleGen"],
      exclude: ["golden-liquid-skips.txt", "Fixtures"]),
    .testTarget(
      name: "ModuleGenTests", dependencies: ["ModuleGen", "Liquid"], exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
