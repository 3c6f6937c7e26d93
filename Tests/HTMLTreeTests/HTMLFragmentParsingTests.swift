import HTMLTree
import Testing

/// Parsing content HTML into the tree: what gumbo decides, converted without losing it.
@Suite struct HTMLFragmentParsingTests {
  @Test func namedReferencesBecomeTheirCharacters() throws {
    let paragraph = try Fixtures.firstElement("<p>Folio&nbsp;1 &copy; 2026 &amp; &lt;b&gt;</p>")
    #expect(paragraph.children == [.text("Folio\u{A0}1 \u{A9} 2026 & <b>")])
  }

  @Test func attributesKeepTheirOrderAndDecodedValues() throws {
    let image = try Fixtures.firstElement(#"<img src="a.png" alt="A &quot;b&quot;" width=640 hidden>"#)
    #expect(image.name == "img")
    #expect(
      image.attributes == [
        HTMLAttribute(name: "src", value: "a.png"), HTMLAttribute(name: "alt", value: "A \"b\""),
        HTMLAttribute(name: "width", value: "640"), HTMLAttribute(name: "hidden", value: ""),
      ])
  }

  @Test func mathMLAndSVGKeepTheirNamespacesAndCase() throws {
    let math = try Fixtures.firstElement(#"<math display="block"><mi>x</mi></math>"#)
    #expect(math.namespace == .mathML)
    guard case .element(let identifier) = math.children.first else {
      Issue.record("no <mi>")
      return
    }
    #expect(identifier.name == "mi" && identifier.namespace == .mathML)

    let svg = try Fixtures.firstElement(
      ##"<svg viewBox="0 0 1 1"><foreignObject><p>x</p></foreignObject><use xlink:href="#a"/></svg>"##)
    #expect(svg.namespace == .svg)
    #expect(svg[attribute: "viewBox"] == "0 0 1 1")
    guard case .element(let foreign) = svg.children.first, case .element(let use) = svg.children.last else {
      Issue.record("no children")
      return
    }
    #expect(foreign.name == "foreignObject" && foreign.namespace == .svg)
    #expect(foreign.children == [.element(HTMLElement("p", children: [.text("x")]))])
    #expect(use.attributes == [HTMLAttribute(name: "xlink:href", value: "#a")])
  }

  @Test func unknownElementsKeepTheirNameInLowercase() throws {
    let element = try Fixtures.firstElement("<My-Widget data-x=1>hi</My-Widget>")
    #expect(element.name == "my-widget")
    #expect(element[attribute: "data-x"] == "1")
  }

  @Test func commentsAndTemplateContentsStayInTheTree() throws {
    let nodes = try HTMLFragment(parsing: Array("<!-- note --><template><p>later</p></template>".utf8)).nodes
    #expect(
      nodes == [
        .comment(" note "),
        .element(HTMLElement("template", children: [.element(HTMLElement("p", children: [.text("later")]))])),
      ])
  }

  @Test func aFragmentIsParsedInADivNotAsADocument() throws {
    let nodes = try HTMLFragment(parsing: Array("<title>x</title><p>a".utf8)).nodes
    #expect(
      nodes == [
        .element(HTMLElement("title", children: [.text("x")])),
        .element(HTMLElement("p", children: [.text("a")])),
      ])
  }

  @Test func invalidUTF8BecomesReplacementCharacters() throws {
    let bytes: [UInt8] =
      Array("<p a=\"".utf8) + [0xFF, 0xC3] + Array("\">x".utf8) + [0xE2, 0x82, 0x00, 0xED, 0xA0, 0x80]
    let fragment = try HTMLFragment(parsing: bytes)
    guard case .element(let paragraph) = fragment.nodes.first else {
      Issue.record("no <p>")
      return
    }
    #expect(paragraph[attribute: "a"]?.unicodeScalars.allSatisfy { $0 == "\u{FFFD}" } == true)
    #expect(XMLCheck.error(in: fragment.serialized(as: .xhtml)) == nil)
  }

  @Test func anEmptyInputIsAnEmptyFragment() throws {
    #expect(try HTMLFragment(parsing: [UInt8]()).nodes.isEmpty)
  }

  @Test func ahundredThousandNestedDivsAreTooDeepAndRefusedQuickly() throws {
    let html = Array(String(repeating: "<div>", count: 100_000).utf8)
    let clock = ContinuousClock()
    var problem: HTMLTreeProblem?
    let elapsed = clock.measure {
      do { _ = try HTMLFragment(parsing: html) } catch let error as HTMLTreeProblem { problem = error } catch
      {}
    }
    #expect(problem?.isTooDeep == true)
    #expect(problem?.description == "the HTML nests elements more than 512 deep")
    #expect(elapsed < .seconds(2))
  }

  @Test func depthUpToTheLimitParses() throws {
    let limits = HTMLLimits(maxDepth: 40)
    let exactly = String(repeating: "<div>", count: 40) + "x"
    #expect(try HTMLFragment(parsing: Array(exactly.utf8), limits: limits).nodes.count == 1)
    let deeper = String(repeating: "<span>", count: 41)
    #expect(throws: HTMLTreeProblem.self) { try HTMLFragment(parsing: Array(deeper.utf8), limits: limits) }
  }

  /// Tags HTML closes implicitly are not counted as open: a long list with no `</li>` and
  /// paragraphs with no `</p>` parse.
  @Test func implicitlyClosedElementsDoNotCountAsNested() throws {
    let limits = HTMLLimits(maxDepth: 20)
    let list = "<ul>" + String(repeating: "<li>item <b>x</b>", count: 500) + "</ul>"
    let paragraphs = String(repeating: "<p>para <i>y</i>", count: 500)
    let table = "<table>" + String(repeating: "<tr><td>a<td>b", count: 200) + "</table>"
    let misnested = String(repeating: "<p><b>x</p>", count: 5)
    for html in [list, paragraphs, table, misnested] {
      #expect(throws: Never.self) { try HTMLFragment(parsing: Array(html.utf8), limits: limits) }
    }
  }

  /// Formatting elements left open inside blocks, which HTML keeps reopening, still count.
  @Test func reopenedFormattingElementsCountAsNested() throws {
    let limits = HTMLLimits(maxDepth: 50)
    let html = String(repeating: "<b><div></b>", count: 200)
    #expect(throws: HTMLTreeProblem.self) { try HTMLFragment(parsing: Array(html.utf8), limits: limits) }
  }

  @Test func theNodeAndByteLimitsHold() throws {
    let many = Array(String(repeating: "<br>", count: 1_000).utf8)
    #expect {
      try HTMLFragment(parsing: many, limits: HTMLLimits(maxNodes: 999))
    } throws: { ($0 as? HTMLTreeProblem)?.isTooManyNodes == true }
    #expect(try HTMLFragment(parsing: many, limits: HTMLLimits(maxNodes: 1_000)).nodes.count == 1_000)
    // 500 start tags pass the scan before gumbo; their 1,000 nodes do not pass the converter.
    let paragraphs = Array(String(repeating: "<p>x", count: 500).utf8)
    #expect {
      try HTMLFragment(parsing: paragraphs, limits: HTMLLimits(maxNodes: 999))
    } throws: { ($0 as? HTMLTreeProblem)?.isTooManyNodes == true }
    #expect {
      try HTMLFragment(parsing: many, limits: HTMLLimits(maxBytes: 100))
    } throws: { ($0 as? HTMLTreeProblem)?.isTooLong == true }
  }
}
