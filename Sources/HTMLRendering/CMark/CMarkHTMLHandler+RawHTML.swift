import RichText

// Raw HTML, inline and in blocks: omitted unless allowed, and with GFM's tag filter, the
// disallowed tags (`<script>`, `<iframe>`…) made inert by escaping their `<`.
extension CMarkHTMLHandler {
  mutating func inlineHTML(_ html: ArraySlice<UInt8>) {
    if !options.allowsRawHTML {
      writer.raw("<!-- raw HTML omitted -->")
    } else if options.filtersTags, html.withUnsafeBufferPointer({ TagFilter.isDisallowed($0) }) {
      writer.raw("&lt;")
      writer.raw(bytes: html.dropFirst())
    } else {
      writer.raw(bytes: html)
    }
  }

  mutating func blockHTML(_ html: ArraySlice<UInt8>) {
    if !options.allowsRawHTML {
      writer.raw("<!-- raw HTML omitted -->")
    } else if options.filtersTags {
      html.withUnsafeBufferPointer { TagFilter.write($0, into: &writer) }
    } else {
      writer.raw(bytes: html)
    }
  }
}
