// libFuzzer entry point for the Liquid engine: any bytes, parsed and rendered, must give output
// or an error — never a crash, a hang or unbounded memory. Build and run with Fuzz/run.sh.

@_cdecl("LLVMFuzzerTestOneInput")
public func liquidFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  var limits = LiquidEnvironment.Limits()
  limits.maxLoopIterations = 20_000
  limits.maxOutputBytes = 1 << 20
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
      partialLoader: partials, strictVariables: strict, currentTime: 0, limits: limits)
    if let template = try? Template(parsing: text, name: "fuzz", environment: environment) {
      _ = try? template.render(data)
    }
  }
  return 0
}
