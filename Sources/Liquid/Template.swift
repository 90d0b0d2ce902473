/// A parsed Liquid template. Parsing checks the whole template, and every partial it names
/// with a literal, before anything renders; a parsed template renders any number of times.
public struct Template: Sendable {
  public let name: String
  let source: SourceText
  let body: Block
  let environment: LiquidEnvironment
  let partials: [String: ParsedPartial]

  public init(
    parsing text: String, name: String = "template", environment: LiquidEnvironment = .init()
  )
    throws(LiquidError)
  {
    self.name = name
    self.environment = environment
    source = SourceText(name: name, text: text)
    var parser = try TemplateParser(source: source, environment: environment)
    body = try parser.parseDocument()
    partials = try Template.loadPartials(
      parser.partialReferences, source: source, environment: environment)
  }

  /// Loads and parses every partial named by a literal, transitively, so that a missing or
  /// broken partial is reported before rendering.
  private static func loadPartials(
    _ references: [(name: String, offset: Int)], source: SourceText, environment: LiquidEnvironment
  ) throws(LiquidError) -> [String: ParsedPartial] {
    var loaded: [String: ParsedPartial] = [:]
    var pending = references.map {
      (name: $0.name, offset: $0.offset, source: source, chain: [SourceLocation]())
    }
    while !pending.isEmpty {
      let reference = pending.removeFirst()
      if loaded[reference.name] != nil { continue }
      let site = reference.source.location(at: reference.offset)
      guard let loader = environment.partialLoader else {
        throw LiquidError(
          .syntax, "partial '\(reference.name)' not found: no partials folder is configured",
          location: site, includedFrom: reference.chain)
      }
      let partialSource: SourceText
      var parser: TemplateParser
      do throws(LiquidError) {
        guard let (text, displayName) = try loader.loadPartial(named: reference.name) else {
          throw LiquidError(
            .syntax, "partial '\(reference.name)' not found\(loader.searchDescription)",
            location: site, includedFrom: reference.chain)
        }
        partialSource = SourceText(name: displayName, text: text)
        parser = try TemplateParser(source: partialSource, environment: environment)
        loaded[reference.name] = ParsedPartial(
          source: partialSource, body: try parser.parseDocument())
      } catch var error {
        if error.location != site { error.includedFrom = [site] + reference.chain }
        throw error
      }
      for next in parser.partialReferences where loaded[next.name] == nil {
        pending.append((next.name, next.offset, partialSource, [site] + reference.chain))
      }
    }
    return loaded
  }

  /// Renders with `data` as the global variables.
  public func render(_ data: LiquidObject = LiquidObject()) throws(LiquidError) -> String {
    let context = RenderContext(
      environment: environment, globals: data, source: source, partials: partials)
    var output = ""
    try body.render(into: &output, context: context)
    return output
  }
}
