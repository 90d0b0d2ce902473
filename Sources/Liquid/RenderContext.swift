/// The state of one render: variables, counters, loop state and limits.
///
/// One render uses its context on one thread, and no method of it calls out while it changes
/// one of its tables, so the tables it changes on every variable, loop and partial are marked
/// `@exclusivity(unchecked)`: Swift would otherwise check at run time that no two accesses to
/// them overlap, about a tenth of a render's instructions.
final class RenderContext {
  enum Interrupt { case none, `break`, `continue` }

  let environment: LiquidEnvironment
  let globals: LiquidObject
  /// The partials this render has used, found in `shared` or parsed as it reached them.
  @exclusivity(unchecked) var partials: [Name: ParsedPartial] = [:]
  /// The partials of the template's group, parsed up front or by earlier renders.
  let shared: PartialCache
  /// A variable's value, and the scope that set it: 0 for the template's own scope (`assign`),
  /// n for the n-th loop or partial scope inside it, -1 for none (a name no scope sets now; a
  /// depth rather than an optional, which reading a binding's depth copied whole).
  private struct Binding {
    var value: LiquidValue
    var depth: Int

    static var none: Binding { Binding(value: .nil, depth: -1) }
  }
  /// A binding a loop or partial scope hid, in the slot it is restored to.
  private struct Hidden {
    var slot: Int
    var binding: Binding
  }
  /// Where each name this render has given a value is kept in `bindings`: a name gets its slot
  /// once, and scopes then change only `bindings` (inserting a name each time a scope set it and
  /// removing it when the scope ended cost a dictionary's growth and deletions, about a sixth of
  /// a render's instructions).
  @exclusivity(unchecked) private var slots: [Name: Int] = [:]
  /// Every variable as the template sees it now: the innermost scope's value of each name, so
  /// that one lookup finds any variable, however deep the scopes are.
  @exclusivity(unchecked) private var bindings: [Binding] = []
  /// What the loop and partial scopes hid, restored when each scope ends. The scopes' entries
  /// follow each other, innermost last; `scopeStarts` holds where each scope's entries begin.
  @exclusivity(unchecked) private var hidden: [Hidden] = []
  @exclusivity(unchecked) private var scopeStarts: [Int] = []
  @exclusivity(unchecked) var counters: [String: Int] = [:]
  var cycles: [String: Int] = [:]
  var forOffsets: [String: Int] = [:]
  var lastIfChanged: String?
  var interrupt = Interrupt.none
  var currentForLoop: ForLoopDrop?
  /// The template or partial being rendered, for error locations.
  var source: SourceText
  /// Partials being rendered, outermost first, for the nesting limit and cycle messages.
  @exclusivity(unchecked) var partialStack: [String] = []
  let isIsolated: Bool
  private let budget: Budget

  /// Loop iterations are counted across a whole render, partials included.
  final class Budget {
    var iterations = 0
  }

  init(
    environment: LiquidEnvironment, globals: LiquidObject, source: SourceText,
    partials: PartialCache
  ) {
    self.environment = environment
    self.globals = globals
    self.source = source
    self.shared = partials
    self.isIsolated = false
    self.budget = Budget()
  }

  private init(isolatedFrom parent: RenderContext) {
    environment = parent.environment
    globals = parent.globals
    source = parent.source
    partials = parent.partials
    shared = parent.shared
    partialStack = parent.partialStack
    isIsolated = true
    budget = parent.budget
  }

  func isolatedChild() -> RenderContext { RenderContext(isolatedFrom: self) }

  // MARK: - Variables

  func resolve(_ name: Name) -> LiquidValue? {
    if let slot = slots[name], bindings[slot].depth >= 0 { return bindings[slot].value }
    if !counters.isEmpty, let counter = counters[name.text] { return .int(counter) }
    return globals[name]
  }

  /// The slot of `name`'s binding, given it the first time.
  func slot(of name: Name) -> Int {
    if let slot = slots[name] { return slot }
    if slots.isEmpty {
      // Room for the variables of most renders (a template and its partials set about ten),
      // so that the tables do not grow one name at a time; a render that sets none (an output
      // path) makes neither.
      // (A table made with its room: `reserveCapacity` of a dictionary runs the standard
      // library's generic code.)
      slots = Dictionary(minimumCapacity: 16)
      bindings.reserveCapacity(16)
    }
    let slot = bindings.count
    slots[name] = slot
    bindings.append(.none)
    return slot
  }

