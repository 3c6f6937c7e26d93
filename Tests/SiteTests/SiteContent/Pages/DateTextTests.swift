import Testing

@testable import SiteContent

/// Front matter dates: the strict forms kept as written, Jekyll's and Hugo's looser ones written
/// as RFC 3339 (what a feed needs), anything else refused.
@Suite struct DateTextTests {
  @Test(arguments: [
    ("2024-01-05", "2024-01-05"),
    ("2024-01-05T09:00:00+09:00", "2024-01-05T09:00:00+09:00"),
    ("2024-01-05 09:00:00", "2024-01-05 09:00:00"),
    ("2024-01-05T09:00:00.25Z", "2024-01-05T09:00:00.25Z"),
    ("2026-04-28 08:30", "2026-04-28T08:30:00"),
    ("2017-04-12 21:46 +0200", "2017-04-12T21:46:00+02:00"),
    ("2017-04-12 21:46:07 -0700", "2017-04-12T21:46:07-07:00"),
    ("2017-04-12 21:46:07 +09", "2017-04-12T21:46:07+09:00"),
    ("2017-04-12T21:46Z", "2017-04-12T21:46:00Z"),
    ("2019-04-09T8:09:26-07:00", "2019-04-09T08:09:26-07:00"),
  ])
  func aDateIsKeptOrWrittenAsRFC3339(text: String, expected: String) {
    #expect(DateText.normalized(text) == expected)
  }

  @Test(arguments: ["2024-1-05", "yesterday", "2024-01-05 9:0", "2024-01-05 09:00 PST", "2024-01-05x", ""])
  func notADate(text: String) {
    #expect(DateText.normalized(text) == nil)
  }
}
