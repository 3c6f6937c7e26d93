import FuzzSupport

@testable import SiteComponents

/// libFuzzer target: the image header reader, `ImageFileSize`, which reads the size of
/// every image file in `Content/` that a page shows.
///
/// The first byte picks the file's name (even: `a.svg`, odd: `a.png`; the other formats are
/// known by their first bytes whatever the name); the rest is the file. Properties, beyond no
/// crash and no hang on a truncated or malformed file: a size, when there is one, has both
/// sides from 1 to `ImageFileSize.largestSide`; and the same bytes give the same size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageSize(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let name = input.takeByte() % 2 == 0 ? "a.svg" : "a.png"
  let bytes = Array(input.rest)
  let found = ImageFileSize.read(bytes, name: name)
  if let found {
    for side in [found.width, found.height] {
      guard let side, (1...ImageFileSize.largestSide).contains(side) else {
        FuzzFailure.fail("size \(found) is out of range", input: input.bytes)
      }
    }
  }
  if ImageFileSize.read(bytes, name: name) != found {
    FuzzFailure.fail("the same bytes gave another size", input: input.bytes)
  }
  return 0
}
