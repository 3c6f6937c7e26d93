/// A value a template can show: the data behind `{{name}}`, `{{#name}}` and friends.
///
/// Values are plain Sendable data, so one context can be shared by pages rendered in parallel.
/// `{{name}}` escapes strings for HTML; wrap HTML that is already safe, such as a rendered page
/// body, in ``safeHTML(_:)`` so it is inserted as it is.
///
/// ```swift
/// let context: TemplateValue = [
///   "title": "Fish & Chips",
///   "body": .safeHTML("<p>Crisp.</p>"),
///   "tags": ["food", "uk"],
///   "price": 9.5,
/// ]
/// ```
public enum TemplateValue: Sendable {
  /// Nothing: renders as the empty string and is falsey in sections.
  case null
  /// A boolean: `true` renders a section once, `false` hides it.
  case bool(Bool)
  /// An integer, printed without a fractional part.
  case int(Int)
  /// A floating-point number, printed in its shortest exact form (`1.21`, and `2` for `2.0`).
  case double(Double)
  /// Text that `{{name}}` escapes for HTML (`{{{name}}}` and `{{&name}}` do not).
  case string(String)
  /// HTML that is already safe to insert: no tag escapes it.
  case safeHTML(String)
  /// A list: a section renders once per element, with the element on top of the context.
  case array([TemplateValue])
  /// An object: names in tags look up its keys.
  case object([String: TemplateValue])
  /// An object whose member names were hashed when it was made: renders as ``object(_:)``
  /// does, and costs less to look up in (see ``TemplateRecord``).
  case record(TemplateRecord)
  /// Code called by the template instead of data; see ``TemplateLambda``.
  case lambda(TemplateLambda)
}

extension TemplateValue {
  /// The value stored under `key` when this is an object, otherwise `nil`.
  public subscript(key: String) -> TemplateValue? {
    switch self {
    case .object(let members): members[key]
    case .record(let record): record[key]
    default: nil
    }
  }
}
