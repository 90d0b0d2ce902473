import Testing

@testable import Liquid

/// The render context's variables against the plainest model of Liquid's scopes (Ruby's: a
/// stack of dictionaries, looked up innermost first; `assign` writes to the outermost), over
/// random sequences of scopes, assignments and loop or partial variables.
@Suite struct ScopeModelTests {
  /// The model: one dictionary per scope, the template's own first.
  struct Model {
    var scopes: [[String: Int]] = [[:]]
    func resolve(_ name: String) -> Int? {
      scopes.reversed().lazy.compactMap { $0[name] }.first
    }
    mutating func assign(_ name: String, _ value: Int) { scopes[0][name] = value }
    mutating func setLocal(_ name: String, _ value: Int) {
      scopes[scopes.count - 1][name] = value
    }
  }

  /// A deterministic generator (SplitMix64), so that a failure can be replayed.
  struct Random {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  @Test(arguments: 0..<200)
  func variablesMatchTheModel(seed: Int) throws {
    var random = Random(state: UInt64(seed))
    let context = RenderContext(
      environment: LiquidEnvironment(), globals: LiquidObject([("g", .int(-1))]),
      source: SourceText(name: "t", text: ""), partials: PartialCache(upFront: [:]))
    var model = Model()
    let names = ["a", "b", "c", "g"]
    for step in 0..<300 {
      let name = names[random.next(names.count)]
      switch random.next(6) {
      case 0 where model.scopes.count < 8:
        context.pushScope()
        model.scopes.append([:])
      case 1 where model.scopes.count > 1:
        context.popScope()
        model.scopes.removeLast()
      case 2, 3:
        context.assign(Name(name), .int(step))
        model.assign(name, step)
      default:
        context.setLocal(Name(name), .int(step))
        model.setLocal(name, step)
      }
      for name in names {
        let expected = model.resolve(name).map(LiquidValue.int) ?? (name == "g" ? .int(-1) : nil)
        #expect(context.resolve(Name(name)) == expected, "seed \(seed), step \(step), '\(name)'")
      }
    }
  }
}
