/// A thread that calls a closure at a fixed interval until stopped.
final class Heartbeat: Sendable {
  private let wakeup: WakeupSignal
  private let thread: WorkerThread

  /// Starts calling `beat` every `interval` (at least every 10 ms, so a zero interval cannot
  /// spin).
  init(interval: Duration, beat: @escaping @Sendable () -> Void) throws(SystemCallError) {
    let interval = max(interval, .milliseconds(10))
    let wakeup = try WakeupSignal()
    self.wakeup = wakeup
    thread = try WorkerThread {
      while !wakeup.wait(timeout: interval) { beat() }
    }
  }

  /// Stops the thread and waits for it.
  func stop() {
    wakeup.signal()
    thread.join()
  }
}
