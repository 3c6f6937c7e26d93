#if canImport(Glibc)
  import Glibc
#endif

/// The values of the `id="…"` attributes, and of `name="…"` on `<a>`, in a piece of HTML: where
/// a link's `#fragment` can land. Folio writes attributes with double quotes; raw HTML with other quoting
/// is read too when it uses double quotes.
package enum ElementIDs {
  /// Every id and name in `html`, character references decoded.
  static func find(in html: String) -> Set<String> {
    var html = html
    return html.withUTF8 { bytes in
      var ids: Set<String> = []
      guard let base = bytes.baseAddress else { return ids }
      var position = 0
      // Attribute values follow `=`, which is rare in HTML text: jump from one to the next.
      while position < bytes.count,
        let found = memchr(base + position, Int32(UInt8(ascii: "=")), bytes.count - position)
      {
        let equals = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        position = equals + 1
        guard equals + 1 < bytes.count, bytes[equals + 1] == UInt8(ascii: "\"") else { continue }
        let named =
          ends(bytes, at: equals, with: " id")
          || (ends(bytes, at: equals, with: " name") && inAnchor(bytes, at: equals))
        guard named else { continue }
        var end = equals + 2
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
        guard end < bytes.count else { break }
        ids.insert(HTMLCharacterReferences.decode(String(decoding: bytes[(equals + 2)..<end], as: UTF8.self)))
        position = end + 1
      }
      return ids
    }
  }

  /// Whether `index` is inside an `<a …>` tag, the one element whose `name` is a fragment
  /// target (`<meta name="viewport">` is not).
  private static func inAnchor(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    var start = index
    while start > 0, bytes[start] != UInt8(ascii: "<"), bytes[start] != UInt8(ascii: ">") { start -= 1 }
    return bytes[start] == UInt8(ascii: "<") && start + 2 < bytes.count
      && bytes[start + 1] | 0x20 == UInt8(ascii: "a") && bytes[start + 2] == UInt8(ascii: " ")
  }

  /// Whether the bytes just before `index` are `suffix`.
  private static func ends(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with suffix: StaticString)
    -> Bool
  {
    let count = suffix.utf8CodeUnitCount
    guard index >= count else { return false }
    return suffix.withUTF8Buffer { suffix in
      (0..<count).allSatisfy { bytes[index - count + $0] == suffix[$0] }
    }
  }

  /// The ids the layouts of `templates` (template texts) write themselves, or nil when one of
  /// them is made by a tag (`id="{{slug}}"`) and so cannot be known before rendering.
  package static func written(by templates: some Sequence<String>) -> Set<String>? {
    var ids: Set<String> = []
    for text in templates {
      for id in find(in: text) {
        if id.contains("{{") { return nil }
        ids.insert(id)
      }
    }
    return ids
  }
}
