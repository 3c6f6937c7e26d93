/// What rendering does when a partial or parent names a template the library does not have.
public enum MissingPartials: Sendable {
  /// Render nothing in its place, as the Mustache spec requires.
  case renderEmpty
  /// Fail with a diagnostic at the tag. A library in this mode also checks, while loading, that
  /// every partial and parent written by name exists.
  case reportError
}
