/// A parsed value expression: a literal, a variable lookup or a range. Only a range is boxed:
/// a literal or a lookup is held in place (boxing every case cost an allocation for each value
/// a template names).
enum Expression: Sendable {
  case literal(LiquidValue)
  case variable(VariableLookup)
  indirect case range(Expression, Expression, offset: Int)
}

/// `name.key[0]["other"][var]`, with special `size`, `first` and `last`. A class: rendering
/// takes a lookup out of its expression for every variable it reads, and a reference is
/// copied with one retain where a struct retained each of its parts.
final class VariableLookup: Sendable {
  enum Component: Sendable {
    case key(Name)
    case index(Expression)
  }

  /// The root: a name, or an expression in brackets (`[name_var]`).
  let root: Component
  let path: [Component]
  /// Byte offset of the lookup in the template, for errors.
  let offset: Int
  /// The text as written, for messages.
  let text: String

  init(root: Component, path: [Component], offset: Int, text: String) {
    self.root = root
    self.path = path
    self.offset = offset
    self.text = text
  }
}

/// A filter call in a chain: `| name: positional, keyword: value`.
struct FilterCall: Sendable {
  var name: String
  var filter: Filter
  var arguments: [Expression]
  var keywordArguments: [(String, Expression)]
  var offset: Int
}

/// An expression followed by filters: what `{{ }}`, `assign` and `echo` take.
struct FilteredExpression: Sendable {
  var expression: Expression
  var filters: [FilterCall]
}

/// A comparison operator in a condition.
enum ComparisonOperator: String, Sendable {
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case greater = ">"
  case lessOrEqual = "<="
  case greaterOrEqual = ">="
  case contains
}

/// A condition of `if`, `unless` and `elsif`. `and`/`or` group from the right, as in Ruby Liquid.
indirect enum Condition: Sendable {
  case value(Expression)
  case comparison(Expression, ComparisonOperator, Expression, offset: Int)
  case and(Condition, Condition)
  case or(Condition, Condition)
}
