/// Where a Markdown file of `Content/` goes in the site before its front matter is read: the
/// one rule from file to kind, section folder and URL.
///
/// - `_index.md` is its folder's section (`Content/_index.md` the home page); so is an
///   `index.md` at the top (`Content/index.md`, MkDocs' home page), which has no folder to be
///   a bundle of.
/// - `index.md` is a page bundle, as in Hugo: the page of its folder (`posts/trip/index.md` is
///   `/posts/trip/`, in the `posts` section), and the files beside it are published beside it.
/// - Any other `name.md` is the page `/folder/name/`.
package struct PageAddress: Sendable, Equatable {
  /// What the file is in the site's structure.
  var kind: Page.Kind
  /// The section folder the page belongs to, relative to `Content/` (`posts`), empty at the top.
  var folder: String
  /// The folder holding the file, relative to `Content/`: the bundle's own folder for an
  /// `index.md`.
  var fileFolder: String
  /// The last part of the URL that a `slug` replaces (nil for sections and the home page).
  var name: String?
  /// Whether the file is a page bundle's `index.md`.
  var isBundle: Bool
  /// Where the URLs of the page's language live (`/ja/`); `/` on a one-language site.
  var prefix = "/"

  /// The address of the Markdown file at `relativePath` (relative to `Content/`, ending `.md`).
  package init(ofMarkdownFile relativePath: String) {
    if let address = PageAddress(plainPath: relativePath) {
      self = address
      return
    }
    let components = OutputPath.split(relativePath).filter { !$0.isEmpty }
    self.init(
      stem: (components.last ?? "").dropLast(3), fileFolder: components.dropLast().joined(separator: "/"))
  }

  /// The address of the file named `stem` + `.md` in `fileFolder` (no empty component): the
  /// one rule from a file to its kind, section folder and name, whichever way its path was read.
  private init(stem: Substring, fileFolder: String) {
    self.fileFolder = fileFolder
    isBundle = stem == "index" && !fileFolder.isEmpty
    if stem == "_index" || (stem == "index" && fileFolder.isEmpty) {
      kind = fileFolder.isEmpty ? .home : .section
      folder = fileFolder
      name = nil
    } else if isBundle {
      // A bundle is named after its folder, in the folder above.
      kind = .page
      let parent = fileFolder.utf8.lastIndex(of: UInt8(ascii: "/"))
      name = String(fileFolder[(parent.map { fileFolder.utf8.index(after: $0) } ?? fileFolder.startIndex)...])
      folder = parent.map { String(fileFolder[..<$0]) } ?? ""
    } else {
      kind = .page
      folder = fileFolder
      name = String(stem)
    }
  }

  /// The address of `relativePath` read in place, for the usual path: no empty component (no
  /// leading, trailing or doubled `/`) and a name ending `.md`. Nil for any other path, which
  /// the general reading above takes. Every page's address is made two or three times (its
  /// guessed URL, its load and, in another language, its path without the language), and
  /// splitting it into an array of strings each time showed in profiles.
  private init?(plainPath path: String) {
    let bytes = path.utf8
    guard let first = bytes.first, first != UInt8(ascii: "/"), bytes.count > 3,
      bytes.suffix(3).elementsEqual(".md".utf8)
    else { return nil }
    var previous = first
    for byte in bytes.dropFirst() {
      if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/") { return nil }
      previous = byte
    }
    let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
    let fileStart = slash.map { bytes.index(after: $0) } ?? bytes.startIndex
    // `.md` is three bytes and three characters.
    let stem = path[fileStart..<bytes.index(bytes.endIndex, offsetBy: -3)]
    self.init(stem: stem, fileFolder: slash.map { String(path[..<$0]) } ?? "")
  }

  /// The URL with `slug` (if any) in place of the name: `/posts/trip/`.
  package func url(slug: String? = nil) -> String {
    let path: String
    switch kind {
    case .home: path = "/"
    case .section: path = "/" + folder + "/"
    case .page: path = "/" + (folder.isEmpty ? "" : folder + "/") + (slug ?? name ?? "") + "/"
    }
    return prefix == "/" ? path : prefix + path.dropFirst()
  }
}
