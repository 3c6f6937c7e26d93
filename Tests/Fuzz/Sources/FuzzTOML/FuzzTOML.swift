import FuzzSupport
import SiteComponents
import TOML
import YAML

@testable import SiteContent

/// libFuzzer target: TOML (toml++ behind the CTOML shim) and the JSON front matter splitter.
///
/// The first byte picks what reads the rest: the TOML door alone, a page whose front matter is
/// the rest between `+++` lines, or a page that starts with the rest as JSON front matter.
/// Property: each either returns or throws a diagnostic; nothing crashes, hangs or trips ASan;
/// the door gives the same tree twice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTOML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let mode = input.takeByte()
  let bytes = Array(input.rest)
  let loader = PageLoader(configuration: SiteConfiguration())
  switch mode % 3 {
  case 0:
    let first = try? TOMLParser().parse(bytes, path: "fuzz.toml")
    let second = try? TOMLParser().parse(bytes, path: "fuzz.toml")
    if first != second {
      FuzzFailure.fail("the TOML door gave two different trees for one input", input: bytes)
    }
    if let first { _ = first.dump() }
  case 1:
    _ = try? loader.load(
      bytes: Array("+++\n".utf8) + bytes + Array("\n+++\nBody\n".utf8), relativePath: "posts/fuzz.md")
  default:
    _ = try? loader.load(bytes: [UInt8(ascii: "{")] + bytes, relativePath: "posts/fuzz.md")
  }
  return 0
}
