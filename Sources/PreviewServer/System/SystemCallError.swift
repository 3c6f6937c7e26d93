import Glibc

/// A failed system call: its name and `errno`, kept apart from the public errors so that each
/// public type can say what it was trying to do.
struct SystemCallError: Error, Sendable, CustomStringConvertible {
  /// The call that failed, such as `bind`.
  var call: String
  /// The `errno` value (or the return value for calls such as `pthread_create`).
  var code: Int32

  /// The error from the current `errno`.
  static func current(_ call: String) -> SystemCallError {
    SystemCallError(call: call, code: errno)
  }

  /// `call: strerror(code)`.
  var description: String {
    "\(call): \(String(cString: strerror(code)))"
  }
}
