#if canImport(Glibc)
  internal import Glibc
#endif

/// The lock around `cmark_parser_finish` (see `CMarkConverter`): a plain pthread mutex, whose
/// waiters sleep at once.
///
/// `Synchronization.Mutex` on Linux is a priority-inheriting futex, and the kernel spins a
/// waiter while the owner runs: with pages parsing on every core, about 7% of a 10,000-page
/// build's CPU time went to spinning on this lock (perf). A waiter that sleeps costs the same
/// wall time and leaves the core to anything else the machine runs. (Running more loader
/// threads than cores, so that a sleeping waiter's core does other pages' work, made the parse
/// step slower: 0.49 -> 0.55-0.61 s.)
final class CMarkFinishLock: @unchecked Sendable {
  // Allocated once and never moved, as a pthread mutex must be.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  /// Runs `body` while holding the lock.
  func withLock<Result>(_ body: () -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }
}
