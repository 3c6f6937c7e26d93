/// The properties every path that reaches the file system must have, shared by the request
/// target and output path targets.
public enum PathProperties {
  /// What is wrong with `segments` as the parts of a path beneath a root, or nil: a segment
  /// that is empty, `.` or `..`, or holds `/`, `\`, NUL, a C0 control or DEL.
  public static func problem(in segments: [String]) -> String? {
    for segment in segments {
      if segment.isEmpty { return "an empty segment" }
      if segment == "." || segment == ".." { return "a '\(segment)' segment" }
      if segment.utf8.contains(where: {
        $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\")
      }) {
        return "a segment with a separator or control byte (\(segment.debugDescription))"
      }
    }
    return nil
  }

  /// Whether `relative`, joined to a root folder and resolved by POSIX rules (`.` stays, `..`
  /// goes up one level, repeated slashes are one, a leading slash restarts at `/`), names the
  /// root or something beneath it.
  public static func staysBeneathRoot(_ relative: String) -> Bool {
    if relative.hasPrefix("/") { return false }
    var depth = 0
    for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        depth -= 1
        if depth < 0 { return false }
      default: depth += 1
      }
    }
    return true
  }
}