  /// Sets `name` in the template's own scope: seen at once unless a loop or partial scope hides
  /// it, else once the outermost scope that hides it ends.
  func assign(_ name: Name, _ value: consuming LiquidValue) {
    let slot = slot(of: name)
    let assigned = Binding(value: value, depth: 0)
    var depth = bindings[slot].depth
    guard depth > 0 else {
      bindings[slot] = assigned
      return
    }
    // Down the scopes that hide it, to the one that hid the template's own value.
    while true {
      let end = depth < scopeStarts.count ? scopeStarts[depth] : hidden.count
      let entry = (scopeStarts[depth - 1]..<end).first { hidden[$0].slot == slot }!
      let below = hidden[entry].binding
      guard below.depth > 0 else {
        hidden[entry].binding = assigned
        return
      }
      depth = below.depth
    }
  }

  /// Sets `name` in the innermost scope, for as long as it lasts.
  func setLocal(_ name: Name, _ value: consuming LiquidValue) {
    setLocal(slot: slot(of: name), value)
  }

  /// `setLocal` of the name whose slot is `slot` (a loop sets its variable at every iteration:
  /// its slot is looked up once).
  func setLocal(slot: Int, _ value: consuming LiquidValue) {
    let depth = scopeStarts.count
    var previous = Binding(value: value, depth: depth)
    swap(&bindings[slot], &previous)
    if depth > 0 && previous.depth != depth {
      hidden.append(Hidden(slot: slot, binding: previous))
    }
  }

  func pushScope() { scopeStarts.append(hidden.count) }

  func popScope() {
    let start = scopeStarts.removeLast()
    // Innermost first, each binding back in its slot.
    while hidden.count > start {
      let entry = hidden.removeLast()
      bindings[entry.slot] = entry.binding
    }
  }

  /// Every name a "did you mean" may suggest, the variables this render set first: each
  /// table's names sorted, so that of two names as close the same wins every time (a
  /// dictionary's order changes from one table to the next).
  private func allNames() -> [String] {
    var variables: [String] = []
    for (name, slot) in slots where bindings[slot].depth >= 0 { variables.append(name.text) }
    return variables.sorted() + counters.keys.sorted() + globals.keys
  }

  // MARK: - Errors and limits

  func error(_ message: String, at offset: Int) -> LiquidError {
    LiquidError(.render, message, location: source.location(at: offset))
  }

  func checkOutput(_ output: String) throws(LiquidError) {
    if output.utf8.count > environment.limits.maxOutputBytes { throw outputLimitError }
  }

  private var outputLimitError: LiquidError {
    LiquidError(
      .render, "output is larger than the limit of \(environment.limits.maxOutputBytes) bytes")
  }

  /// Writes a value's text, stopping at the output limit (an array may hold many copies of a
  /// long string).
  func write(_ value: LiquidValue, into output: inout String) throws(LiquidError) {
    guard value.write(to: &output, limit: environment.limits.maxOutputBytes) else {
      throw outputLimitError
    }
  }

  func countIteration(at offset: Int) throws(LiquidError) {
    budget.iterations += 1
    if budget.iterations > environment.limits.maxLoopIterations {
      throw error(
        "loops ran more than \(environment.limits.maxLoopIterations) iterations in one render",
        at: offset)
    }
  }

  // MARK: - Evaluation

  func evaluate(_ expression: Expression) throws(LiquidError) -> LiquidValue {
    switch expression {
    case .literal(let value): return value
    case .variable(let lookup): return try self.lookup(lookup)
    case .range(let low, let high, let offset):
      let lower = try rangeBound(try evaluate(low), at: offset)
      let upper = try rangeBound(try evaluate(high), at: offset)
      // A range may be materialized by a loop or a filter: keep it within the loop limit.
      if rangeCount(lower, upper) > environment.limits.maxLoopIterations {
        throw error(
          "range (\(lower)..\(upper)) is larger than the limit of \(environment.limits.maxLoopIterations) items",
          at: offset)
      }
      return .range(lower, upper)
    }
  }

