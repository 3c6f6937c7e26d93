/// The two files the server adds to every site in serve mode, embedded so that `folio` stays
/// a single binary.
enum LiveReloadAssets {
  /// `/_folio/livereload.js`.
  static let script = StoredFile(text: LiveReloadScript.source)
  /// `/_folio/overlay.css`.
  static let stylesheet = StoredFile(text: OverlayStylesheet.source)
}
