import Mustache
import Synchronization

/// Swift equivalents of the lambdas in the spec's `~lambdas.json`, keyed by test index.
///
/// The spec writes each lambda as `{"__tag__": "code", "python": "lambda: …", …}`; the comments
/// quote the Python version each closure reproduces.
enum SpecLambdas {
  /// `value` with every `{"__tag__": "code"}` object replaced by the lambda of test `index` of
  /// `spec`; other values are returned unchanged.
  static func replacingCode(in value: TemplateValue, spec: String, index: Int) -> TemplateValue {
    switch value {
    case .object(let members):
      if case .string("code")? = members["__tag__"] {
        guard spec == "~lambdas", let lambda = lambda(forTest: index) else { return .null }
        return .lambda(lambda)
      }
      return .object(members.mapValues { replacingCode(in: $0, spec: spec, index: index) })
    case .array(let elements):
      return .array(elements.map { replacingCode(in: $0, spec: spec, index: index) })
    default:
      return value
    }
  }

  /// Counts calls for "Interpolation - Multiple Calls"; each adapter process runs one test.
  private static let calls = Mutex(0)

  private static func lambda(forTest index: Int) -> TemplateLambda? {
    switch index {
    case 1:  // Interpolation: lambda: "world"
      TemplateLambda { _ in "world" }
    case 2:  // Interpolation - Expansion: lambda: "{{planet}}"
      TemplateLambda { _ in "{{planet}}" }
    case 3:  // Interpolation - Alternate Delimiters: lambda: "|planet| => {{planet}}"
      TemplateLambda { _ in "|planet| => {{planet}}" }
    case 4:  // Interpolation - Multiple Calls: a global counter, incremented and returned
      TemplateLambda { _ in
        String(
          calls.withLock { count in
            count += 1
            return count
          })
      }
    case 5:  // Escaping: lambda: ">"
      TemplateLambda { _ in ">" }
    case 6:  // Section: lambda text: text == "{{x}}" and "yes" or "no"
      TemplateLambda { $0.text == "{{x}}" ? "yes" : "no" }
    case 7:  // Section - Expansion: lambda text: "%s{{planet}}%s" % (text, text)
      TemplateLambda { "\($0.text){{planet}}\($0.text)" }
    case 8:  // Section - Alternate Delimiters: "%s{{planet}} => |planet|%s" % (text, text)
      TemplateLambda { "\($0.text){{planet}} => |planet|\($0.text)" }
    case 9:  // Section - Multiple Calls: lambda text: "__%s__" % (text)
      TemplateLambda { "__\($0.text)__" }
    case 10:  // Inverted Section: lambda text: 0
      TemplateLambda { _ in "0" }
    default:
      nil
    }
  }
}
