import Testing

@testable import PreviewServer

@Suite struct LiveReloadInjectorTests {
  private func inject(_ html: String) -> String {
    String(decoding: LiveReloadInjector.inject(into: Array(html.utf8)), as: UTF8.self)
  }

  private let tags = LiveReloadInjector.markup

  @Test func goesBeforeTheClosingHead() {
    #expect(
      inject("<html><head><title>x</title></head><body></body></html>")
        == "<html><head><title>x</title>\(tags)</head><body></body></html>")
  }

  @Test func headMatchIgnoresCase() {
    #expect(inject("<HTML><HEAD></HEAD></HTML>") == "<HTML><HEAD>\(tags)</HEAD></HTML>")
  }

  @Test func goesAfterTheBodyTagWithoutHead() {
    #expect(inject("<p>a</p><body class=\"x\"><p>b</p>") == "<p>a</p><body class=\"x\">\(tags)<p>b</p>")
  }

  @Test func bodyMustBeATag() {
    #expect(inject("<bodyguard></bodyguard><body>x") == "<bodyguard></bodyguard><body>\(tags)x")
  }

  @Test func goesAfterTheDoctypeWithoutHeadOrBody() {
    #expect(inject("  <!DOCTYPE html>\n<p>hi</p>") == "  <!DOCTYPE html>\(tags)\n<p>hi</p>")
  }

  @Test func goesFirstInAFragment() {
    #expect(inject("<p>hi</p>") == "\(tags)<p>hi</p>")
    #expect(inject("") == tags)
  }
}
