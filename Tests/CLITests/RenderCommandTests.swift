import Foundation
import TestSupport
import Testing

@Suite struct RenderCommandTests {
  @Test func rendersStandardInputSafelyByDefault() async {
    let run = runFolio(["render"], input: "# Hi\n\n<b>raw</b> [x](javascript:alert(1))\n")
    #expect(run.status == 0)
    #expect(
      run.output
        == "<h1>Hi</h1>\n<p><!-- raw HTML omitted -->raw<!-- raw HTML omitted --> <a href=\"\">x</a></p>\n")
  }

  @Test func optionsMatchCmarkGFM() async {
    let run = runFolio(
      ["render", "--unsafe", "-e", "table", "--smart"], input: "\"a\" <b>b</b>\n\n| x |\n|---|\n| y |\n")
    #expect(
      run.output
        == "<p>“a” <b>b</b></p>\n<table>\n<thead>\n<tr>\n<th>x</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>y</td>\n</tr>\n</tbody>\n</table>\n"
    )
  }

  @Test func readsAFile() async throws {
    let site = try SiteFixture("-- a.md --\n*x*\n")
    let run = runFolio(["render", site.url("a.md").path])
    #expect(run.output == "<p><em>x</em></p>\n")
  }

  @Test func aMissingFileExitsOne() async {
    let run = runFolio(["render", "/nonexistent/file.md"])
    #expect(run.status == 1)
    #expect(run.error == "/nonexistent/file.md: error: cannot read the file: No such file or directory\n")
  }

  @Test func aContainerNestedTooDeepIsTextAndAWarning() async {
    let run = runFolio(
      ["render", "-x", "messages"], input: String(repeating: ":::message\n", count: 33) + "x\n")
    #expect(run.status == 0)
    #expect(run.output.hasSuffix("<p>:::message\nx</p>\n" + String(repeating: "</div>\n", count: 32)))
    #expect(
      run.error == """
        <stdin>:33:1: warning: ':::message' nests deeper than 32 containers
            hint: close the containers around it first (a line of as many colons as one opened with); \
        a page may put at most 32 ':::' blocks inside one another

        """)
  }

  @Test func unknownOptionsAndExtensionsExit64() async {
    let option = runFolio(["render", "--bogus"])
    #expect(option.status == 64)
    #expect(option.error == "error: unknown option '--bogus'\nSee 'folio render --help'.\n")
    let gfmExtension = runFolio(["render", "-e", "tables"])
    #expect(gfmExtension.status == 64)
    #expect(gfmExtension.error.hasPrefix("error: unknown extension 'tables' (expected one of: "))
  }
}
