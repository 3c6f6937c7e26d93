import FuzzSupport
import HTMLRendering
import Inflection
import RichText

@testable import MarkdownParsing

/// libFuzzer target (b): Apple's extended attribute syntax, `^[text](key: value)`.
///
/// The first byte picks the GFM extensions; the rest is Markdown. Properties: parsing, dumping
/// and rendering never crash; a document without `^` parses to exactly the model it has without
/// the option (the rewriter must not touch it); and the attribute-list parser alone never
/// crashes on the same bytes; grammar agreement (`inflect: true`) in English and Spanish never
/// crashes, its result renders, and a document without "inflect" comes out as it went in.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExtendedAttributes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let flags = input.takeByte()
  let document = Array(input.rest)
  var options = MarkdownOptions(extendedAttributes: true)
  for (bit, name) in MarkdownExtension.allCases.enumerated() where flags & (1 << bit) != 0 {
    options.extensions.insert(name)
  }
  let text = MarkdownParser(options: options).parse(document)
  let dump = text.dump()
  let html = HTMLRenderer(options: HTMLRenderOptions(allowsRawHTML: flags & 0x80 != 0)).renderBytes(text)

  if !document.contains(UInt8(ascii: "^")) {
    options.extendedAttributes = false
    let plain = MarkdownParser(options: options).parse(document)
    if plain.dump() != dump {
      FuzzFailure.fail("extended attributes changed a document without '^'", input: input.bytes)
    }
  }
  _ = html
  _ = AttributeListParser.parseComplete(document)
  let mentionsInflect = String(decoding: document, as: UTF8.self).contains("inflect")
  for inflector in inflectors {
    let inflected = inflector.inflect(text).text
    _ = HTMLRenderer().renderBytes(inflected)
    if !mentionsInflect, inflected.dump() != dump {
      FuzzFailure.fail("agreement changed a document without an inflect span", input: input.bytes)
    }
  }
  return 0
}

/// Opened once: each opens its language's plural rules through ICU.
private let inflectors = [Inflector(language: "en"), Inflector(language: "es")]
