import Foundation
import Testing

@testable import PreviewServer

@Suite struct FileWatcherTests {
  private func start(_ paths: [String], quiet: Duration = .milliseconds(100)) throws -> (
    FileWatcher, ChangeRecorder
  ) {
    let recorder = ChangeRecorder()
    // A long maximum delay so that only the quiet period decides where a batch ends, even when
    // parallel tests slow the machine down.
    let watcher = try FileWatcher(
      watching: paths, quietPeriod: quiet, maximumDelay: .seconds(10), handler: recorder.handler)
    return (watcher, recorder)
  }

  /// Writes a file into `folder` and waits for its batch: inotify reports events in order, so
  /// once it has arrived, every change made before it has been reported too. Tests that expect
  /// nothing to happen wait for this instead of sleeping.
  private func settle(_ recorder: ChangeRecorder, writingIn folder: TemporaryDirectory, _ path: String) throws
    -> [[FileChange]]
  {
    try folder.write(path, "sentinel")
    let sentinel = FileChange(path: folder.url(path), kind: .created)
    #expect(recorder.wait(until: sentinel))
    return recorder.all
  }

  @Test func reportsACreatedFile() throws {
    let folder = try TemporaryDirectory()
    try folder.makeFolder("Content")
    let (watcher, recorder) = try start([folder.url("Content")])
    defer { watcher.stop() }
    try folder.write("Content/new.md", "new")
    #expect(recorder.wait() == [[FileChange(path: folder.url("Content/new.md"), kind: .created)]])
  }

  @Test func reportsAModification() throws {
    let folder = try TemporaryDirectory()
    try folder.write("Content/a.md", "one")
    let (watcher, recorder) = try start([folder.url("Content")])
    defer { watcher.stop() }
    try folder.write("Content/a.md", "two")
    #expect(recorder.wait() == [[FileChange(path: folder.url("Content/a.md"), kind: .modified)]])
  }

  @Test func atomicSaveByRenameIsAModification() throws {
    let folder = try TemporaryDirectory()
    try folder.write("Content/a.md", "one")
    let (watcher, recorder) = try start([folder.url("Content")])
    defer { watcher.stop() }
    try folder.write("Content/.a.md.swp", "two")
    #expect(rename(folder.url("Content/.a.md.swp"), folder.url("Content/a.md")) == 0)
    #expect(recorder.wait() == [[FileChange(path: folder.url("Content/a.md"), kind: .modified)]])
  }

  @Test func reportsADeletion() throws {
    let folder = try TemporaryDirectory()
    try folder.write("Content/a.md", "one")
    let (watcher, recorder) = try start([folder.url("Content")])
    defer { watcher.stop() }
    try FileManager.default.removeItem(atPath: folder.url("Content/a.md"))
    #expect(recorder.wait() == [[FileChange(path: folder.url("Content/a.md"), kind: .deleted)]])
  }

