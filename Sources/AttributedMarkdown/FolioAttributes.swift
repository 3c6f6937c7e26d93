public import Foundation
public import RichText

extension AttributeScopes {
  /// The attributes `AttributedString(gitHubMarkdown:)` sets: Foundation's, plus what GitHub
  /// Markdown has and Apple's parser drops (footnotes, task items, `^[…](…)` attributes).
  ///
  /// On Linux the scope also holds `presentationIntent` and `inlinePresentationIntent` under
  /// Foundation's names (`NSPresentationIntent`, `NSInlinePresentationIntent`), which
  /// Foundation there lacks; on Apple platforms those are Foundation's own.
  ///
  /// ```swift
  /// let string = AttributedString(gitHubMarkdown: "Note[^1]\n\n[^1]: Details.\n")
  /// for run in string.runs where run.footnoteReference != nil { print(run.footnoteReference!) }  // 1
  /// ```
  public struct FolioAttributes: AttributeScope {
    #if !canImport(Darwin)
      /// The block structure of a run (Foundation's `presentationIntent`).
      public let presentationIntent: PresentationIntentAttribute
      /// The inline styles of a run (Foundation's `inlinePresentationIntent`).
      public let inlinePresentationIntent: InlinePresentationIntentAttribute
    #endif
    /// The attributes of every enclosing `^[text](key: value)`, inner keys winning.
    public let customAttributes: CustomAttributesAttribute
    /// For a footnote reference (its text is the footnote's number): the footnote's label.
    public let footnoteReference: FootnoteReferenceAttribute
    /// For the text of a footnote definition: the footnote's label.
    public let footnoteDefinition: FootnoteDefinitionAttribute
    /// For the text of a GFM task list item: whether it is checked (`- [x]`).
    public let taskItemIsChecked: TaskItemIsCheckedAttribute
    /// Foundation's attributes: `link`, `imageURL` and the rest.
    public let foundation: FoundationAttributes
  }

  /// Folio's attributes, for `AttributedString`'s scoped APIs: `string.runs[\.folio.footnoteReference]`.
  public var folio: FolioAttributes.Type { FolioAttributes.self }
}

extension AttributeDynamicLookup {
  /// Reads Folio's attributes as properties of runs and containers: `run.footnoteReference`.
  public subscript<T: AttributedStringKey>(
    dynamicMember keyPath: KeyPath<AttributeScopes.FolioAttributes, T>
  ) -> T {
    self[T.self]
  }
}

extension AttributeScopes.FolioAttributes {
  #if !canImport(Darwin)
    /// The key of ``presentationIntent``, named as Foundation names it.
    public enum PresentationIntentAttribute: AttributedStringKey {
      /// The block chain.
      public typealias Value = PresentationIntent
      /// `NSPresentationIntent`.
      public static let name = "NSPresentationIntent"
    }

    /// The key of ``inlinePresentationIntent``, named as Foundation names it.
    public enum InlinePresentationIntentAttribute: AttributedStringKey {
      /// The style bits.
      public typealias Value = InlinePresentationIntent
      /// `NSInlinePresentationIntent`.
      public static let name = "NSInlinePresentationIntent"
    }
  #endif

  /// The key of ``customAttributes``.
  public enum CustomAttributesAttribute: AttributedStringKey {
    /// The merged attributes.
    public typealias Value = CustomAttributes
    /// `FolioCustomAttributes`.
    public static let name = "FolioCustomAttributes"
  }

  /// The key of ``footnoteReference``.
  public enum FootnoteReferenceAttribute: AttributedStringKey {
    /// The footnote's label.
    public typealias Value = String
    /// `FolioFootnoteReference`.
    public static let name = "FolioFootnoteReference"
  }

  /// The key of ``footnoteDefinition``.
  public enum FootnoteDefinitionAttribute: AttributedStringKey {
    /// The footnote's label.
    public typealias Value = String
    /// `FolioFootnoteDefinition`.
    public static let name = "FolioFootnoteDefinition"
  }

  /// The key of ``taskItemIsChecked``.
  public enum TaskItemIsCheckedAttribute: AttributedStringKey {
    /// True for `- [x]`, false for `- [ ]`.
    public typealias Value = Bool
    /// `FolioTaskItemIsChecked`.
    public static let name = "FolioTaskItemIsChecked"
  }
}
