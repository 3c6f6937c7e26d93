import Diagnostics
import SiteContent

/// What `folio import` writes into a repository built with another tool: a `folio.yaml` that
/// builds it where it is, and notes on what it could not carry over, each at the setting's
/// place in the old configuration.
public struct ImportPlan: Sendable {
  /// The tool the repository was built with.
  public var tool: ImportedTool
  /// The configuration file it was read from, relative to the repository.
  public var configurationFile: String
  /// The text of `folio.yaml`.
  public var settings: String
  /// A `.gitignore` for the output and the cache, when the repository has none.
  public var gitignore: String?
  /// What was not carried over, or was carried over differently, at its place.
  public var notes: [Diagnostic]
}
