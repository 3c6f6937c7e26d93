/// The page `folio new page` writes: front matter with a title and a date, and an empty body.
public enum PageScaffold {
  /// A new page's text.
  /// - Parameters:
  ///   - title: The page's title.
  ///   - date: The page's date, `YYYY-MM-DD`.
  ///   - isDraft: Whether the page starts as a draft (left out of builds without `--drafts`).
  public static func page(title: String, date: String, isDraft: Bool = false) -> String {
    "---\ntitle: \(quoted(title))\ndate: \(date)\n" + (isDraft ? "draft: true\n" : "") + "---\n\n"
  }

  /// A title from a file name: `hello-world.md` → "Hello world"; `_index.md` takes its folder's
  /// name, as a section page is named after its folder.
  public static func title(forPath path: String) -> String {
    var components = path.split(separator: "/").map(String.init)
    var stem = components.popLast() ?? ""
    if let dot = stem.lastIndex(of: ".") { stem = String(stem[..<dot]) }
    if stem == "_index" || stem == "index" { stem = components.last ?? "Home" }
    if stem == "Content" { stem = "Home" }
    let words = stem.map { $0 == "-" || $0 == "_" ? " " : String($0) }.joined()
      .split(separator: " ").joined(separator: " ")
    guard let first = words.first else { return "Untitled" }
    return first.uppercased() + words.dropFirst()
  }

  /// Where `folio new page PATH` writes: PATH when it is absolute or already names a folder
  /// `Content` (`Content/posts/x.md`, `site/Content/x.md`), else PATH under `Content/`
  /// (`posts/x.md` → `Content/posts/x.md`); a relative PATH that climbs (`../x.md`) is taken as
  /// typed. A page outside `Content/` is never built, and
  /// `posts/x.md` typed in the project means the posts section, as `folio new page` reads it.
  public static func contentPath(for path: String) -> String {
    let components = path.split(separator: "/", omittingEmptySubsequences: true)
    if path.hasPrefix("/") || components.dropLast().contains("Content") || components.contains("..") {
      return path
    }
    let rest = components.drop { $0 == "." }
    return "Content/" + rest.joined(separator: "/")
  }

  /// `text` as a YAML double-quoted scalar, so any title (`a: b`, `"quoted"`, `#1`) survives.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result +=
            "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