  @Test func watchesNewSubfolders() throws {
    let folder = try TemporaryDirectory()
    try folder.makeFolder("Content")
    let (watcher, recorder) = try start([folder.url("Content")])
    defer { watcher.stop() }
    try folder.makeFolder("Content/posts/2025")
    try folder.write("Content/posts/2025/a.md", "a")
    #expect(recorder.wait(until: FileChange(path: folder.url("Content/posts/2025/a.md"), kind: .created)))
    #expect(
      recorder.all.joined().contains(
        FileChange(path: folder.url("Content/posts"), kind: .created, isDirectory: true)))
    recorder.reset()
    // The new folder has its own watch now, so later edits are seen too.
    try folder.write("Content/posts/2025/a.md", "changed")
    #expect(recorder.wait() == [[FileChange(path: folder.url("Content/posts/2025/a.md"), kind: .modified)]])
  }

  @Test func everyKindOfChangeInOneDebouncedBatch() throws {
    let folder = try TemporaryDirectory()
    try folder.write("Content/modified.md", "1")
    try folder.write("Content/saved.md", "1")
    try folder.write("Content/deleted.md", "1")
    let (watcher, recorder) = try start([folder.url("Content")], quiet: .milliseconds(300))
    defer { watcher.stop() }

    try folder.write("Content/created.md", "new")
    try folder.write("Content/modified.md", "2")
    try folder.write("Content/saved.md.tmp", "2")
    #expect(rename(folder.url("Content/saved.md.tmp"), folder.url("Content/saved.md")) == 0)
    try FileManager.default.removeItem(atPath: folder.url("Content/deleted.md"))
    try folder.makeFolder("Content/drafts")
    try folder.write("Content/drafts/idea.md", "idea")

    let batches = recorder.wait()
    #expect(try settle(recorder, writingIn: folder, "Content/sentinel.md").count == 2)
    #expect(
      batches.first == [
        FileChange(path: folder.url("Content/created.md"), kind: .created),
        FileChange(path: folder.url("Content/deleted.md"), kind: .deleted),
        FileChange(path: folder.url("Content/drafts"), kind: .created, isDirectory: true),
        FileChange(path: folder.url("Content/drafts/idea.md"), kind: .created),
        FileChange(path: folder.url("Content/modified.md"), kind: .modified),
        FileChange(path: folder.url("Content/saved.md"), kind: .modified),
      ])
  }

  @Test func burstsOfWritesBecomeOneBatch() throws {
    let folder = try TemporaryDirectory()
    try folder.write("Content/a.md", "0")
    let (watcher, recorder) = try start([folder.url("Content")], quiet: .milliseconds(300))
    defer { watcher.stop() }
    for index in 1...10 {
      try folder.write("Content/a.md", String(index))
      usleep(5_000)
    }
    recorder.wait()
    #expect(
      try settle(recorder, writingIn: folder, "Content/sentinel.md") == [
        [FileChange(path: folder.url("Content/a.md"), kind: .modified)],
        [FileChange(path: folder.url("Content/sentinel.md"), kind: .created)],
      ])
  }

  @Test func renamedFolderIsDeletedAndCreatedAndStaysWatched() throws {
    let folder = try TemporaryDirectory()
    try folder.write("Content/old/a.md", "a")
    let (watcher, recorder) = try start([folder.url("Content")])
    defer { watcher.stop() }
    #expect(rename(folder.url("Content/old"), folder.url("Content/new")) == 0)
    #expect(recorder.wait(until: FileChange(path: folder.url("Content/new/a.md"), kind: .created)))
    let changes = Set(recorder.all.joined())
    #expect(changes.contains(FileChange(path: folder.url("Content/old/a.md"), kind: .deleted)))
    #expect(changes.contains(FileChange(path: folder.url("Content/old"), kind: .deleted, isDirectory: true)))
    #expect(changes.contains(FileChange(path: folder.url("Content/new"), kind: .created, isDirectory: true)))
    recorder.reset()
    try folder.write("Content/new/a.md", "b")
    #expect(recorder.wait() == [[FileChange(path: folder.url("Content/new/a.md"), kind: .modified)]])
  }

  /// A rename reaches the parent's watch before the folder's own "moved self"; when the parent's
  /// events are read first, the late "moved self" lands on the folder's new watch. That must not
  /// read as the folder leaving (its files would vanish from the preview and stop being
  /// watched). The race is the kernel's, so the folder is renamed back and forth to meet it.
  @Test func folderRenamedBackAndForthStaysWatchedAtEachName() throws {
    let folder = try TemporaryDirectory()
    try folder.write("Content/one/a.md", "a")
    let (watcher, recorder) = try start([folder.url("Content")])
    defer { watcher.stop() }
    var current = "one"
    for round in 1...12 {
      let next = current == "one" ? "two" : "one"
      #expect(rename(folder.url("Content/\(current)"), folder.url("Content/\(next)")) == 0)
      #expect(recorder.wait(until: FileChange(path: folder.url("Content/\(next)/a.md"), kind: .created)))
      recorder.reset()
      try folder.write("Content/\(next)/a.md", String(round))
      #expect(recorder.wait() == [[FileChange(path: folder.url("Content/\(next)/a.md"), kind: .modified)]])
      recorder.reset()
      current = next
    }
  }

  /// Watching `Content` takes two watches: its parent folder (for the name) and itself.
  private func startWithWatchLimit(_ limit: Int, _ paths: [String]) throws -> (FileWatcher, ChangeRecorder) {
    let recorder = ChangeRecorder()
    let watcher = try FileWatcher(
      watching: paths, quietPeriod: .milliseconds(100), maximumDelay: .seconds(10), watchLimit: limit,
      handler: recorder.handler)
    return (watcher, recorder)
  }

  @Test func folderThatCannotBeWatchedIsStillReportedWithItsFiles() throws {
    let folder = try TemporaryDirectory()
    try folder.write("Content/incoming/a.md", "a")
    try folder.write("Content/incoming/deeper/b.md", "b")
    let (watcher, recorder) = try startWithWatchLimit(2, [folder.url("Content")])
    defer { watcher.stop() }
    #expect(rename(folder.url("Content/incoming"), folder.url("Content/moved")) == 0)
    #expect(recorder.wait(until: FileChange(path: folder.url("Content/moved/deeper/b.md"), kind: .created)))
    let changes = Set(recorder.all.joined())
    #expect(
      changes.contains(FileChange(path: folder.url("Content/moved"), kind: .created, isDirectory: true)))
    #expect(changes.contains(FileChange(path: folder.url("Content/moved/a.md"), kind: .created)))
    #expect(watcher.unwatchedFolders == [folder.url("Content/moved"), folder.url("Content/moved/deeper")])
    #expect(
      changes.contains(
        FileChange(path: folder.url("Content/moved/deeper"), kind: .created, isDirectory: true)))
  }

  @Test func folderIsWatchedOnceAWatchIsFreeAndItsChangesMeanwhileAreReported() throws {
    let folder = try TemporaryDirectory()
    try folder.write("Content/draft/a.md", "a")
    try folder.write("Templates/page.html", "one")
    // The folder both are in, Content and Content/draft take the three watches; Templates,
    // listed last, has none until Content/draft is deleted.
    let (watcher, recorder) = try startWithWatchLimit(3, [folder.url("Content"), folder.url("Templates")])
    defer { watcher.stop() }
    #expect(watcher.unwatchedFolders == [folder.url("Templates")])
    try folder.write("Templates/page.html", "changed while unwatched")
    try FileManager.default.removeItem(atPath: folder.url("Content/draft"))
    #expect(recorder.wait(until: FileChange(path: folder.url("Templates/page.html"), kind: .modified)))
    #expect(
      Set(recorder.all.joined()).contains(FileChange(path: folder.url("Content/draft/a.md"), kind: .deleted)))
    #expect(watcher.unwatchedFolders.isEmpty)
    recorder.reset()
    try folder.write("Templates/page.html", "watched now")
    #expect(recorder.wait() == [[FileChange(path: folder.url("Templates/page.html"), kind: .modified)]])
  }

  @Test func folderMovedOutIsNoLongerWatched() throws {
    let folder = try TemporaryDirectory()
    try folder.write("Content/away/a.md", "a")
    let (watcher, recorder) = try start([folder.url("Content")])
    defer { watcher.stop() }
    #expect(rename(folder.url("Content/away"), folder.url("elsewhere")) == 0)
    #expect(recorder.wait(until: FileChange(path: folder.url("Content/away/a.md"), kind: .deleted)))
    recorder.reset()
    try folder.write("elsewhere/a.md", "outside now")
    #expect(
      try settle(recorder, writingIn: folder, "Content/sentinel.md") == [
        [FileChange(path: folder.url("Content/sentinel.md"), kind: .created)]
      ])
  }

  @Test func singleFileIsWatchedThroughItsFolder() throws {
    let folder = try TemporaryDirectory()
    try folder.write("folio.yaml", "title: a")
    try folder.write("other.txt", "x")
    let (watcher, recorder) = try start([folder.url("folio.yaml")])
    defer { watcher.stop() }
    try folder.write("other.txt", "y")
    try folder.write("folio.yaml.tmp", "title: b")
    #expect(rename(folder.url("folio.yaml.tmp"), folder.url("folio.yaml")) == 0)
    #expect(recorder.wait() == [[FileChange(path: folder.url("folio.yaml"), kind: .modified)]])
    recorder.reset()
    try FileManager.default.removeItem(atPath: folder.url("folio.yaml"))
    #expect(recorder.wait() == [[FileChange(path: folder.url("folio.yaml"), kind: .deleted)]])
    recorder.reset()
    try folder.write("folio.yaml", "title: c")
    #expect(recorder.wait() == [[FileChange(path: folder.url("folio.yaml"), kind: .created)]])
  }

  @Test func folderThatAppearsLaterIsWatched() throws {
    let folder = try TemporaryDirectory()
    let (watcher, recorder) = try start([folder.url("Templates")])
    defer { watcher.stop() }
    try folder.write("Templates/page.html", "{{title}}")
    #expect(recorder.wait(until: FileChange(path: folder.url("Templates/page.html"), kind: .created)))
    recorder.reset()
    try folder.write("Templates/page.html", "{{body}}")
    #expect(recorder.wait() == [[FileChange(path: folder.url("Templates/page.html"), kind: .modified)]])
  }

  @Test func deletedAndRecreatedRootIsStillWatched() throws {
    let folder = try TemporaryDirectory()
    try folder.write("Content/a.md", "a")
    let (watcher, recorder) = try start([folder.url("Content")])
    defer { watcher.stop() }
    try FileManager.default.removeItem(atPath: folder.url("Content"))
    #expect(recorder.wait(until: FileChange(path: folder.url("Content"), kind: .deleted, isDirectory: true)))
    try folder.write("Content/b.md", "b")
    #expect(recorder.wait(until: FileChange(path: folder.url("Content/b.md"), kind: .created)))
  }

  @Test func severalRootsAtOnce() throws {
    let folder = try TemporaryDirectory()
    try folder.makeFolder("Content")
    try folder.makeFolder("Templates")
    try folder.write("folio.yaml", "a")
    let (watcher, recorder) = try start(
      [folder.url("Content"), folder.url("Templates"), folder.url("folio.yaml")], quiet: .milliseconds(300))
    defer { watcher.stop() }
    try folder.write("Content/a.md", "a")
    try folder.write("Templates/b.html", "b")
    try folder.write("folio.yaml", "b")
    #expect(
      recorder.wait() == [
        [
          FileChange(path: folder.url("Content/a.md"), kind: .created),
          FileChange(path: folder.url("Templates/b.html"), kind: .created),
          FileChange(path: folder.url("folio.yaml"), kind: .modified),
        ]
      ])
  }

  @Test func asyncStreamDeliversBatchesAndFinishesOnStop() async throws {
    let folder = try TemporaryDirectory()
    try folder.makeFolder("Content")
    let watcher = try FileWatcher(watching: [folder.url("Content")])
    try folder.write("Content/a.md", "a")
    var iterator = watcher.changes.makeAsyncIterator()
    let first = await iterator.next()
    #expect(first == [FileChange(path: folder.url("Content/a.md"), kind: .created)])
    watcher.stop()
    #expect(await iterator.next() == nil)
  }

  @Test func stopIsFinal() throws {
    let folder = try TemporaryDirectory()
    try folder.makeFolder("Content")
    let (watcher, recorder) = try start([folder.url("Content")])
    try folder.write("Content/before.md", "a")
    #expect(recorder.wait(until: FileChange(path: folder.url("Content/before.md"), kind: .created)))
    // stop() joins the watching thread: once it returns, no handler can run again.
    watcher.stop()
    watcher.stop()
    recorder.reset()
    try folder.write("Content/a.md", "a")
    #expect(recorder.all.isEmpty)
  }

  @Test func relativePathsAreMadeAbsolute() {
    let cwd = FileManager.default.currentDirectoryPath
    #expect(FileWatcher.absolute("Content/") == cwd + "/Content")
    #expect(FileWatcher.absolute("./Content/../Templates") == cwd + "/Templates")
    #expect(FileWatcher.absolute("/a//b/./c/") == "/a/b/c")
  }

  @Test func missingParentFolderIsAnError() throws {
    let folder = try TemporaryDirectory()
    #expect(throws: WatchError.self) { try FileWatcher(watching: [folder.url("no/such/folder")]) { _ in } }
  }
}
