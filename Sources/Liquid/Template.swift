import Diagnostics

/// A parsed Liquid template. Parsing checks the whole template, and (unless the partials are
/// parsed on first use) every partial it names with a literal, before anything renders; a
/// parsed template renders any number of times, on any thread.
public struct Template: Sendable {
  public let name: String
  let source: SourceText
  let body: Block
  let environment: LiquidEnvironment
  let partials: PartialCache

  public init(
    parsing text: String, name: String = "template", environment: LiquidEnvironment = .init()
  )
    throws(LiquidError)
  {
    self = try Template.parseGroup([(name, text)], environment: environment)[0]
  }

  private init(
    name: String, source: SourceText, body: Block, environment: LiquidEnvironment,
    partials: PartialCache
  ) {
    self.name = name
    self.source = source
    self.body = body
    self.environment = environment
    self.partials = partials
  }

  /// Parses several templates that share partials (the files of one template package): each
  /// partial is read and parsed once for all of them, up front or on first use.
  public static func parseGroup(
    _ sources: [(name: String, text: String)], environment: LiquidEnvironment = .init(),
    partials parsing: PartialParsing = .upFront
  ) throws(LiquidError) -> [Template] {
    var parsed: [(String, SourceText, Block)] = []
    var references: [(name: String, offset: Int, source: SourceText)] = []
    for (name, text) in sources {
      let source = SourceText(name: name, text: text)
      let (body, partialReferences) = try TemplateParser.parse(
        source, environment: environment, notesPartials: parsing == .upFront)
      // Only kept up front (parsed on first use, a parser notes none).
      for reference in partialReferences {
        references.append((reference.name, reference.offset, source))
      }
      parsed.append((name, source, body))
    }
    let partials = PartialCache(
      upFront: parsing == .upFront ? try loadPartials(references, environment: environment) : [:])
    return parsed.map {
      Template(name: $0.0, source: $0.1, body: $0.2, environment: environment, partials: partials)
    }
  }

  /// Loads and parses every partial named by a literal, transitively, so that a missing or
  /// broken partial is reported before rendering.
  private static func loadPartials(
    _ references: [(name: String, offset: Int, source: SourceText)], environment: LiquidEnvironment
  ) throws(LiquidError) -> [Name: ParsedPartial] {
    var loaded: [Name: ParsedPartial] = [:]
    // Where each partial was named, and where those that named it were: made into lines and
    // columns only for an error (finding a line reads the source up to it).
    typealias Site = (source: SourceText, offset: Int)
    func locations(_ sites: [Site]) -> [SourceLocation] {
      sites.map { $0.source.location(at: $0.offset) }
    }
    var pending = references.map {
      (name: $0.name, offset: $0.offset, source: $0.source, chain: [Site]())
    }
    while !pending.isEmpty {
      let reference = pending.removeFirst()
      let name = Name(reference.name)
      if loaded[name] != nil { continue }
      let site: Site = (reference.source, reference.offset)
      guard let loader = environment.partialLoader else {
        throw LiquidError(
          .syntax, LiquidError.partialNotFoundMessage(reference.name, loader: nil),
          location: site.source.location(at: site.offset), includedFrom: locations(reference.chain))
      }
      let partialSource: SourceText
      let partialReferences: [(name: String, offset: Int)]
      do throws(LiquidError) {
        guard let (text, displayName) = try loader.loadPartial(named: reference.name) else {
          throw LiquidError(
            .syntax, LiquidError.partialNotFoundMessage(reference.name, loader: loader),
            location: site.source.location(at: site.offset),
            includedFrom: locations(reference.chain))
        }
        partialSource = SourceText(name: displayName, text: text)
        let body: Block
        (body, partialReferences) = try TemplateParser.parse(
          partialSource, environment: environment, notesPartials: true)
        loaded[name] = ParsedPartial(source: partialSource, body: body)
      } catch var error {
        let chain = [site] + reference.chain
        if error.location != site.source.location(at: site.offset) {
          error.includedFrom = locations(chain)
        }
        throw error
      }
      for next in partialReferences where loaded[Name(next.name)] == nil {
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
