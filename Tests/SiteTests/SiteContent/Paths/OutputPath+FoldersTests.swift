import Testing

@testable import SiteContent

/// The folders an output's files need, and their depth: what the writer makes first and what a
/// removal may leave empty.
@Suite struct OutputPathFoldersTests {
  @Test func everyFolderThatHoldsAFileIsListedOnce() {
    let files = ["index.html", "a/b/c/index.html", "a/b/d.html", "a/e/index.html", "f/index.html"]
    #expect(OutputPath.folders(holding: files) == ["a", "a/b", "a/b/c", "a/e", "f"])
    // In another order, a deeper path after its parent's is found: the shortcut for a folder
    // already listed must not drop its own parents.
    #expect(OutputPath.folders(holding: files.reversed()) == ["a", "a/b", "a/b/c", "a/e", "f"])
    #expect(OutputPath.folders(holding: ["index.html"]).isEmpty)
  }

  @Test func aFolderLiesOneLevelBelowItsParent() {
    #expect(OutputPath.depth(of: "index.html") == 0)
    #expect(OutputPath.depth(of: "a") == 0)
    #expect(OutputPath.depth(of: "a/b") == 1)
    #expect(OutputPath.depth(of: "日本/été/x.html") == 2)
  }
}
