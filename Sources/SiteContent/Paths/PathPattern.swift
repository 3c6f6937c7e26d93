/// A glob pattern over paths relative to `Content/` (`assets/js/**`, `demos/*.html`), as
/// folio.yaml's `static.activeContent` lists them.
///
/// - `*` matches any characters within one folder or file name (never a `/`);
/// - `?` matches one character that is not `/`;
/// - `**` as a whole part of the path matches any number of folders, none included:
///   `assets/**` matches everything below `assets/`, `**/*.svg` every SVG file;
///   elsewhere (`a**b`) it is the same as `*`;
/// - a pattern that ends in `/` matches everything below that folder (`demos/` is `demos/**`);
/// - every other character matches itself, case and all.
///
/// Matching takes time proportional to the path's length times the pattern's, whatever the
/// pattern: stars are matched by the usual backtrack to the last star, never by recursion.
package struct PathPattern: Sendable, Equatable {
  /// The pattern as written.
  package let text: String
  /// The pattern's parts between slashes, each a name pattern or `**`.
  private let parts: [[Character]]

  /// The pattern `text`.
  package init(_ text: String) {
    self.text = text
    var written = text
    if written.hasSuffix("/") { written += "**" }
    parts = written.split(separator: "/", omittingEmptySubsequences: false).map { Array($0) }
  }

  /// Whether `path`, relative to `Content/` (`assets/js/app.js`), matches the pattern.
  package func matches(_ path: String) -> Bool {
    let names = path.split(separator: "/", omittingEmptySubsequences: false).map { Array($0) }
    return PathPattern.match(
      names, parts, isStar: { $0 == PathPattern.anyFolders }, same: PathPattern.nameMatches)
  }

  /// Whether the file or folder name `name` matches the part `part` of a pattern.
  private static func nameMatches(_ name: [Character], _ part: [Character]) -> Bool {
    match(
      name, part, isStar: { $0 == "*" },
      same: { character, wanted in wanted == "?" ? character != "/" : character == wanted })
  }

  /// `**` as a part of the pattern.
  private static let anyFolders: [Character] = ["*", "*"]

  /// Whether `items` match `pattern`, where an element `isStar` matches any run of items and the
  /// others match one item each, as `same` says: the two-finger match that returns to the last
  /// star on a mismatch, so no input makes it exponential.
  private static func match<Item, Part>(
    _ items: [Item], _ pattern: [Part], isStar: (Part) -> Bool, same: (Item, Part) -> Bool
  ) -> Bool {
    var item = 0
    var part = 0
    var star: (part: Int, item: Int)? = nil
    while item < items.count {
      if part < pattern.count, isStar(pattern[part]) {
        star = (part, item)
        part += 1
      } else if part < pattern.count, same(items[item], pattern[part]) {
        item += 1
        part += 1
      } else if let last = star {
        // The last star takes one item more, and matching goes on after it.
        star = (last.part, last.item + 1)
        part = last.part + 1
        item = last.item + 1
      } else {
        return false
      }
    }
    while part < pattern.count, isStar(pattern[part]) { part += 1 }
    return part == pattern.count
  }
}
