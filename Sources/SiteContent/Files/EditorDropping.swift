/// Files editors leave beside the ones they edit: backups (`a.md~`), Emacs's auto-saves
/// (`#a.md#`), Vim's swap files (`a.md.swp`, and `.a.md.swp`, hidden anyway) and its `4913`
/// probe, and temporary files of editors that save by renaming (`a.md.tmp`).
///
/// A build never publishes them, as Jekyll ignores names ending in `~` or starting with `#`,
/// and `folio serve` never rebuilds for them: the two agree, so a backup that exists while
/// serve runs is not published by the build that follows it either.
package enum EditorDropping {
  /// Whether the file or folder name `name` (one path segment) is an editor's dropping.
  package static func isDropping(_ name: some StringProtocol) -> Bool {
    name.hasSuffix("~") || name == "4913" || name.hasSuffix(".swp") || name.hasSuffix(".tmp")
      || (name.count > 1 && name.hasPrefix("#") && name.hasSuffix("#"))
  }
}
