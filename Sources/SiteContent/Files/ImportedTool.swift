import Foundation

/// The site generator a repository was built with, as `folio import` recognises it by its
/// configuration file.
public enum ImportedTool: String, Sendable, CaseIterable {
  /// Hugo: `hugo.{toml,yaml,yml,json}`, `config.*`, or `config/_default/`.
  case hugo = "Hugo"
  /// Jekyll: `_config.yml` (or `_config.yaml`, `_config.toml`).
  case jekyll = "Jekyll"
  /// MkDocs: `mkdocs.yml` (or `mkdocs.yaml`).
  case mkdocs = "MkDocs"

  /// The configuration files each tool reads, in the order it looks for them.
  package var configurationFiles: [String] {
    switch self {
    case .hugo:
      [
        "hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml",
        "config.json",
      ]
        + ["hugo", "config"].flatMap { name in
          ["toml", "yaml", "yml", "json"].map { "config/_default/\(name).\($0)" }
        }
    case .jekyll: ["_config.yml", "_config.yaml", "_config.toml"]
    case .mkdocs: ["mkdocs.yml", "mkdocs.yaml"]
    }
  }

  /// The tool whose configuration is in the folder (`exists` answers for a path relative to
  /// it) and that file's path: MkDocs first (its repositories often hold a `config.yml` of
  /// something else), then Jekyll, then Hugo.
  package static func detect(exists: (String) -> Bool) -> (tool: ImportedTool, configuration: String)? {
    for tool in [ImportedTool.mkdocs, .jekyll, .hugo] {
      if let file = tool.configurationFiles.first(where: exists) { return (tool, file) }
    }
    return nil
  }
}
