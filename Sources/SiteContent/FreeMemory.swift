internal import CSystemCalls

/// The process's free memory, given back to the system.
///
/// The allocator keeps what a program frees for its next allocations, in the heap of the thread
/// that freed it: a build that lets go of its pages' content on the render threads still shows
/// that memory as its own while the link check allocates on others. Given back, the pages are
/// the system's again, and the build's peak is what it holds, not what it once held.
package enum FreeMemory {
  /// Gives back every free page the allocator holds (a walk over its free lists: some
  /// milliseconds after a large site's pages were let go).
  package static func returnToSystem() {
    folio_return_free_memory()
  }
}
