import Liquid

/// Renders `template` with `data` and `partials`; the error's text when it fails.
func render(
  _ template: String, _ data: LiquidObject = LiquidObject(), partials: [String: String] = [:],
  strict: Bool = false, limits: LiquidEnvironment.Limits = .init()
) -> String {
  let environment = LiquidEnvironment(
    partialLoader: DictionaryPartialLoader(partials), strictVariables: strict, currentTime: 0,
    limits: limits)
  do {
    return try Template(parsing: template, name: "t", environment: environment).render(data)
  } catch {
    return "ERROR \(error.description)"
  }
}

func object(_ pairs: KeyValuePairs<String, LiquidValue>) -> LiquidObject {
  LiquidObject(pairs.map { ($0.key, $0.value) })
}
