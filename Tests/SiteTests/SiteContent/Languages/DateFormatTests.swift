import Testing

@testable import SiteContent

@Suite struct DateFormatTests {
  @Test(arguments: [
    ("%Y-%m-%d", "2026-03-05", "2026-03-05"), ("%-d/%-m/%Y", "2026-03-05", "5/3/2026"),
    ("%d.%m.%Y", "2026-11-20", "20.11.2026"), ("%b %-d, %Y", "2026-09-01", "Sep 1, 2026"),
    ("%B %-d, %Y", "2026-11-20T09:30:00+09:00", "November 20, 2026"),
    ("%Y年%-m月%-d日", "2026-01-09", "2026年1月9日"), ("100%% %Y %q", "0042-12-00", "100% 42 %q"),
  ])
  func patternsShowTheDatesDigitsAndMonthNames(pattern: String, date: String, shown: String) {
    #expect(DateFormat(pattern: pattern).format(date) == shown)
  }

  @Test func aDateThatDoesNotParseIsShownAsItIs() {
    #expect(DateFormat(pattern: "%B %-d, %Y").format("2026-13-01") == "2026-13-01")
    #expect(DateFormat(pattern: "%B %-d, %Y").format("soon") == "soon")
  }
}