  private func rangeBound(_ value: LiquidValue, at offset: Int) throws(LiquidError) -> Int {
    switch value {
    case .int(let i): return i
    case .double(let d) where d.isFinite && abs(d) < 1e18: return Int(d)
    case .nil: return 0
    case .string:
      // Ruby's `to_i`: leading digits, or 0.
      let number: LiquidValue
      do throws(FilterFailure) {
        number = try value.number
      } catch {
        throw self.error("range bound: \(error.message)", at: offset)
      }
      return try rangeBound(number, at: offset)
    default: break
    }
    throw error("range bounds must be integers, not '\(value.shortText)'", at: offset)
  }

  func evaluate(_ filtered: FilteredExpression) throws(LiquidError) -> LiquidValue {
    var value = try evaluate(filtered.expression)
    // By index, as `Block` renders its nodes: a loop over the calls would copy each.
    for index in filtered.filters.indices {
      value = try apply(filtered.filters, index, to: value)
    }
    return value
  }

  /// One call of a filter chain, `calls[index]`; its result kept within the limits. The call is
  /// read where it is in its array: a copy of it retained its name, filter and arguments.
  private func apply(_ calls: [FilterCall], _ index: Int, to input: LiquidValue)
    throws(LiquidError) -> LiquidValue
  {
    var positional: [LiquidValue] = []
    if !calls[index].arguments.isEmpty {
      positional.reserveCapacity(calls[index].arguments.count)
      for argument in calls[index].arguments.indices {
        positional.append(try evaluate(calls[index].arguments[argument]))
      }
    }
    var keywords: [String: LiquidValue] = [:]
    for (key, argument) in calls[index].keywordArguments { keywords[key] = try evaluate(argument) }
    let value: LiquidValue
    do {
      value = try calls[index].filter.function(
        input,
        FilterArguments(positional: positional, keywords: keywords, environment: environment))
    } catch let error as LiquidError {
      throw error
    } catch {
      let detail = (error as? FilterFailure)?.message ?? "\(error)"
      throw self.error("filter '\(calls[index].name)': \(detail)", at: calls[index].offset)
    }
    if case .string(let s) = value, s.utf8.count > environment.limits.maxOutputBytes {
      throw self.error(
        "filter '\(calls[index].name)' made a string larger than the output limit",
        at: calls[index].offset)
    }
    if case .array(let items) = value, items.count > environment.limits.maxArrayItems {
      throw self.error(
        "filter '\(calls[index].name)' made an array of \(items.count) items, more than the limit of \(environment.limits.maxArrayItems) items",
        at: calls[index].offset)
    }
    return value
  }

  func evaluate(_ condition: Condition) throws(LiquidError) -> Bool {
    switch condition {
    case .value(let expression): return try evaluate(expression).isTruthy
    case .and(let left, let right):
      guard try evaluate(left) else { return false }
      return try evaluate(right)
    case .or(let left, let right):
      if try evaluate(left) { return true }
      return try evaluate(right)
    case .comparison(let left, let op, let right, let offset):
      let a = try evaluate(left)
      let b = try evaluate(right)
      do throws(FilterFailure) {
        return try compare(a, op, b)
      } catch {
        throw self.error(error.message, at: offset)
      }
    }
  }

  // MARK: - Lookups

  func lookup(_ lookup: VariableLookup) throws(LiquidError) -> LiquidValue {
    var value: LiquidValue
    switch lookup.root {
    case .key(let name):
      guard let found = resolve(name) else {
        return try undefined(name.text, lookup, candidates: allNames())
      }
      value = found
    case .index(let expression):
      let key = try evaluate(expression)
      guard case .string(let name) = key, let found = resolve(Name(name)) else {
        return try undefined(key.shortText, lookup, candidates: allNames())
      }
      value = found
    }
    // By index, as `Block` renders its nodes: a loop over the path would copy each step.
    for step in lookup.path.indices {
      let next: LiquidValue?
      // A name's key as a value is made only for a message.
      var key: LiquidValue?
      switch lookup.path[step] {
      case .key(let name):
        next = value.member(name)
        if next == nil { key = .string(name.text) }
      case .index(let expression):
        key = try evaluate(expression)
        next = key.flatMap { value.member($0) }
      }
      if let next {
        value = next
      } else if case .object(let object) = value {
        return try undefined((key ?? .nil).shortText, lookup, candidates: object.keys)
      } else {
        return .nil
      }
    }
    return value
  }

