import Dispatch
import Synchronization
import SyntaxHighlighting
import Testing

/// The door to KSyntaxHighlighting: definitions, themes, and tokens as UTF-8 byte ranges.
@Suite struct SyntaxHighlighterTests {
  private let pool = SyntaxHighlighterPool.shared

  /// The text of each token of `code` that is not normal, with its style.
  private func styled(_ code: String, as definition: String) -> [(String, TextStyle)] {
    let tokens = pool.withHighlighter { $0.tokens(of: code, definition: definition) } ?? []
    let bytes = Array(code.utf8)
    return tokens.filter { $0.style != .normal }.map {
      (String(decoding: bytes[$0.offset..<($0.offset + $0.length)], as: UTF8.self), $0.style)
    }
  }

  @Test func listsTheDefinitionsAndThemesDebianShips() {
    let names = Set(pool.contents.definitions.map(\.name))
    for name in ["Swift", "Rust", "Python", "YAML", "Bash", "TypeScript", "C++", "Diff"] {
      #expect(names.contains(name), "\(name)")
    }
    #expect(pool.contents.themeNames.contains("GitHub Light"))
    #expect(pool.contents.themeNames.contains("GitHub Dark"))
    let swift = pool.contents.definitions.first { $0.name == "Swift" }
    #expect(swift?.fileNamePatterns == ["*.swift"])
  }

  @Test func tokensAreUTF8ByteRanges() {
    let tokens = styled("let s = \"héllo 日本\" // é\n", as: "Swift")
    #expect(tokens.map(\.0) == ["let", "s", "=", "\"héllo 日本\"", "// é"])
    #expect(tokens.map(\.1) == [.keyword, .variable, .operator, .string, .comment])
  }

  @Test func statesCarryOverLines() {
    let tokens = styled("/* one\ntwo */ let\n", as: "Swift")
    #expect(tokens.map(\.0) == ["/* one", "two */", "let"])
    #expect(tokens.map(\.1) == [.comment, .comment, .keyword])
  }

  @Test func carriageReturnsAreLeftOutOfLines() {
    let tokens = styled("let a\r\nlet b\r\n", as: "Swift")
    #expect(tokens.filter { $0.1 == .keyword }.count == 2)
    #expect(!tokens.contains { $0.0.contains("\r") })
  }

  @Test func anUnknownDefinitionHasNoTokens() {
    #expect(pool.withHighlighter { $0.tokens(of: "x", definition: "swift") } == nil)
    #expect(pool.withHighlighter { $0.tokens(of: "", definition: "Swift") } == [])
  }

  @Test func themesHaveColoursForTheirStyles() throws {
    let theme = try #require(pool.theme(named: "GitHub Light"))
    #expect(theme.background != nil)
    #expect(theme[.keyword].textColor != nil)
    #expect(theme[.comment].textColor != nil)
    #expect(pool.theme(named: "No Such Theme") == nil)
  }

  /// Pages render on every core: each thread borrows its own repository (run under TSan:
  /// `swift test --sanitize=thread --filter SyntaxHighlighterTests`).
  @Test func threadsHighlightAtOnceWithBorrowedRepositories() {
    let code = String(repeating: "func f(x: Int) -> String { return \"\\(x)\" } // c\n", count: 50)
    let expected = pool.withHighlighter { $0.tokens(of: code, definition: "Swift") }
    let mismatches = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: 16) { index in
      let language = ["Swift", "Rust", "Python", "Bash"][index % 4]
      let tokens = pool.withHighlighter { $0.tokens(of: code, definition: language) }
      if language == "Swift", tokens != expected { mismatches.add(1, ordering: .relaxed) }
    }
    #expect(mismatches.load(ordering: .relaxed) == 0)
  }
}
