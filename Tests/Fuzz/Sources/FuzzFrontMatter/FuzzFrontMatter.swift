import FuzzSupport
import SiteComponents
import YAML

@testable import SiteContent

/// libFuzzer target (c): YAML front matter, as a page file is loaded, and the YAML under it.
///
/// The first byte picks what reads the rest: a page (front matter split, YAML parsed, fields
/// checked, Markdown parsed), `folio.yaml`, or the YAML parser alone with every document
/// dumped. Property: each either returns or throws a diagnostic; nothing crashes or hangs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontMatter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let mode = input.takeByte()
  let bytes = Array(input.rest)
  switch mode % 4 {
  case 0:
    _ = try? PageLoader(configuration: SiteConfiguration()).load(bytes: bytes, relativePath: "posts/fuzz.md")
  case 1:
    _ = try? PageLoader(configuration: SiteConfiguration()).load(bytes: bytes, relativePath: "_index.md")
  case 2:
    _ = try? SiteConfiguration.parse(bytes, path: "folio.yaml", sections: SiteFeatures.settingsSections)
  default:
    if let documents = try? YAMLParser().parseDocuments(bytes, path: "fuzz.yaml") {
      for document in documents { _ = document.dump() }
    }
  }
  return 0
}
