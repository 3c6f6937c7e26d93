import Glibc
import Synchronization

/// A POSIX thread that runs one closure and can be joined, so `stop()` methods can promise that
/// no thread outlives them (Dispatch and `Thread` give no join).
final class WorkerThread: Sendable {
  private let thread: Mutex<pthread_t?>

  /// Starts `body` on a new thread.
  init(body: @escaping @Sendable () -> Void) throws(SystemCallError) {
    let box = Unmanaged.passRetained(ThreadBody(body: body)).toOpaque()
    var handle = pthread_t()
    let result = pthread_create(
      &handle, nil,
      { argument in
        let payload = Unmanaged<ThreadBody>.fromOpaque(argument!).takeRetainedValue()
        payload.body()
        return nil
      }, box)
    guard result == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(box).release()
      throw SystemCallError(call: "pthread_create", code: result)
    }
    thread = Mutex(handle)
  }

  /// Waits for the closure to return. Calling it again, or from the thread itself, does nothing.
  func join() {
    guard let handle = thread.withLock({ $0.take() }) else { return }
    if pthread_equal(handle, pthread_self()) != 0 {
      // Joining yourself deadlocks; detach so the thread's resources are still freed.
      pthread_detach(handle)
      return
    }
    pthread_join(handle, nil)
  }
}

/// The closure handed through `pthread_create`'s `void *` argument.
private final class ThreadBody {
  let body: @Sendable () -> Void

  init(body: @escaping @Sendable () -> Void) {
    self.body = body
  }
}
