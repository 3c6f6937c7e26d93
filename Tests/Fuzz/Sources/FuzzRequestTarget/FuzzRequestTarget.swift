import FuzzSupport

@testable import PreviewServer

/// libFuzzer target (f): the preview server's request-target parser, which stands between a
/// browser's path and the files served.
///
/// The input is the raw target. Properties, whenever it is accepted: every segment is
/// non-empty, not `.` or `..`, and holds no `/`, `\`, NUL, C0 control or DEL; the query is
/// visible ASCII; the path resolved by POSIX rules under a root stays beneath it; the target
/// re-encoded for a `Location` header parses back to the same segments; and the same bytes give
/// the same result.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = FuzzInput(data, size)
  guard let target = RequestTarget(raw: input.bytes) else { return 0 }
  if let problem = PathProperties.problem(in: target.segments) {
    FuzzFailure.fail("accepted target has \(problem): \(target.segments)", input: input.bytes)
  }
  if let query = target.query, !query.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
    FuzzFailure.fail("accepted query \(query.debugDescription) is not visible ASCII", input: input.bytes)
  }
  if !PathProperties.staysBeneathRoot(target.relativePath) {
    FuzzFailure.fail(
      "relative path \(target.relativePath.debugDescription) escapes the root", input: input.bytes)
  }
  for trailingSlash in [false, true] {
    let encoded = target.encodedPath(trailingSlash: trailingSlash)
    guard let again = RequestTarget(raw: Array(encoded.utf8)), again.segments == target.segments else {
      FuzzFailure.fail("re-encoded path \(encoded.debugDescription) does not parse back", input: input.bytes)
    }
  }
  if RequestTarget(raw: input.bytes) != target {
    FuzzFailure.fail("the same target parsed differently twice", input: input.bytes)
  }
  return 0
}
