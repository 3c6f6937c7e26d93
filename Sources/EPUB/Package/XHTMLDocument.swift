/// An XHTML content document as EPUB asks for one: the XML declaration, the HTML doctype, the
/// XHTML and `epub:` namespaces, the language twice (`lang` for HTML, `xml:lang` for XML) and
/// the book's stylesheets.
struct XHTMLDocument {
  /// The document's path in `EPUB/`, from which its links are made.
  var path: String
  /// The `<title>`, as plain text.
  var title: String
  /// The book's language.
  var language: String
  /// The stylesheets' paths in `EPUB/`.
  var stylesheets: [String]
  /// The body's content, XHTML written as it is.
  var body: String

  /// The document's UTF-8 bytes.
  var bytes: [UInt8] {
    let lang = XMLText.escaped(language)
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" \
      lang="\(lang)" xml:lang="\(lang)">
      <head>
      <meta charset="utf-8"/>
      <title>\(XMLText.escaped(title))</title>

      """
    for stylesheet in stylesheets {
      let href = XMLText.escaped(PackagePath.href(from: path, to: stylesheet))
      text += "<link rel=\"stylesheet\" type=\"text/css\" href=\"\(href)\"/>\n"
    }
    text += "</head>\n<body>\n\(body)\n</body>\n</html>\n"
    return Array(text.utf8)
  }
}
