/// What the browsers connected to `/_folio/events` should do after a build.
public enum ReloadEvent: Sendable, Hashable {
  /// Reload the pages at these URL paths (`/posts/hello/`); an empty list reloads every page.
  case reload(paths: [String])
  /// Swap these stylesheets (URL paths such as `/css/site.css`) without reloading, so page state
  /// survives; an empty list swaps every same-origin stylesheet.
  case css(paths: [String])
  /// Show the error overlay. New browsers also get it when they connect, until ``clear``.
  case error(ErrorOverlay)
  /// Remove the error overlay.
  case clear

  /// Reload every page.
  public static let reloadAll = ReloadEvent.reload(paths: [])
}
