import SiteContent

/// Atom, RSS 2.0, sitemap and robots.txt, with absolute URLs from the base URL and no build
/// timestamps (dates come from the pages), so two builds are byte-identical.
package struct FeedWriter {
  /// How many of the newest pages a feed lists, so that a feed stays small however large the
  /// site grows (readers poll it often).
  package static let entryCount = 20

  /// One page as a feed lists it.
  package struct Entry {
    /// The page's title.
    package var title: String
    var url: String
    var date: String?
    var updated: String?
    /// The page's summary HTML.
    package var summary: String

    /// A feed entry for the page at `url`.
    package init(title: String, url: String, date: String?, updated: String?, summary: String) {
      self.title = title
      self.url = url
      self.date = date
      self.updated = updated
      self.summary = summary
    }
  }

  let title: String
  let description: String
  let baseURL: String
  let author: String
  let language: String
  /// Where the feeds' language lives on a multilingual site (`/ja/`: `/ja/atom.xml`, whose
  /// home is `/ja/`); `/` otherwise.
  package var prefix = "/"

  /// A writer for the site with these settings; `baseURL` ends with `/`.
  package init(title: String, description: String, baseURL: String, author: String, language: String) {
    self.title = title
    self.description = description
    self.baseURL = baseURL
    self.author = author
    self.language = language
  }

  func absolute(_ url: String) -> String { baseURL + url.drop(while: { $0 == "/" }) }

  /// The Atom feed of `entries`.
  package func atom(_ entries: [Entry]) -> String {
    let newest =
      entries.compactMap { $0.updated ?? $0.date }.map(FeedWriter.rfc3339).max() ?? "1970-01-01T00:00:00Z"
    var xml =
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(XMLText.escape(language))\">\n"
    xml += "<title>\(XMLText.escape(title))</title>\n"
    if !description.isEmpty { xml += "<subtitle>\(XMLText.escape(description))</subtitle>\n" }
    let home = XMLText.escape(absolute(prefix))
    xml += "<link href=\"\(XMLText.escape(absolute(prefix + "atom.xml")))\" rel=\"self\"/>\n"
    xml += "<link href=\"\(home)\"/>\n<id>\(home)</id>\n<updated>\(newest)</updated>\n"
    if !author.isEmpty { xml += "<author><name>\(XMLText.escape(author))</name></author>\n" }
    xml += "<generator>Folio</generator>\n"
    for entry in entries {
      let url = absolute(entry.url)
      xml +=
        "<entry>\n<title>\(XMLText.escape(entry.title))</title>\n<link href=\"\(XMLText.escape(url))\"/>\n<id>\(XMLText.escape(url))</id>\n"
      if let date = entry.date { xml += "<published>\(FeedWriter.rfc3339(date))</published>\n" }
      xml += "<updated>\(FeedWriter.rfc3339(entry.updated ?? entry.date ?? "1970-01-01"))</updated>\n"
      xml += "<summary type=\"html\">\(XMLText.escape(entry.summary))</summary>\n</entry>\n"
    }
    return xml + "</feed>\n"
  }

  /// The RSS 2.0 feed of `entries`.
  package func rss(_ entries: [Entry]) -> String {
    var xml =
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\">\n<channel>\n"
    xml += "<title>\(XMLText.escape(title))</title>\n<link>\(XMLText.escape(absolute(prefix)))</link>\n"
    xml += "<description>\(XMLText.escape(description.isEmpty ? title : description))</description>\n"
    xml += "<language>\(XMLText.escape(language))</language>\n<generator>Folio</generator>\n"
    xml +=
      "<atom:link href=\"\(XMLText.escape(absolute(prefix + "rss.xml")))\" rel=\"self\" type=\"application/rss+xml\"/>\n"
    for entry in entries {
      let url = absolute(entry.url)
      xml +=
        "<item>\n<title>\(XMLText.escape(entry.title))</title>\n<link>\(XMLText.escape(url))</link>\n<guid>\(XMLText.escape(url))</guid>\n"
      if let date = entry.date { xml += "<pubDate>\(FeedWriter.rfc822(date))</pubDate>\n" }
      xml += "<description>\(XMLText.escape(entry.summary))</description>\n</item>\n"
    }
    return xml + "</channel>\n</rss>\n"
  }

  /// A sitemap's `<url>` elements for `pages`, without the `<urlset>` around them
  /// (``sitemap(entries:withAlternates:)``): a large sitemap's entries are made in pieces on
  /// all cores. Appended as bytes piece by piece: a site with 10,000 pages rebuilds its sitemap
  /// on each save in `folio serve` that organises the site again, so no string is built per entry.
  ///
  /// `alternates` (a multilingual site's, empty on others) holds each page's `xhtml:link`
  /// elements, in the order of `pages`, made by ``alternateLinks(_:)``: every member of a
  /// translation group has the same ones, so the caller makes them once per group. A list, not
  /// a function of the URL: the caller's look-ups then run where its tables are plain locals,
  /// not reached through a closure's context, whose reads retained the tables' storage, shared
  /// by the threads that make the other pieces (a third of the sitemap's time on two cores).
  package func sitemapEntries(
    _ pages: [(url: String, lastModified: String?)], alternates: [[UInt8]] = []
  ) -> [UInt8] {
    var xml: [UInt8] = []
    xml.reserveCapacity(pages.count * (baseURL.utf8.count + 64))
    let base = XMLText.escape(baseURL).utf8
    for (index, page) in pages.enumerated() {
      xml += "<url><loc>".utf8
      xml += base
      XMLText.append(FeedWriter.withoutLeadingSlashes(page.url), to: &xml)
      xml += "</loc>".utf8
      if let date = page.lastModified {
        xml += "<lastmod>".utf8
        xml += date.utf8.prefix(10)
        xml += "</lastmod>".utf8
      }
      if index < alternates.count { xml += alternates[index] }
      xml += "</url>\n".utf8
    }
    return xml
  }

  /// The sitemap made of `entries` (``sitemapEntries(_:alternates:)``, in order), declaring
  /// the `xhtml` namespace when they have alternates.
  package func sitemap(entries: [[UInt8]], withAlternates: Bool) -> [UInt8] {
    var xml: [UInt8] = []
    xml.reserveCapacity(entries.reduce(128) { $0 + $1.count })
    xml +=
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
      .utf8
    if withAlternates { xml += " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\"".utf8 }
    xml += ">\n".utf8
    for piece in entries { xml += piece }
    xml += "</urlset>\n".utf8
    return xml
  }

  /// A sitemap entry's `xhtml:link` elements for `links`, (hreflang, site URL) pairs: a
  /// page's translations, itself and `x-default` included.
  package func alternateLinks(_ links: [(String, String)]) -> [UInt8] {
    var xml: [UInt8] = []
    guard !links.isEmpty else { return xml }
    // Escaped in two pieces, the base URL once: escaping goes scalar by scalar, so the pieces
    // escaped come to the whole escaped (as in ``sitemapEntries(_:alternates:)``). Appended as
    // bytes: a multilingual site's sitemap has a group of these for every translated page.
    var base: [UInt8] = []
    XMLText.append(baseURL[...], to: &base)
    for (language, url) in links {
      xml += FeedWriter.alternateStart
      XMLText.append(language[...], to: &xml)
      xml += FeedWriter.alternateHref
      xml += base
      XMLText.append(FeedWriter.withoutLeadingSlashes(url), to: &xml)
      xml += FeedWriter.alternateEnd
    }
    return xml
  }

  private static let alternateStart = Array("<xhtml:link rel=\"alternate\" hreflang=\"".utf8)
  private static let alternateHref = Array("\" href=\"".utf8)
  private static let alternateEnd = Array("\"/>".utf8)

  /// `url` without its leading slashes (the `/` characters: a slash that a combining mark
  /// follows is another character, and stays), found by byte: the sitemap asks for every URL.
  static func withoutLeadingSlashes(_ url: String) -> Substring {
    guard url.utf8.first == UInt8(ascii: "/") else { return url[...] }
    let start = url.utf8.firstIndex { $0 != UInt8(ascii: "/") } ?? url.utf8.endIndex
    guard start == url.utf8.endIndex || url.utf8[start] < 0x80 else {
      return url.drop(while: { $0 == "/" })
    }
    return url[start...]
  }

  /// robots.txt, naming the sitemap when there is one.
  package func robots(sitemap: Bool) -> String {
    "User-agent: *\nAllow: /\n" + (sitemap ? "Sitemap: \(absolute("/sitemap.xml"))\n" : "")
  }

  /// `2026-11-30` → `2026-11-30T00:00:00Z`; date-times pass through.
  static func rfc3339(_ date: String) -> String {
    // By byte when the date is ASCII (each byte a character of its own), as dates are: every
    // page and list entry asks for it, and the walk by Character below made an array per
    // character (20,000 instructions a date).
    if date.utf8.allSatisfy({ $0 < 0x80 }) {
      if date.utf8.count == 10 { return date + "T00:00:00Z" }
      guard date.utf8.contains(UInt8(ascii: " ")) else { return date }
      return String(
        decoding: date.utf8.map { $0 == UInt8(ascii: " ") ? UInt8(ascii: "T") : $0 }, as: UTF8.self)
    }
    return date.count == 10 ? date + "T00:00:00Z" : date.replacingOccurrences(" ", with: "T")
  }

  /// RFC 822 for RSS (`Mon, 30 Nov 2026 09:30:00 +0900`), keeping the time and offset of a
  /// date-time; a plain date is midnight UTC, as in Atom.
  static func rfc822(_ date: String) -> String {
    let parts = date.prefix(10).split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3 else { return date }
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    // Zeller-style day of week (Sakamoto's method).
    let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
    var year = parts[0]
    if parts[1] < 3 { year -= 1 }
    let weekday = (year + year / 4 - year / 100 + year / 400 + offsets[parts[1] - 1] + parts[2]) % 7
    let day = parts[2] < 10 ? "0\(parts[2])" : "\(parts[2])"
    return
      "\(days[weekday]), \(day) \(months[max(0, min(11, parts[1] - 1))]) \(parts[0]) \(timeAndOffset(date))"
  }

  /// `HH:MM:SS +HHMM` from the part of an RFC 3339 date-time after the date.
  private static func timeAndOffset(_ date: String) -> String {
    let rest = Array(date.utf8.dropFirst(11))
    guard date.utf8.count >= 19, rest.count >= 8 else { return "00:00:00 +0000" }
    let time = String(decoding: rest[0..<8], as: UTF8.self)
    var zone = rest[8...].drop {
      $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "Z")
    }
    guard let sign = zone.first, sign != UInt8(ascii: "Z") else { return time + " +0000" }
    zone = zone.dropFirst()
    let digits = String(decoding: zone.filter { $0 != UInt8(ascii: ":") }, as: UTF8.self)
    guard digits.count == 4 else { return time + " +0000" }
    return time + " " + String(UnicodeScalar(sign)) + digits
  }
}

extension String {
  fileprivate func replacingOccurrences(_ target: Character, with replacement: String) -> String {
    String(flatMap { $0 == target ? Array(replacement) : [$0] })
  }
}
