import Dispatch
import Foundation
import SiteSearch
import Synchronization

/// The search index's files, made on a thread of their own from the moment the site is
/// organised: the pages' ``SearchDocument``s are all made by then (while they were parsed),
/// and nothing the later steps do changes them. The merge is mostly serial, so it used to
/// leave a core idle for its whole step (about 80 ms of 10,000 pages); now it runs beside the
/// render step and the serial feeds, and the search step only waits for it and adds its files.
final class SearchIndexJob: Sendable {
  private let result = Mutex<[String: [UInt8]]?>(nil)
  private let done = DispatchSemaphore(value: 0)

  /// Starts indexing `documents`, with an index (maybe empty) for `language` too; with
  /// `combined` (a one-language site), one index in `language` holds every page.
  init(documents: [SearchDocument], language: String, combined: Bool = false) {
    Thread.detachNewThread { [self] in
      let files = SearchIndex(
        documents: documents, languages: [language], combinedInto: combined ? language : nil
      ).files()
      result.withLock { $0 = files }
      done.signal()
    }
  }

  /// The index's files by path below `search/`, once they are made.
  func files() -> [String: [UInt8]] {
    done.wait()
    // Signalled once, for the one caller; a second caller would wait for ever, so the
    // semaphore is given back for it.
    done.signal()
    return result.withLock { $0 ?? [:] }
  }
}
