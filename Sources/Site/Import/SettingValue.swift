import YAML

/// A value of the `folio.yaml` that `folio import` writes, rendered in YAML's flow style: short
/// settings stay on one line each, as the sample site's folio.yaml writes them.
indirect enum SettingValue: Equatable {
  case string(String)
  case bool(Bool)
  case int(Int)
  case list([SettingValue])
  case map([(key: String, value: SettingValue)])

  /// `value` as a setting: scalars as they are, sequences and mappings with their members; nil
  /// for a null (left out).
  init?(_ value: YAMLValue) {
    switch value.kind {
    case .null: return nil
    case .bool(let bool): self = .bool(bool)
    case .int(let int): self = .int(int)
    case .double(let double): self = .string(String(double))
    case .string(let text): self = .string(text)
    case .sequence(let items): self = .list(items.compactMap(SettingValue.init))
    case .mapping:
      self = .map(value.entries.compactMap { entry in SettingValue(entry.value).map { (entry.key, $0) } })
    }
  }

  /// The value as YAML flow text: strings quoted only when YAML would read them otherwise.
  var yaml: String {
    switch self {
    case .string(let text): SettingValue.scalar(text)
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .list(let items): "[" + items.map(\.yaml).joined(separator: ", ") + "]"
    case .map(let entries):
      "{" + entries.map { SettingValue.scalar($0.key) + ": " + $0.value.yaml }.joined(separator: ", ") + "}"
    }
  }

  static func == (lhs: SettingValue, rhs: SettingValue) -> Bool { lhs.yaml == rhs.yaml }

  /// `text` plain when it is a plain YAML string in flow context that reads back as itself,
  /// else double-quoted.
  static func scalar(_ text: String) -> String {
    // Characters that start something else at the front of a plain scalar, and ones that end
    // one in flow context anywhere.
    let leading: Set<Character> = [
      "-", "?", ":", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`", " ",
    ]
    let flow: Set<Character> = [",", "[", "]", "{", "}"]
    let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"]
    let plain =
      !text.isEmpty && !leading.contains(text.first!) && text.last != " " && text.last != ":"
      && !reserved.contains(text.lowercased()) && Double(text) == nil && Int(text) == nil
      && !text.contains(where: { flow.contains($0) || $0.isNewline || $0 == "\t" })
      && !text.contains(": ") && !text.contains(" #")
    return plain ? text : PageScaffold.quoted(text)
  }
}
