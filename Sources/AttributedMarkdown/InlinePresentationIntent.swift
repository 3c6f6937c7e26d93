#if !canImport(Darwin)
  public import RichText

  /// The inline styles of a run, with the names and raw values of Apple Foundation's
  /// `InlinePresentationIntent` (`emphasized` 1, `stronglyEmphasized` 2, `code` 4,
  /// `strikethrough` 32, `softBreak` 64, `lineBreak` 128, `inlineHTML` 256, `blockHTML` 512).
  ///
  /// The same type as RichText's, so the two never clash in one file. On Apple platforms
  /// Foundation's own type is used instead.
  ///
  /// ```swift
  /// let string = AttributedString(gitHubMarkdown: "**bold**")
  /// string.runs.first?.inlinePresentationIntent == .stronglyEmphasized  // true
  /// ```
  public typealias InlinePresentationIntent = RichText.InlinePresentationIntent
#endif
