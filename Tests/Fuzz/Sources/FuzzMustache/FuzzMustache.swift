import Foundation
import FuzzSupport
import Mustache

/// libFuzzer target (d): Mustache parsing and rendering.
///
/// The input is parts separated by NUL bytes: the template, the data as JSON (a fixed context
/// with lambdas when it does not decode), then partial names and sources in pairs. Properties:
/// parsing and rendering return or throw, never crash or run away (self-including partials and
/// deep nesting must hit the renderer's limits); rendering the same template twice gives the
/// same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustache(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = FuzzInput(data, size)
  let parts = input.bytes.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  var templates = ["fuzz": parts.first ?? ""]
  var index = 2
  while index + 1 < parts.count {
    templates[parts[index]] = parts[index + 1]
    index += 2
  }
  let context: TemplateValue =
    parts.count > 1
    ? ((try? JSONDecoder().decode(TemplateValue.self, from: Data(parts[1].utf8))) ?? MustacheContext.standard)
    : MustacheContext.standard

  guard let library = try? TemplateLibrary(templates: templates) else { return 0 }
  let first = try? library.renderBytes("fuzz", with: context)
  let second = try? library.renderBytes("fuzz", with: context)
  if first != second {
    FuzzFailure.fail("the same template and data rendered differently twice", input: input.bytes)
  }
  return 0
}

/// The data a template renders with when the input carries none: every kind of value, with
/// lambdas of both kinds, so mutated templates reach sections, inversions and lambda expansion.
enum MustacheContext {
  /// The fixed context.
  static let standard: TemplateValue = [
    "name": "Fish & <Chips>",
    "html": .safeHTML("<b>bold</b>"),
    "yes": true,
    "no": false,
    "zero": 0,
    "pi": 3.25,
    "list": ["a", "b", ["x": 1]],
    "empty": [],
    "object": ["name": "inner", "list": [1, 2, 3], "object": ["deep": "deeper"]],
    "nothing": .null,
    "lambda": .lambda(TemplateLambda { $0.text }),
    "expand": .lambda(TemplateLambda { _ in "{{name}}{{#list}}{{.}}{{/list}}" }),
  ]
}
