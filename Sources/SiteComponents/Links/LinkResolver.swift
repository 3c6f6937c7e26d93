import BuildCache
import Diagnostics
import RichText
import SiteContent

/// Decides where each link and image of a page leads and what to write for it: the one place
/// that knows the site's base path and which Markdown file makes which page.
///
/// Writers link the way GitHub renders a repository: `[setup](setup.md#install)`,
/// `../posts/first.md`, `![map](map.svg)` beside the page. Those are read from the page's
/// *file*: a link to a Markdown file becomes its page's URL, and a file next to the source is
/// written so that it works at the page's URL. Links written for the site (`/docs/cli/`,
/// `../p02/`, as Hugo sites write them) keep working. Site-relative links are written with the
/// base path of `baseURL` (`https://user.github.io/project/` → `/project/docs/cli/`); relative
/// links stay relative.
///
/// Pages are rendered as soon as they are parsed, before every page's `slug` is known, so a
/// resolver may be provisional: each ``Resolution`` lists the facts it relied on
/// (``Resolution/dependencies``), and the session renders a page again when one of them
/// turns out otherwise (``setPage(_:url:changed:)`` and ``setStaticFile(_:exists:changed:)`` say which).
package struct LinkResolver: Sendable {
  /// The path the site is published under, starting and ending with `/` (`/project/`).
  var basePath: String
  /// The URL of the page each Markdown file makes, by path relative to `Content/`; files that
  /// make no page (drafts in a build without drafts) are absent.
  package private(set) var pageURLs: [String: String]
  /// Every site path a link may lead to: the pages' URLs and the static files (`/images/a.png`).
  var sitePaths: Set<String>
  /// The static files, relative to `Content/`.
  var staticFiles: Set<String>
  /// The size of each static image file whose header says it (``ImageFileSize``), relative to
  /// `Content/`: written on the `<img>` of pages that show it, which therefore rest on the fact
  /// `size:PATH`.
  package private(set) var imageSizes: [String: ImageSize]
  /// What became of each still photo (JPEG, PNG, WebP) among the static files: the stamp of
  /// its bytes that the names of its variants (``ImageVariant``) carry, or why none were made.
  /// A page that shows a photo rests on it, in the same fact as the size.
  package private(set) var photos: [String: PhotoState]

  /// A resolver for a site published at `basePath` with these pages and files, and these
  /// image files' sizes (``imageSizes(of:)``) and what became of the photos.
  package init(
    basePath: String, pageURLs: [String: String], staticFiles: some Sequence<String>,
    imageSizes: [String: ImageSize] = [:], photos: [String: PhotoState] = [:]
  ) {
    self.basePath = basePath
    self.pageURLs = pageURLs
    self.staticFiles = Set(staticFiles)
    self.imageSizes = imageSizes
    self.photos = photos
    var paths = Set(pageURLs.values)
    for file in self.staticFiles { paths.insert("/" + file) }
    sitePaths = paths
  }

  /// What a link resolves to.
  struct Resolution: Equatable {
    /// What to write instead of the destination as written; nil keeps it.
    var href: String?
    /// The site path the link check looks for; nil for links that leave the site.
    var target: String?
    /// A warning about the link (two readings that name different files).
    var warning: ComponentProblem?
    /// The facts the answer rests on: `file:PATH` (which page, if any, a Markdown file makes)
    /// and `path:PATH` (whether something is at a site path).
    var dependencies: [String] = []
    /// The Markdown file a link names when it makes no page (relative to `Content/`).
    var markdownFile: String? = nil
    /// The static file it leads to (relative to `Content/`), when it leads to one.
    var staticFile: String? = nil
  }

  /// Resolves `written`, found in the Markdown file `source` (relative to `Content/`) of the
  /// page at `pageURL`.
  func resolve(_ written: String, inFile source: String, pageURL: String) -> Resolution {
    let bytes = written.utf8
    let cut = bytes.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") } ?? bytes.endIndex
    let path = cut == bytes.endIndex ? written : String(written[..<cut])
    let suffix = cut == bytes.endIndex ? "" : String(written[cut...])
    guard let first = path.utf8.first else {
      return Resolution(target: InternalLink.target(of: written, fromPageAt: pageURL))
    }
    guard let urlReading = InternalLink.target(of: written, fromPageAt: pageURL) else {
      return Resolution()  // leaves the site: a scheme, or `//host/`
    }
    if first == UInt8(ascii: "/") {
      return resolveSiteRelative(path, suffix: suffix, reading: urlReading)
    }
    // Relative: first as a file beside the source, as GitHub reads it.
    let folder = source.utf8.lastIndex(of: UInt8(ascii: "/")).map { source[..<$0] } ?? ""
    guard let file = LinkResolver.normalised(folder.isEmpty ? path : folder + "/" + path) else {
      return Resolution(target: urlReading, dependencies: ["path:" + urlReading])
    }
    if file.hasSuffix(".md") {
      guard let url = pageURLs[file] else {
        // A missing or draft file: the link check reports the link as written, and the file.
        return Resolution(target: urlReading, dependencies: ["file:" + file], markdownFile: file)
      }
      return Resolution(href: href(url) + suffix, target: url, dependencies: ["file:" + file])
    }
    if staticFiles.contains(file) {
      let fileTarget = "/" + file
      if fileTarget == urlReading {
        return Resolution(target: urlReading, dependencies: ["file:" + file], staticFile: file)
      }
      var resolution = Resolution(href: href(fileTarget) + suffix, target: fileTarget, staticFile: file)
      if sitePaths.contains(urlReading) {
        resolution.warning = .ambiguousLink(written: written, file: file, urlReading: urlReading)
      }
      resolution.dependencies = ["file:" + file, "path:" + urlReading]
      return resolution
    }
    return Resolution(target: urlReading, dependencies: ["file:" + file, "path:" + urlReading])
  }

  /// A link that starts with `/`: a site path (written with the base path), a Markdown file
  /// from `Content/` (`/guide/setup.md`), or one already written with the base path.
  private func resolveSiteRelative(_ path: String, suffix: String, reading: String) -> Resolution {
    let file = String(path.dropFirst())
    if file.hasSuffix(".md"), let normalised = LinkResolver.normalised(file) {
      guard let url = pageURLs[normalised] else {
        return Resolution(
          href: href(reading) + suffix, target: reading, dependencies: ["file:" + normalised],
          markdownFile: normalised)
      }
      return Resolution(href: href(url) + suffix, target: url, dependencies: ["file:" + normalised])
    }
    // Written for the host, with the base path already: accepted when the site path without
    // it exists and the one with it does not.
    if basePath != "/", reading.hasPrefix(basePath) {
      let stripped = "/" + reading.dropFirst(basePath.count)
      let dependencies = ["path:" + reading, "path:" + stripped]
      if !sitePaths.contains(reading), sitePaths.contains(stripped) {
        return Resolution(target: stripped, dependencies: dependencies, staticFile: staticFile(at: stripped))
      }
      return Resolution(
        href: href(reading) + suffix, target: reading, dependencies: dependencies,
        staticFile: staticFile(at: reading))
    }
    return Resolution(
      href: basePath == "/" ? nil : href(reading) + suffix, target: reading,
      staticFile: staticFile(at: reading))
  }

  /// The static file at the site path `path` (`/images/a.png` → `images/a.png`), if any.
  private func staticFile(at path: String) -> String? {
    let file = String(path.dropFirst())
    return staticFiles.contains(file) ? file : nil
  }

  /// The size to write on an image that shows the static file `file` and was given `written`
  /// in the Markdown (Zenn's `=250x`), and the fact it rests on: the file's size, or the side
  /// written with the other kept in the file's proportions; nil when both sides were written or
  /// the file's size is unknown.
  func imageSize(of file: String, written: ImageSize?) -> (size: ImageSize?, fact: String) {
    let fact = "size:" + file
    guard let natural = imageSizes[file], let width = natural.width, let height = natural.height,
      written?.width == nil || written?.height == nil
    else { return (nil, fact) }
    switch (written?.width, written?.height) {
    case (let given?, nil):
      return (
        ImageSize(width: given, height: max(1, Int((Double(given * height) / Double(width)).rounded()))), fact
      )
    case (nil, let given?):
      return (
        ImageSize(width: max(1, Int((Double(given * width) / Double(height)).rounded())), height: given), fact
      )
    default:
      return (natural, fact)
    }
  }

  /// The size of each image among `files` (relative to `Content/`, with their bytes) whose
  /// header says it.
  package static func imageSizes(of files: [String: [UInt8]]) -> [String: ImageSize] {
    var sizes: [String: ImageSize] = [:]
    for (path, bytes) in files where ImageFileSize.isImage(path) {
      sizes[path] = ImageFileSize.read(bytes, name: path)
    }
    return sizes
  }

  /// The stamp of `bytes` when they are a still photo (``ImageFileSize/isStillPhoto(_:)``).
  package static func photoStamp(of bytes: [UInt8]) -> String? {
    guard ImageFileSize.isStillPhoto(bytes) else { return nil }
    return photoStamp(digest: ContentDigest(of: bytes))
  }

  /// The stamp of a photo whose bytes digest to `digest`: the first 32 bits, in hex.
  package static func photoStamp(digest: ContentDigest) -> String {
    let hex = String(digest.high >> 32, radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }

  /// Records the size of the static file `file` now (nil: unknown, or no file) and what became
  /// of it as a photo, adding the fact to `changed` when either is not what it was.
  package mutating func setImageSize(
    _ file: String, _ size: ImageSize?, photo: PhotoState?, changed: inout Set<String>
  ) {
    guard imageSizes[file] != size || photos[file] != photo else { return }
    imageSizes[file] = size
    photos[file] = photo
    changed.insert("size:" + file)
  }

  /// The site path `path` as the host serves it: with the base path (`/docs/` → `/project/docs/`).
  func href(_ path: String) -> String {
    SiteConfiguration.href(path, under: basePath)
  }

  /// `path` (relative to `Content/`) with `.` and `..` applied; nil when it climbs above
  /// `Content/` or names a folder.
  static func normalised(_ path: String) -> String? {
    if path.utf8.allSatisfy({ $0 < 0x80 }) { return asciiNormalised(path) }
    return characterNormalised(path)
  }

  /// ``normalised(_:)`` for a path of ASCII characters (nearly every link), on its bytes: in
  /// ASCII a character is a byte but `\r\n`, which holds no `/`.
  static func asciiNormalised(_ path: String) -> String? {
    var path = path
    return path.withUTF8 { bytes -> String? in
      var parts: [Range<Int>] = []
      var start = 0
      for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
        let count = index - start
        if count == 0 || (count == 1 && bytes[start] == UInt8(ascii: ".")) {
          // An empty part or `.`: nothing to add.
        } else if count == 2 && bytes[start] == UInt8(ascii: ".") && bytes[start + 1] == UInt8(ascii: ".") {
          guard !parts.isEmpty else { return nil }
          parts.removeLast()
        } else {
          parts.append(start..<index)
        }
        start = index + 1
      }
      guard !parts.isEmpty, bytes.last != UInt8(ascii: "/") else { return nil }
      var joined: [UInt8] = []
      joined.reserveCapacity(bytes.count)
      for part in parts {
        if !joined.isEmpty { joined.append(UInt8(ascii: "/")) }
        joined.append(contentsOf: bytes[part])
      }
      return String(decoding: joined, as: UTF8.self)
    }
  }

  /// ``normalised(_:)`` by characters, for paths that are not all ASCII.
  static func characterNormalised(_ path: String) -> String? {
    var parts: [Substring] = []
    for part in OutputPath.split(path) {
      switch part {
      case "", ".": continue
      case "..":
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      default: parts.append(part)
      }
    }
    guard !parts.isEmpty, !path.hasSuffix("/") else { return nil }
    return parts.joined(separator: "/")
  }

  /// Sets the URL of the page the Markdown file `file` makes (nil: it makes none), adding the
  /// facts that changed to `changed`.
  package mutating func setPage(_ file: String, url: String?, changed: inout Set<String>) {
    let old = pageURLs[file]
    guard old != url else { return }
    pageURLs[file] = url
    changed.insert("file:" + file)
    if let old {
      sitePaths.remove(old)
      changed.insert("path:" + old)
    }
    if let url {
      sitePaths.insert(url)
      changed.insert("path:" + url)
    }
  }

  /// Records that the static file `file` (relative to `Content/`) exists or not, adding the
  /// facts that changed to `changed`.
  package mutating func setStaticFile(_ file: String, exists: Bool, changed: inout Set<String>) {
    guard staticFiles.contains(file) != exists else { return }
    if exists {
      staticFiles.insert(file)
      sitePaths.insert("/" + file)
    } else {
      staticFiles.remove(file)
      sitePaths.remove("/" + file)
    }
    changed.insert("file:" + file)
    changed.insert("path:/" + file)
  }
}

extension LinkResolver {
  /// The value of `fact` (one of a ``Resolution``'s ``Resolution/dependencies``) now, as text:
  /// for `file:PATH` the URL of the page the Markdown file makes, `static` for a static file, nil
  /// for neither; for `path:PATH`, `exists` when something is at that site path; for
  /// `size:PATH`, the image file's size (`640x480`), nil when unknown. Two resolvers
  /// that give a fact the same value resolve every link that rests on it the same way (the
  /// build cache checks a stored page's facts with it).
  package func value(ofFact fact: String) -> String? {
    if fact.hasPrefix("file:") {
      let file = String(fact.dropFirst("file:".count))
      return pageURLs[file] ?? (staticFiles.contains(file) ? "static" : nil)
    }
    if fact.hasPrefix("path:") {
      return sitePaths.contains(String(fact.dropFirst("path:".count))) ? "exists" : nil
    }
    if fact.hasPrefix("size:") {
      let file = String(fact.dropFirst("size:".count))
      guard let size = imageSizes[file] else { return nil }
      return photos[file].map { size.description + " " + $0.description } ?? size.description
    }
    return "unknown fact " + fact
  }
}
