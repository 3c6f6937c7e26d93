extension [ContentMount] {
  /// Where in the project the content path `path` (`Content/articles/a.md`) is read from: its
  /// place in the first mount that reads into its folder and in which `isThere` finds it
  /// (`articles/a.md`), else in the first mount that reads into its folder, else `path`
  /// itself. The one rule for naming a site's file as the project has it: the build's
  /// diagnostics (``SiteFiles/projectPath(of:)``, which asks the file system when mounts
  /// overlap) and `redirects:` (which names pages by those files) both follow it.
  package func projectPath(of path: String, isThere: (String) -> Bool = { _ in true }) -> String {
    guard !isEmpty, path.hasPrefix("Content/") else { return path }
    var first: String? = nil
    for mount in self {
      guard let source = mount.sourcePath(of: path) else { continue }
      if isThere(source) { return source }
      first = first ?? source
    }
    return first ?? path
  }
}
