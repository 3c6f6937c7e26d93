internal import CCmarkGFM

#if canImport(Glibc)
  internal import Glibc
#endif

/// Reads the footnote numbers cmark-gfm keeps in fields its API does not expose: which
/// reference to its footnote a reference is (`ref_ix`), and how many references a definition
/// has (`def_count`). Both are read back from cmark-gfm's own HTML for the single node.
///
/// They cannot be recounted from the finished tree: cmark-gfm also counts references inside
/// footnote definitions that nothing refers to, and then drops those definitions, so
/// `a[^x]` … `[^unused]: see [^x]` … `b[^x]` links the second visible reference as `fnref-x-3`
/// and gives the footnote three back-links.
enum CMarkFootnoteCounts {
  /// The reference's ordinal among the references to its footnote, or 0 if unreadable.
  static func ordinal(of reference: OpaquePointer) -> Int {
    html(of: reference) { html in
      // `<a href="#fn-LABEL" id="fnref-LABEL" …>` for the first, `id="fnref-LABEL-N"` after.
      guard let label = value(after: "href=\"#fn-", in: html),
        let identifier = value(after: "id=\"fnref-", in: html),
        identifier.starts(with: label)
      else { return 0 }
      let suffix = identifier.dropFirst(label.count)
      if suffix.isEmpty { return 1 }
      guard suffix.first == UInt8(ascii: "-") else { return 0 }
      return Int(String(decoding: suffix.dropFirst(), as: UTF8.self)) ?? 0
    }
  }

  /// How many references cmark-gfm counted for the definition: one back-link is written per
  /// reference. Text cannot fake one, as it is rendered escaped and raw HTML is omitted here.
  static func referenceCount(of definition: OpaquePointer) -> Int {
    html(of: definition) { html in
      let marker = Array("\" class=\"footnote-backref\" data-footnote-backref".utf8)
      var count = 0
      var index = html.startIndex
      while index + marker.count <= html.endIndex {
        if html[index] == marker[0], html[index..<(index + marker.count)].elementsEqual(marker) {
          count += 1
          index += marker.count
        } else {
          index += 1
        }
      }
      return count
    }
  }

  private static func html<R>(of node: OpaquePointer, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    // The system allocator, not the node's arena, so that `free` below is the right one.
    guard
      let rendered = cmark_render_html_with_mem(
        node, CMARK_OPT_DEFAULT, nil, cmark_get_default_mem_allocator())
    else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    defer { free(rendered) }
    return rendered.withMemoryRebound(to: UInt8.self, capacity: strlen(rendered)) {
      body(UnsafeBufferPointer(start: $0, count: strlen(rendered)))
    }
  }

  /// The attribute value that follows `prefix` up to the closing quote.
  private static func value(after prefix: String, in html: UnsafeBufferPointer<UInt8>) -> ArraySlice<UInt8>? {
    let prefix = Array(prefix.utf8)
    guard prefix.count <= html.count else { return nil }
    for start in 0...(html.count - prefix.count)
    where html[start..<(start + prefix.count)].elementsEqual(prefix) {
      let valueStart = start + prefix.count
      guard let end = html[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
      return Array(html[valueStart..<end])[...]
    }
    return nil
  }
}
