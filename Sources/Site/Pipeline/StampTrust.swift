import Foundation
import SiteOutput

/// Which stamps the build record trusts (``FileStamps``): those of entries last changed before
/// the build could have read them. A file changed in the same tick of the file system's clock
/// as the build read it may change again within that tick, keeping its times (the racy-git
/// problem), so its stamp would not tell.
///
/// As Git measures racy entries against its index file's own time, the build measures them
/// against a file it makes as it starts (``CacheFolder/clockStamp()``), before it reads
/// anything: an entry on that file's device changed before its time was changed before any
/// read, and any later change gives it a later time, in the file system's own steps
/// (nanoseconds on ext4 and tmpfs, two seconds on FAT). An entry on another device (a mounted
/// folder elsewhere), or every entry when no such file could be made, is measured against the
/// build's start less a margin (a second covers the kernel's coarse clock and file systems that
/// keep seconds).
///
/// Before, every build right after an edit (edit, build, build) did all its work again: the
/// edited page was always inside the second's margin of the build that read it.
struct StampTrust: Sendable {
  /// The stamp of the file made as the build started, nil when none could be made.
  let clock: WrittenStamp?
  /// The build's start less the margin, for entries on another device than ``clock``'s.
  let fallback: timespec

  /// Trusts entries changed before `clock` on its device, and before `start` less `margin`
  /// elsewhere.
  init(clock: WrittenStamp?, start: timespec, margin: Double) {
    self.clock = clock
    let nanoseconds = Int(margin * 1e9)
    var limit = start
    limit.tv_sec -= nanoseconds / 1_000_000_000
    limit.tv_nsec -= nanoseconds % 1_000_000_000
    if limit.tv_nsec < 0 {
      limit.tv_sec -= 1
      limit.tv_nsec += 1_000_000_000
    }
    fallback = limit
  }

  /// Whether an entry with the stamp `stamp` was last changed before the build read it.
  func trusts(_ stamp: WrittenStamp) -> Bool {
    let limit =
      if let clock, clock.device == stamp.device {
        clock.modified
      } else {
        (seconds: Int64(fallback.tv_sec), nanoseconds: UInt64(fallback.tv_nsec))
      }
    return StampTrust.precedes(stamp.modified, limit) && StampTrust.precedes(stamp.changed, limit)
  }

  private static func precedes(
    _ time: (seconds: Int64, nanoseconds: UInt64), _ limit: (seconds: Int64, nanoseconds: UInt64)
  ) -> Bool {
    time.seconds < limit.seconds || (time.seconds == limit.seconds && time.nanoseconds < limit.nanoseconds)
  }
}
