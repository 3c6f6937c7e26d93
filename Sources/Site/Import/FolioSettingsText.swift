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

  /// Adds `key:` as a list of one mapping, `members` and then `listKey` with `items` one a
  /// line (MkDocs' `nav` can hold a hundred entries).
  mutating func setListEntry(
    _ key: String, _ members: [(key: String, value: SettingValue)], listKey: String, items: [SettingValue],
    comment: [String] = []
  ) {
    lines += comment.map { "# " + $0 }
    lines.append(key + ":")
    let written = members.map { SettingValue.scalar($0.key) + ": " + $0.value.yaml }
    for (index, member) in written.enumerated() { lines.append((index == 0 ? "  - " : "    ") + member) }
    lines.append((written.isEmpty ? "  - " : "    ") + SettingValue.scalar(listKey) + ":")
    lines += items.map { "      - " + $0.yaml }
  }

  /// The file's text.
  var text: String { lines.joined(separator: "\n") + "\n" }
}
