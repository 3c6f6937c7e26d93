/// The `folio.yaml` that `folio import` writes, setting by setting, each with the comment that
/// says where it came from.
struct FolioSettingsText {
  private var lines: [String]

  /// A file opening with `header`, one comment line per element.
  init(header: [String]) {
    lines = header.map { "# " + $0 }
  }

  /// Adds `key: value`, after `comment` lines when given.
  mutating func set(_ key: String, _ value: SettingValue, comment: [String] = []) {
    lines += comment.map { "# " + $0 }
    lines.append(key + ": " + value.yaml)
  }

  /// Adds a mapping in block style, one entry a line (`params:` can hold dozens).
  mutating func setBlock(
    _ key: String, _ entries: [(key: String, value: SettingValue)], comment: [String] = []
  ) {
    lines += comment.map { "# " + $0 }
    lines.append(key + ":")
    lines += entries.map { "  " + SettingValue.scalar($0.key) + ": " + $0.value.yaml }
  }

  /// The file's text.
  var text: String { lines.joined(separator: "\n") + "\n" }
}
