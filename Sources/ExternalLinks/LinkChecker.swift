/// Checks http and https URLs with libcurl: HEAD first, GET when a server refuses HEAD (403,
/// 405, 501), redirects followed and recorded, `429 Too Many Requests` retried after its
/// `Retry-After`, no more than ``LinkCheckOptions/concurrency`` requests at once and
/// ``LinkCheckOptions/perHost`` to one host.
///
/// ```swift
/// let results = LinkChecker(options: LinkCheckOptions()).check(["https://example.org/"])
/// ```
///
/// Each distinct URL is requested once per call, however often it is listed.
public struct LinkChecker: Sendable {
  /// The limits every check uses.
  public var options: LinkCheckOptions

  /// Creates a checker.
  public init(options: LinkCheckOptions) {
    self.options = options
  }

  /// Checks `urls` (blocking until every one has a result) and returns the results by URL.
  /// `progress` is called on this thread after each URL's result, with how many are done.
  ///
  /// The URLs in `titled` (those link cards show) are requested with GET, and the first
  /// ``LinkCheckOptions/titleBytes`` of an HTML answer are read for its title
  /// (``LinkCheckResult/title``); every other URL's body is never read.
  public func check(
    _ urls: [String], titled: Set<String> = [], progress: ((_ done: Int, _ total: Int) -> Void)? = nil
  ) -> [String: LinkCheckResult] {
    var seen: Set<String> = []
    let distinct = urls.filter { seen.insert($0).inserted }
    let loop = TransferLoop(count: distinct.count, options: options, progress: progress)
    let results = loop.run(distinct, titled: titled)
    return Dictionary(uniqueKeysWithValues: zip(distinct, results))
  }
}
