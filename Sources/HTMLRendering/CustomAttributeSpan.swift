import RichText

/// Writes the `<span>` that carries Apple-style extended attributes.
///
/// Mapping: `class`, `lang`, `id`, `title` and `dir` (in any case) → the same HTML attribute,
/// and every other key → `data-<key>`, with keys lower-cased and reduced to `a-z`, `0-9` and
/// `-` (anything else becomes `-`; an empty key is dropped). Values are written with
/// ``AttributeValue/text`` and escaped. docs/RICHTEXT.md documents the mapping for users.
/// Apple's `inlinePresentationIntent`-style keys have no HTML meaning and become data
/// attributes like any other.
enum CustomAttributeSpan {
  static func open(_ attributes: CustomAttributes, into writer: inout HTMLWriter) {
    // A repeated key keeps its first position and its last value, as JSON objects do.
    var names: [String] = []
    var values: [String: String] = [:]
    for (key, value) in attributes.entries {
      let name = attributeName(for: key)
      guard !name.isEmpty else { continue }
      if values[name] == nil { names.append(name) }
      values[name] = value.text
    }
    writer.raw("<span")
    for name in names {
      writer.raw(" ")
      writer.raw(name)
      writer.raw("=\"")
      writer.text(values[name] ?? "")
      writer.raw("\"")
    }
    writer.raw(">")
  }

  static func attributeName(for key: String) -> String {
    let lowered = key.lowercased()
    switch lowered {
    case "class", "lang", "id", "title", "dir": return lowered
    default: break
    }
    var name = ""
    for scalar in lowered.unicodeScalars {
      switch scalar {
      case "a"..."z", "0"..."9", "-": name.unicodeScalars.append(scalar)
      default: name += "-"
      }
    }
    return name.isEmpty ? "" : "data-" + name
  }
}
