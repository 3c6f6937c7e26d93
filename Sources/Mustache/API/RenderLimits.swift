import Diagnostics

/// The most one template render may do before it stops with an error, so that a template that
/// includes itself, or one that multiplies its work, fails at a tag instead of crashing or hanging.
///
/// These are the one place for the limits' values; docs/CONTRACTS.md lists them with their errors.
public enum RenderLimits {
  /// How deep sections may nest inside one template source (the parser's recursion).
  public static let sectionNesting = 100
  /// How deep partials, parents, overridden blocks and lambda results may include each other.
  public static let includeDepth = 64
  /// How deep sections and includes may nest in all (the renderer's recursion: about 0.8 KB of
  /// stack a level in release builds, 2.5 KB in debug builds, so 256 levels fit a 512 KB thread).
  public static let renderDepth = 256
  /// How many bytes one render may write: 64 MiB, far past any page, and small enough that a few
  /// renders at once fit in memory.
  public static let outputBytes = 64 << 20
  /// How many sections, section items and includes one render may enter: 10 million. Partials
  /// that each include the next twice double the work at every level without writing anything,
  /// so neither depth nor output size stops them; this does, within a second or so.
  public static let steps = 10_000_000
}

extension RenderLimits {
  /// Whether `error` is a render stopped by ``steps`` or ``outputBytes``: such a render took its
  /// whole budget, so a caller rendering many pages with the same templates stops the others
  /// instead of paying it once per page. (Messages are made in one place, `TemplateError`, so
  /// comparing them is exact.)
  public static func isExhausted(by error: DiagnosticError) -> Bool {
    let exhausted = [
      TemplateError(location: nil, reason: .tooManySteps(chain: [], limit: steps)).diagnostic.message,
      TemplateError(location: nil, reason: .outputTooLarge(chain: [], limit: outputBytes)).diagnostic.message,
    ]
    return error.diagnostics.contains { exhausted.contains($0.message) }
  }
}
