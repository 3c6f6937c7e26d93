import Testing

@testable import SiteContent

@Suite struct SlugTests {
  @Test(arguments: [
    ("Hello, World!", "hello-world"), ("C++ & Swift", "c--swift"),
    ("snake_case-and-dash", "snake_case-and-dash"),
    // Each space is a dash, and nothing is trimmed; tabs are dropped like punctuation.
    ("  two  spaces ", "--two--spaces-"), ("tab\there", "tabhere"), ("!?", ""),
  ])
  func keepsASCIILettersDigitsDashesAndUnderscores(text: String, slug: String) {
    #expect(Slug.of(text) == slug)
  }

  @Test(arguments: [
    ("日本語の見出し", "日本語の見出し"), ("Café Crème!", "café-crème"), ("ΑΒΓ Ωμέγα", "αβγ-ωμέγα"),
    ("½ ① ٣", "½-①-٣"), ("🎉 Party 2024", "-party-2024"), ("no\u{A0}break", "nobreak"),
    // Decomposed accents stay with their letters; a mark on its own is kept too.
    ("e\u{301}te\u{301}", "e\u{301}te\u{301}"), ("\u{308}Umlaut", "\u{308}umlaut"),
  ])
  func keepsLettersAndDigitsOfEveryScript(text: String, slug: String) {
    #expect(Slug.of(text) == slug)
  }
}
