import Diagnostics
import YAML

/// Taxonomies fed by several front-matter fields: Zenn's `topics` as the site's `tags`; and
/// taxonomies whose terms may be written as words in one string (Jekyll's `tags: swift ios`).
///
/// ```yaml
/// taxonomies:
///   - name: tags
///     from: [tags, topics]
///   - {name: categories, words: true}
/// ```
extension SiteConfiguration {
  /// The taxonomy a front-matter field feeds: the one that lists it in `from`, else the
  /// taxonomy of the field's own name, else nil (the field is a plain parameter).
  public func taxonomy(fromField field: String) -> String? {
    if let taxonomy = taxonomyFields[field] { return taxonomy }
    return taxonomies.contains(field) ? field : nil
  }

  /// The names of `taxonomies:` and the fields listed in their `from`, each field once.
  ///
  /// Each item is a name or a mapping with `name` and `from` (a field or a list of fields); a
  /// taxonomy without `from` is fed by the field of its name.
  static func taxonomyEntries(_ value: YAMLValue, _ key: String, in path: String) throws -> (
    names: [String], fields: [String: String], words: Set<String>
  ) {
    var names: [String] = []
    var fields: [String: String] = [:]
    var words: Set<String> = []
    for item in value.array ?? [value] {
      guard item.mapping != nil else {
        names.append(try item.expectString(key, in: path))
        continue
      }
      var name: String? = nil
      var sources: [(String, YAMLValue)] = []
      var splitsWords = false
      for (option, setting) in item.stringEntries {
        switch option {
        case "name": name = try setting.expectString(option, in: path)
        case "from":
          sources = try (setting.array ?? [setting]).map { (try $0.expectString(option, in: path), $0) }
        case "words": splitsWords = try setting.expectBool(option)
        default: throw unknownKey(option, in: item, under: key, known: ["name", "from", "words"])
        }
      }
      guard let name else { throw item.mismatch("a mapping with 'name'", key) }
      names.append(name)
      if splitsWords { words.insert(name) }
      for (field, place) in sources where field != name {
        if let other = fields[field] {
          throw DiagnosticError(
            .error("field '\(field)' already feeds taxonomy '\(other)'", at: place.location))
        }
        fields[field] = name
      }
    }
    return (names, fields, words)
  }
}
