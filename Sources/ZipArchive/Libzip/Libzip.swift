internal import CZip

/// libzip, opened on first use (include/CZip.h): ``LibzipWriter`` and ``LibzipReader`` ask
/// for it before their first call.
enum Libzip {
  /// Opens libzip the first time; throws when it cannot be opened.
  static func open() throws(ZipProblem) {
    let problem = String(cString: folio_zip_problem())
    guard problem.isEmpty else { throw .libraryUnavailable(problem) }
  }
}
