/// `EPUB/package.opf`: the metadata, the manifest (every file but `mimetype`, the container and
/// itself, with media types and properties) and the spine.
struct PackageDocument {
  static let path = "package.opf"

  /// One file in the manifest.
  struct Item {
    var id: String
    var path: String
    var mediaType: String
    var properties: [String]
  }

  var book: EPUBPublication
  /// `dcterms:modified`, `YYYY-MM-DDThh:mm:ssZ`.
  var modified: String
  /// The manifest in the order the files are written.
  var items: [Item]
  /// The ids of the spine's documents, in reading order.
  var spine: [String]
  /// The cover image's manifest id, for the EPUB 2 `<meta name="cover">` older readers use.
  var coverImageID: String?

  var bytes: [UInt8] {
    let lang = XMLText.escaped(book.language)
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" \
      xml:lang="\(lang)">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:identifier id="book-id">\(XMLText.escaped(book.identifier.value))</dc:identifier>
      <dc:title>\(XMLText.escaped(book.title))</dc:title>
      <dc:language>\(lang)</dc:language>

      """
    for creator in book.creators { text += element("dc:creator", creator) }
    if let description = book.description { text += element("dc:description", description) }
    if let publisher = book.publisher { text += element("dc:publisher", publisher) }
    if let rights = book.rights { text += element("dc:rights", rights) }
    text += "<meta property=\"dcterms:modified\">\(modified)</meta>\n"
    if let coverImageID { text += "<meta name=\"cover\" content=\"\(coverImageID)\"/>\n" }
    text += "</metadata>\n<manifest>\n"
    for item in items {
      text +=
        "<item id=\"\(item.id)\" href=\"\(XMLText.escaped(item.path))\" media-type=\"\(item.mediaType)\""
      if !item.properties.isEmpty { text += " properties=\"\(item.properties.joined(separator: " "))\"" }
      text += "/>\n"
    }
    text += "</manifest>\n<spine"
    if let direction = book.pageProgression {
      text += " page-progression-direction=\"\(direction.rawValue)\""
    }
    text += ">\n"
    for id in spine { text += "<itemref idref=\"\(id)\"/>\n" }
    text += "</spine>\n</package>\n"
    return Array(text.utf8)
  }

  private func element(_ name: String, _ value: String) -> String {
    "<\(name)>\(XMLText.escaped(value))</\(name)>\n"
  }
}