  private func undefined(_ name: String, _ lookup: VariableLookup, candidates: [String])
    throws(LiquidError) -> LiquidValue
  {
    guard environment.strictVariables else { return .nil }
    var message = "undefined variable '\(name)'"
    if lookup.text != name { message += " in '\(lookup.text)'" }
    message += didYouMean(name, in: candidates)
    throw error(message, at: lookup.offset)
  }

  // MARK: - Loops

  func iterationItems(_ value: LiquidValue, at offset: Int) throws(LiquidError) -> [LiquidValue] {
    switch value {
    case .array(let array): return array
    case .range: return value.elements
    case .object: return value.elements
    case .string(let s): return s.isEmpty ? [] : [value]
    default: return []
    }
  }

  /// The items a loop visits: from `from`, at most `limit` of them, within `0..<count`.
  func loopRange(count: Int, from: Int, limit: Expression?) throws(LiquidError) -> Range<Int> {
    var to = count
    if let limit { to = saturatingAdd(from, try loopInteger(limit, attribute: "limit")) }
    let lower = min(max(from, 0), count)
    return lower..<min(max(to, lower), count)
  }

  func loopInteger(_ expression: Expression, attribute: String) throws(LiquidError) -> Int {
    let value = try evaluate(expression)
    switch value {
    case .int(let i): return i
    case .double(let d) where d.isFinite && abs(d) < 1e18: return Int(d)
    case .string(let s):
      if let i = Int(s.rubyStrip()) { return i }
    default: break
    }
    let offset: Int
    if case .variable(let lookup) = expression { offset = lookup.offset } else { offset = 0 }
    throw error("'\(attribute)' must be an integer, not '\(value.shortText)'", at: offset)
  }

  // MARK: - Partials

  func partial(named name: Name, at offset: Int) throws(LiquidError) -> ParsedPartial {
    if let partial = partials[name] { return partial }
    if let partial = shared[name] {
      keep(partial, named: name)
      return partial
    }
    guard let loader = environment.partialLoader else {
      throw error(LiquidError.partialNotFoundMessage(name.text, loader: nil), at: offset)
    }
    do throws(LiquidError) {
      guard
        let partial = try ParsedPartial.load(
          name: name.text, loader: loader, environment: environment)
      else {
        throw error(LiquidError.partialNotFoundMessage(name.text, loader: loader), at: offset)
      }
      keep(partial, named: name)
      shared.keep(partial, named: name)
      return partial
    } catch var error {
      if error.kind == .syntax { error.includedFrom.append(source.location(at: offset)) }
      throw error
    }
  }

  /// Keeps `partial` for this render's next uses, in a table made with room for the few a
  /// render uses (grown from empty it cost about 900 instructions a partial).
  private func keep(_ partial: ParsedPartial, named name: Name) {
    if partials.isEmpty { partials = Dictionary(minimumCapacity: 8) }
    partials[name] = partial
  }

  func renderPartial(
    _ partial: ParsedPartial, name: String, into output: inout String, calledAt offset: Int
  ) throws(LiquidError) {
    if partialStack.count >= environment.limits.maxPartialDepth {
      let chain = (partialStack + [name]).abridged(keeping: 3) { "… \($0) more …" }
        .joined(separator: " → ")
      throw error(
        "partials nested more than \(environment.limits.maxPartialDepth) deep (a cycle?): \(chain)",
        at: offset)
    }
    let callerSource = source
    source = partial.source
    partialStack.append(name)
    defer {
      source = callerSource
      partialStack.removeLast()
    }
    do throws(LiquidError) {
      try partial.body.render(into: &output, context: self)
    } catch var error {
      error.includedFrom.append(callerSource.location(at: offset))
      throw error
    }
  }
}
