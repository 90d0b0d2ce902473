@testable import Liquid
@testable import ModuleGen

/// Any bytes, parsed and rendered as a template (with partials, strict and lax): output or an
/// error, never a crash, a hang or unbounded memory.
func fuzzTemplate(_ bytes: [UInt8]) {
  let text = String(decoding: bytes, as: UTF8.self)
  let partials = DictionaryPartialLoader([
    "self": text, "card": "<b>{{ title | upcase }}</b>{% increment n %}",
    "loop": "{% include 'loop' %}",
  ])
  let data: LiquidObject = LiquidObject([
    ("title", .string("Home")), ("n", .int(3)),
    ("items", .array([.int(1), .string("two"), .double(3.5), .nil])),
    ("user", .object(LiquidObject([("name", .string("Ann")), ("tags", .array([.string("a")]))]))),
  ])
  for strict in [false, true] {
    let environment = LiquidEnvironment(
      filters: .moduleGen, partialLoader: partials, strictVariables: strict, currentTime: 0,
      limits: .fuzzing)
    do {
      let template = try Template(parsing: text, name: "fuzz", environment: environment)
      let output = try template.render(data)
      if output.utf8.count > LiquidEnvironment.Limits.fuzzing.maxOutputBytes {
        violated("output of \(output.utf8.count) bytes passed the limit")
      }
    } catch {
      _ = error.description
    }
  }
}

extension LiquidEnvironment.Limits {
  /// Smaller than the defaults, so that each input runs in milliseconds.
  static let fuzzing: LiquidEnvironment.Limits = {
    var limits = LiquidEnvironment.Limits()
    limits.maxLoopIterations = 20_000
    limits.maxOutputBytes = 1 << 20
    limits.maxArrayItems = 50_000
    return limits
  }()
}
