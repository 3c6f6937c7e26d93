/// The one check for URLs that authors and site owners write and Folio writes as `href` or
/// `src` itself: bookmarks (tables, YAML, JSON, CSV, browser exports) and menu entries.
///
/// A browser reads an attribute's URL with the WHATWG URL parser, which first strips leading
/// and trailing C0 controls and spaces and removes every tab and newline: `\u{1}java\tscript:`
/// runs as `javascript:`. So the check reads a URL the same way, then looks at its scheme:
/// `http`, `https`, `mailto`, the site's own extra schemes, and URLs without a scheme
/// (relative ones) pass. Markdown links keep cmark-gfm's own rule (``URLSafety``) so that
/// their HTML stays byte-identical to cmark-gfm's.
public struct URLPolicy: Hashable, Sendable {
  /// Why a URL is left out.
  public enum Refusal: Hashable, Sendable, CustomStringConvertible {
    /// There is nothing left once the browser's cleaning is done.
    case empty
    /// The scheme runs what the URL holds (`javascript`, `vbscript`, `data`).
    case runsCode(scheme: String)
    /// Any other scheme the site does not allow (`file`, `ftp`…).
    case schemeNotAllowed(String)

    /// The reason as the end of a sentence: "'javascript:' URLs can run code".
    public var description: String {
      switch self {
      case .empty: "it has no URL"
      case .runsCode(let scheme): "'\(scheme):' URLs can run code"
      case .schemeNotAllowed(let scheme): "the scheme '\(scheme):' is not allowed"
      }
    }
  }

  /// What the check decided.
  public enum Verdict: Hashable, Sendable {
    /// The URL as the browser reads it (cleaned), to be written in its place.
    case allowed(String)
    /// The URL must not be written.
    case refused(Refusal)
  }

  /// The schemes every site allows.
  public static let standardSchemes: [String] = ["http", "https", "mailto"]

  /// Schemes that run code: a site cannot allow them.
  public static let codeSchemes: Set<String> = ["javascript", "vbscript", "data"]

  /// The allowed schemes, lowercase, without the colon.
  public private(set) var schemes: Set<String>

  /// The standard schemes plus `extraSchemes` (any case); code schemes are never added.
  public init(allowing extraSchemes: [String] = []) {
    schemes = Set(URLPolicy.standardSchemes)
    for scheme in extraSchemes where !URLPolicy.codeSchemes.contains(scheme.lowercased()) {
      schemes.insert(scheme.lowercased())
    }
  }

  /// Whether `url` may be written, and if so in which form.
  public func check(_ url: String) -> Verdict {
    let cleaned = URLPolicy.cleaned(url)
    if cleaned.isEmpty { return .refused(.empty) }
    guard let scheme = URLPolicy.scheme(of: cleaned) else { return .allowed(cleaned) }
    if URLPolicy.codeSchemes.contains(scheme) { return .refused(.runsCode(scheme: scheme)) }
    if !schemes.contains(scheme) { return .refused(.schemeNotAllowed(scheme)) }
    return .allowed(cleaned)
  }

  /// `url` as the WHATWG URL parser starts reading it: leading and trailing C0 controls and
  /// spaces stripped, ASCII tabs and newlines removed wherever they are.
  public static func cleaned(_ url: String) -> String {
    // Every scalar the cleaning drops is at most U+0020, so a URL with no byte that low (UTF-8
    // continuation and lead bytes are all 0x80 or above) is already clean: most are.
    var bytes = url
    if !bytes.withUTF8({ $0.contains { $0 <= 0x20 } }) { return url }
    let scalars = url.unicodeScalars
    func isControlOrSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.value <= 0x20 }
    guard let first = scalars.firstIndex(where: { !isControlOrSpace($0) }),
      let last = scalars.lastIndex(where: { !isControlOrSpace($0) })
    else { return "" }
    var result = String.UnicodeScalarView()
    for scalar in scalars[first...last] where scalar != "\t" && scalar != "\n" && scalar != "\r" {
      result.append(scalar)
    }
    return String(result)
  }

  /// The scheme of a cleaned URL, lowercase, or nil when it has none (a relative URL): an
  /// ASCII letter, then letters, digits, `+`, `-` or `.`, up to the first `:`.
  public static func scheme(of url: String) -> String? {
    // The bytes are read first and the name made once at the colon: appending to a string
    // scalar by scalar cost more than every other check on a link card.
    var hasCapital = false
    for (offset, byte) in url.utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"): continue
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): hasCapital = true
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
        guard offset > 0 else { return nil }
      case UInt8(ascii: ":"):
        guard offset > 0 else { return nil }
        let name = url.utf8.prefix(offset)
        guard hasCapital else { return String(decoding: name, as: UTF8.self) }
        return String(
          decoding: name.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 },
          as: UTF8.self)
      default:
        return nil
      }
    }
    return nil
  }

  /// Whether `name` is written as a scheme can be (`tel`, `web+app`), for settings.
  public static func isSchemeName(_ name: String) -> Bool {
    scheme(of: name + ":") == name.lowercased()
  }
}
