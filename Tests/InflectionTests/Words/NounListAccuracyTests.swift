import Foundation
import Testing

@testable import Inflection

/// The word-form rules measured on lists of common nouns (Fixtures/): the accuracy is printed
/// for Benchmarks/RESULTS.md and must not fall below what was measured when the lists were
/// written.
@Suite struct NounListAccuracyTests {
  /// The fixture's lines without comments and repeats, split into fields.
  static func entries(_ name: String) throws -> [[String]] {
    let path: String = #filePath
    let folder: Substring = path[..<path.range(of: "/Words/")!.lowerBound]
    let text = try String(contentsOfFile: folder + "/Fixtures/" + name, encoding: .utf8)
    var seen: Set<String> = []
    var entries: [[String]] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      guard seen.insert(String(line)).inserted else { continue }
      entries.append(line.split(separator: " ").map(String.init))
    }
    return entries
  }

  @Test func englishPlurals() throws {
    let entries = try Self.entries("english-nouns.txt")
    let wrong = entries.filter { EnglishNouns.plural(of: $0[0]) != $0[1] }
    let message = wrong.map { "\($0[0]) → \(EnglishNouns.plural(of: $0[0]) ?? "nil"), not \($0[1])" }
    print("Grammar agreement: English plurals \(entries.count - wrong.count)/\(entries.count) correct")
    #expect(entries.count >= 300)
    #expect(wrong.isEmpty, "\(message)")
  }

  @Test func spanishPluralsAndGenders() throws {
    let entries = try Self.entries("spanish-nouns.txt")
    let wrongPlurals = entries.filter { SpanishNouns.plural(of: $0[0]) != $0[1] }
    let wrongGenders = entries.filter {
      SpanishNouns.gender(of: $0[0]).map { String($0.rawValue.prefix(1)) } != $0[2]
    }
    print(
      "Grammar agreement: Spanish plurals \(entries.count - wrongPlurals.count)/\(entries.count) correct, "
        + "genders \(entries.count - wrongGenders.count)/\(entries.count) correct")
    #expect(entries.count >= 300)
    #expect(
      wrongPlurals.isEmpty,
      "\(wrongPlurals.map { "\($0[0]) → \(SpanishNouns.plural(of: $0[0]) ?? "nil"), not \($0[1])" })")
    #expect(
      wrongGenders.isEmpty,
      "\(wrongGenders.map { "\($0[0]) → \(SpanishNouns.gender(of: $0[0])?.rawValue ?? "nil"), not \($0[2])" })"
    )
  }

  @Test func pluralsReadBackToTheirSingulars() throws {
    let english = try Self.entries("english-nouns.txt").filter { $0[0] != $0[1] }
    let wrongEnglish = english.filter { Singulars.english($0[1]) != $0[0] }
    let spanish = try Self.entries("spanish-nouns.txt").filter { $0[0] != $0[1] }
    let wrongSpanish = spanish.filter { Singulars.spanish($0[1]) != $0[0] }
    print(
      "Grammar agreement: singulars read back: English \(english.count - wrongEnglish.count)/\(english.count), "
        + "Spanish \(spanish.count - wrongSpanish.count)/\(spanish.count)")
    // Every plural is read as one (a span written in the plural is not pluralised again),
    // though some singulars are guessed wrong (buses → buse), which only "1 buses" would show.
    #expect(english.filter { Singulars.english($0[1]) == nil }.map { $0[1] } == [])
    #expect(spanish.filter { Singulars.spanish($0[1]) == nil }.map { $0[1] } == [])
    #expect(
      english.count - wrongEnglish.count >= 342,
      "\(wrongEnglish.map { "\($0[1]) → \(Singulars.english($0[1]) ?? "nil")" })")
    #expect(
      spanish.count - wrongSpanish.count >= 308,
      "\(wrongSpanish.map { "\($0[1]) → \(Singulars.spanish($0[1]) ?? "nil")" })")
  }
}
