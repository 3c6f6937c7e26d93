import BuildCache
import Diagnostics
import SiteComponents
import SiteContent
import SiteSearch

/// The page stage: one Markdown file → its page and its rendered content (HTML, summary,
/// table of contents, warnings, links, search document).
///
/// Its key is what it reads that is known before it runs: the settings pages are rendered with
/// (``ProjectKey``), the file's path and its bytes. What else it read is only known after, and is
/// stored with the result: the link facts its links were resolved with (which page a Markdown
/// file makes, whether a site path exists: ``LinkResolver/Resolution/dependencies``) and the
/// data files its bookmark tables read, with their values then. A stored result is used only
/// when every one of those is still the same, as rustc's queries and Salsa check what a
/// memoised query read (the "red-green" check), so a page that links to `b.md` is rendered
/// again when `b.md` gets another slug even though the page's own file did not change.
enum PageStage {
  /// What the layout of a stored result is; raised with every change to ``encode(_:)``.
  static let format = 2

  /// The key of the file at `path` (relative to `Content/`) with these bytes, for a project
  /// whose page settings have the digest `settings`.
  static func key(settings: ContentDigest, path: String, bytes: [UInt8]) -> ContentDigest {
    ContentDigest(combining: [settings, ContentDigest(of: path), ContentDigest(of: bytes)])
  }

  /// A result as the cache stores it: the rendering, and the facts and files it read with the
  /// values they had.
  struct StoredResult: Sendable {
    /// The page's rendered content.
    var rendering: RenderedPage
    /// Each link fact the rendering rests on, with its value then (``LinkResolver/value(ofFact:)``).
    var facts: [(fact: String, value: String?)]
    /// Each data file read, relative to `Content/`, with the digest of its bytes then (nil: it
    /// was missing).
    var dataFiles: [(path: String, digest: ContentDigest?)]

    /// Whether the result still holds: every fact and data file as it was.
    func holds(links: LinkResolver, staticFiles: [String: [UInt8]]) -> Bool {
      facts.allSatisfy { links.value(ofFact: $0.fact) == $0.value }
        && dataFiles.allSatisfy { file in staticFiles[file.path].map { ContentDigest(of: $0) } == file.digest
        }
    }
  }

  /// The stored form of `rendering`, with the values its facts and data files have now.
  static func encode(_ rendering: RenderedPage, links: LinkResolver, staticFiles: [String: [UInt8]])
    -> [UInt8]
  {
    var out = CacheWriter(capacity: rendering.content.utf8.count * 2 + 512)
    out.write(rendering.content)
    out.write(rendering.summary)
    out.write(rendering.hasMore)
    out.write(rendering.toc) { out, entry in
      out.write(entry.identity)
      out.write(entry.level)
      out.write(entry.title)
      out.write(entry.id)
    }
    out.write(rendering.warnings) { out, warning in out.write(warning) }
    out.write(sorted: rendering.listSpacings)
    out.write(sorted: rendering.dataFiles)
    out.write(rendering.internalLinks) { out, link in out.write(link) }
    out.write(rendering.externalLinks) { out, link in
      out.write(link.url)
      out.write(link.isImage)
      out.write(link.location)
      out.write(link.wantsTitle)
    }
    out.write(sorted: rendering.linkDependencies)
    out.write(sorted: rendering.elementIDs)
    out.write(rendering.hasDiagrams)
    out.write(rendering.searchDocument != nil)
    if let document = rendering.searchDocument {
      let portable = PortableSearchDocument(document)
      out.write(portable.url)
      out.write(portable.title)
      out.write(portable.date)
      out.write(portable.language)
      out.write(portable.length)
      out.write(UInt64(portable.termCount))
      out.write(bytes: portable.records)
      out.write(bytes: portable.pageFile)
    }
    out.write(rendering.summaryText)
    out.write(rendering.firstImage != nil)
    if let image = rendering.firstImage {
      out.write(image.url)
      out.write(image.width ?? -1)
      out.write(image.height ?? -1)
    }
    // What the rendering read, in a fixed order, with the values it had.
    let facts = rendering.linkDependencies.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    out.write(facts) { out, fact in out.write(links.value(ofFact: fact)) }
    let files = rendering.dataFiles.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    out.write(files) { out, path in
      let digest = staticFiles[path].map { ContentDigest(of: $0) }
      out.write(digest != nil)
      if let digest { out.write(digest) }
    }
    return out.bytes
  }

