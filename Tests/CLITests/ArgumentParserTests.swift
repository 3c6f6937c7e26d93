import Testing

@testable import CLI

/// The command-line parser every command uses, tested directly rather than through a command.
@Suite struct ArgumentParserTests {
  static let verbose = ArgumentParser.Option.flag("-v", "--verbose", help: "Say more.")
  static let name = ArgumentParser.Option.value("-n", "--name", valueName: "NAME", help: "A name.")
  static let parser = ArgumentParser(options: [verbose, name])

  @Test func shortAndLongSpellingsAreOneOption() throws {
    #expect(try Self.parser.parse(["-v"]).has(Self.verbose))
    #expect(try Self.parser.parse(["--verbose"]).has(Self.verbose))
    #expect(try !Self.parser.parse([]).has(Self.verbose))
    #expect(try Self.parser.parse(["-n", "a"]).value(Self.name) == "a")
    #expect(try Self.parser.parse(["--name", "a"]).value(Self.name) == "a")
  }

  @Test func aLongOptionTakesItsValueAfterAnEqualsSign() throws {
    #expect(try Self.parser.parse(["--name=a=b"]).value(Self.name) == "a=b")
    #expect(try Self.parser.parse(["--name="]).value(Self.name) == "")
  }

  @Test func repeatedValuesAreKeptInOrderAndTheLastWins() throws {
    let parsed = try Self.parser.parse(["-n", "a", "--name=b", "-n", "c"])
    #expect(parsed.all(Self.name) == ["a", "b", "c"])
    #expect(parsed.value(Self.name) == "c")
  }

  @Test func positionalArgumentsAndTheEndOfOptions() throws {
    let parsed = try Self.parser.parse(["file.md", "-", "-v", "--", "--name", "-v"])
    #expect(parsed.positional == ["file.md", "-", "--name", "-v"])
    #expect(parsed.has(Self.verbose))
    #expect(parsed.value(Self.name) == nil)
  }

  @Test(arguments: [
    (["--nmae", "x"], "unknown option '--nmae'"),
    (["-x"], "unknown option '-x'"),
    (["--name"], "missing value for '--name' (expected NAME)"),
    (["--verbose=yes"], "'--verbose' does not take a value"),
  ])
  func mistakesAreUsageErrorsThatSayWhatIsWrong(arguments: [String], message: String) {
    #expect(throws: UsageError.self) { try Self.parser.parse(arguments) }
    do {
      _ = try Self.parser.parse(arguments)
    } catch {
      #expect(error.message == message)
    }
  }

  @Test func helpListsEverySpellingAndValueName() {
    #expect(
      Self.parser.helpText() == "  -v, --verbose      Say more.\n  -n, --name <name>  A name.")
  }
}
