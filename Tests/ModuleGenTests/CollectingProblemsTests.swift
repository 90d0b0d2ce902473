import Diagnostics
import Liquid
import Testing

@testable import ModuleGen

/// Runs that check many things (every module of a spec, every parameter combination of a
/// template) turn a failure into problems the same way, and let any other error through.
@Suite struct CollectingProblemsTests {
  struct Unexpected: Error {}

  @Test func problemsAreCollectedAndTheRunGoesOn() throws {
    let here = SourceLocation(file: "t", line: 1, column: 1, lineText: "")
    var problems: [Diagnostic] = []
    let value = collectingProblems(into: &problems) { 7 }
    #expect(value == 7)
    #expect(
      try collectingProblems(into: &problems) { () throws -> Int in
        throw DiagnosticList([Diagnostic(message: "a"), Diagnostic(message: "b")])
      } == nil)
    _ = try collectingProblems(into: &problems) { throw Diagnostic(message: "c") }
    _ = try collectingProblems(
      into: &problems, templateErrors: { Diagnostic(message: "placed: " + $0.message) },
      { throw LiquidError(.render, "d", location: here) })
    #expect(problems.map(\.message) == ["a", "b", "c", "placed: d"])
  }

  @Test func anyOtherErrorEndsTheRun() {
    var problems: [Diagnostic] = []
    #expect(throws: Unexpected.self) {
      try collectingProblems(into: &problems) { throw Unexpected() }
    }
    #expect(problems.isEmpty)
    #expect(DiagnosticList(Unexpected()) == nil)
  }
}