  /// The result stored in `bytes`.
  static func decode(_ bytes: ArraySlice<UInt8>) throws(CacheReader.Malformed) -> StoredResult {
    var input = CacheReader(bytes)
    let content = try input.readString()
    let summary = try input.readString()
    let hasMore = try input.readBool()
    let toc = try input.readArray { input throws(CacheReader.Malformed) in
      HeadingAnchors.Entry(
        identity: try input.readInt(), level: try input.readInt(), title: try input.readString(),
        id: try input.readString())
    }
    let warnings = try input.readArray { input throws(CacheReader.Malformed) in try input.readDiagnostic() }
    let listSpacings = try input.readStringSet()
    let dataFiles = try input.readStringSet()
    let internalLinks = try input.readArray { input throws(CacheReader.Malformed) in try input.readLink() }
    let externalLinks = try input.readArray { input throws(CacheReader.Malformed) in
      var link = ExternalLink(
        url: try input.readString(), isImage: try input.readBool(), location: try input.readLocation())
      link.wantsTitle = try input.readBool()
      return link
    }
    let linkDependencies = try input.readStringSet()
    let elementIDs = try input.readStringSet()
    let hasDiagrams = try input.readBool()
    var searchDocument: SearchDocument? = nil
    if try input.readBool() {
      let portable = PortableSearchDocument(
        url: try input.readString(), title: try input.readString(), date: try input.readOptionalString(),
        language: try input.readString(), length: try input.readInt(), termCount: try input.readCount(),
        records: try input.readBytes(), pageFile: try input.readBytes())
      guard let document = portable.document else { throw CacheReader.Malformed() }
      searchDocument = document
    }
    let summaryText = try input.readString()
    var firstImage: PageImage? = nil
    if try input.readBool() {
      let url = try input.readString()
      let (width, height) = (try input.readInt(), try input.readInt())
      firstImage = PageImage(url: url, width: width < 0 ? nil : width, height: height < 0 ? nil : height)
    }
    let facts = linkDependencies.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    guard try input.readCount() == facts.count else { throw CacheReader.Malformed() }
    var values: [(fact: String, value: String?)] = []
    for fact in facts { values.append((fact, try input.readOptionalString())) }
    let files = dataFiles.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    guard try input.readCount() == files.count else { throw CacheReader.Malformed() }
    var digests: [(path: String, digest: ContentDigest?)] = []
    for path in files { digests.append((path, try input.readBool() ? try input.readDigest() : nil)) }
    guard input.isAtEnd else { throw CacheReader.Malformed() }
    let rendering = RenderedPage(
      content: content, summary: summary, hasMore: hasMore, toc: toc, warnings: warnings,
      listSpacings: listSpacings, dataFiles: dataFiles, internalLinks: internalLinks,
      externalLinks: externalLinks,
      linkDependencies: linkDependencies, elementIDs: elementIDs, hasDiagrams: hasDiagrams,
      searchDocument: searchDocument, summaryText: summaryText, firstImage: firstImage)
    return StoredResult(rendering: rendering, facts: values, dataFiles: digests)
  }
}

extension CacheWriter {
  /// Writes a source location.
  mutating func write(_ location: SourceLocation) {
    write(location.path)
    write(location.line)
    write(location.column)
  }

  /// Writes a site-relative link, every part of it (the link check stage's key is the digest of
  /// what this writes).
  mutating func write(_ link: InternalLink) {
    write(link.written)
    write(link.target)
    write(link.isImage)
    write(link.location)
    write(link.fragment)
    write(link.markdownFile)
  }

  /// Writes a diagnostic.
  mutating func write(_ diagnostic: Diagnostic) {
    write(diagnostic.severity.rawValue)
    write(diagnostic.message)
    write(diagnostic.location != nil)
    if let location = diagnostic.location { write(location) }
    write(diagnostic.hint)
    write(diagnostic.notes) { $0.write($1) }
  }
}

extension CacheReader {
  /// Reads a source location.
  mutating func readLocation() throws(Malformed) -> SourceLocation {
    SourceLocation(path: try readString(), line: try readInt(), column: try readInt())
  }

  /// Reads a site-relative link.
  mutating func readLink() throws(Malformed) -> InternalLink {
    InternalLink(
      written: try readString(), target: try readString(), isImage: try readBool(),
      location: try readLocation(),
      fragment: try readOptionalString(), markdownFile: try readOptionalString())
  }

  /// Reads a diagnostic.
  mutating func readDiagnostic() throws(Malformed) -> Diagnostic {
    guard let severity = Diagnostic.Severity(rawValue: try readString()) else { throw Malformed() }
    let message = try readString()
    let location = try readBool() ? try readLocation() : nil
    let hint = try readOptionalString()
    let notes = try readArray { reader throws(Malformed) in try reader.readString() }
    return Diagnostic(severity, message, at: location, hint: hint, notes: notes)
  }
}
