/// The namespace an element belongs to: HTML parsing puts everything inside `<svg>` in SVG's and
/// everything inside `<math>` in MathML's, and the rest in HTML's.
public enum HTMLNamespace: Sendable, Hashable {
  /// The XHTML namespace, `http://www.w3.org/1999/xhtml`.
  case html
  /// SVG's namespace, `http://www.w3.org/2000/svg`.
  case svg
  /// MathML's namespace, `http://www.w3.org/1998/Math/MathML`.
  case mathML

  /// The namespace's URI, as an `xmlns` attribute names it.
  public var uri: String {
    switch self {
    case .html: "http://www.w3.org/1999/xhtml"
    case .svg: "http://www.w3.org/2000/svg"
    case .mathML: "http://www.w3.org/1998/Math/MathML"
    }
  }
}
