import Testing

@testable import Mustache

@Suite struct ParserTests {
  @Test func buildsNestedNodesWithPositions() throws {
    #expect(
      try dump("Hi {{name}}!\n{{#items}}<li>{{{.}}}</li>{{/items}}") == """
        lineStart
        text "Hi "
        variable name escaped @1:4
        text "!\\n"
        lineStart
        section items @2:1
          text "<li>"
          variable . unescaped @2:15
          text "</li>"
        """)
  }

  @Test func standaloneLinesDisappearWithTheirTags() throws {
    #expect(
      try dump("<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n</ul>\n") == """
        lineStart
        text "<ul>\\n"
        section items @2:3
          lineStart
          text "  <li>"
          variable . escaped @3:7
          text "</li>\\n"
        lineStart
        text "</ul>\\n"
        """)
  }

  @Test func standalonePartialKeepsItsIndentation() throws {
    #expect(
      try dump("<body>\n\t  {{> nav }}\n<p>{{>inline}}</p>") == """
        lineStart
        text "<body>\\n"
        partial nav indent "\\t  " @2:4
        lineStart
        text "<p>"
        partial inline @3:4
        text "</p>"
        """)
  }

  @Test func emptyLinesGetNoIndentationMarker() throws {
    #expect(
      try dump("a\n\nb") == """
        lineStart
        text "a\\n\\n"
        lineStart
        text "b"
        """)
  }

  @Test func parentBodyKeepsOnlyItsBlocks() throws {
    #expect(
      try dump("{{<base}}\nignored {{x}}\n{{$title}}Home{{/title}}\n{{/base}}") == """
        parent base indent "" @1:1
          block title indent "" @3:1
            text "Home"
        """)
  }

  @Test func overrideLosesItsOwnIndentation() throws {
    // The override's lines are indented by four spaces; the parser strips them so the
    // renderer can add the indentation of the place the block fills.
    #expect(
      try dump("{{<base}}{{$body}}\n    <p>\n      x\n    </p>\n{{/body}}{{/base}}") == """
        parent base indent "" @1:1
          block body indent "    " standalone @1:10
            lineStart
            text "<p>\\n"
            lineStart
            text "  x\\n"
            lineStart
            text "</p>\\n"
        """)
  }

  @Test func commentsAndDelimiterChangesLeaveNoNodes() throws {
    #expect(
      try dump("a{{! note }}b\n{{=[ ]=}}\n[c]") == """
        lineStart
        text "ab\\n"
        lineStart
        variable c escaped @3:1
        """)
  }
}
