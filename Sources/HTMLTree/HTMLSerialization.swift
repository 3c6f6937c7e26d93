/// How ``HTMLFragment/serialized(as:)`` writes a tree.
public enum HTMLSerialization: Sendable, Hashable {
  /// Polyglot XHTML that an XML parser accepts, for an EPUB chapter: void elements written
  /// `<br />`, every other element closed, `&`, `<` and `>` escaped (and `"` in attribute
  /// values), attribute names that are not XML names left out, characters XML 1.0 does not
  /// allow left out, `xmlns` on the elements where the namespace changes, and comments left
  /// out. An element whose name is not an XML name is left out around its children.
  case xhtml
  /// HTML5's serialisation, for the book's one-page print HTML: void elements without `/`,
  /// the text of `<script>`, `<style>` and the other raw-text elements as it is, and comments
  /// left out.
  case html
}
