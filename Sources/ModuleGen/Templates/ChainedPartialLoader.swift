import Liquid

/// Tries several partial loaders in order.
struct ChainedPartialLoader: PartialLoader {
  var loaders: [any PartialLoader]

  func loadPartial(named name: String) throws(LiquidError) -> (text: String, displayName: String)? {
    for loader in loaders {
      if let found = try loader.loadPartial(named: name) { return found }
    }
    return nil
  }

  var searchDescription: String { loaders.map(\.searchDescription).joined() }

  var partialNames: [String] { loaders.flatMap(\.partialNames) }
}
