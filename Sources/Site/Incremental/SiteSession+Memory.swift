import Dispatch
import SiteContent
import SiteLayout

/// Letting go of what a build that keeps nothing (`folio build`) no longer reads.
extension SiteSession {
  /// Lets go of the pages' content HTML once the layouts are done (the caller's: every page and
  /// list that shows a content is laid out) and the build cache's writer, which stores it, has
  /// finished, and gives the memory back to the system: at 100,000 pages the contents are 260
  /// MB, which the link check, the feeds and the last writes would otherwise add to. A book's
  /// chapters keep theirs: the book's EPUB and PDF are made from them after the link check.
  ///
  /// Runs on another thread, beside the rest of the build, none of which reads a content; not
  /// at all below ``SiteBuilder/Options/contentWorthReleasing``.
  func releaseContents(_ site: SiteStructure) {
    let renderings = cache.all
    guard renderings.values.reduce(0, { $0 + $1.content.utf8.count }) >= options.contentWorthReleasing
    else { return }
    let inBooks = Set(site.books.flatMap { $0.entries.compactMap { $0.page?.sourcePath } })
    let release: @Sendable () -> Void = {
      for (sourcePath, rendering) in renderings where !inBooks.contains(sourcePath) {
        rendering.releaseContent()
      }
      FreeMemory.returnToSystem()
    }
    let queue = DispatchQueue.global(qos: .userInitiated)
    // The cache file's writer reads the contents: the release waits for it to finish.
    if let write = pageStoreWrite {
      write.group.notify(queue: queue, execute: release)
    } else {
      queue.async(execute: release)
    }
  }
}
