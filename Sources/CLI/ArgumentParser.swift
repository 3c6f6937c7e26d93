/// A small command-line parser modelled on swift-argument-parser's behaviour: long and short
/// options, `--name=value`, repeatable options, `--` to end options, and usage errors that say
/// what was wrong.
package struct ArgumentParser {
  /// One option a command accepts. Commands declare each as a `static let` and ask ``Parsed``
  /// about it by that value, so a misspelt option is a compile error, not a flag that is never
  /// set.
  package struct Option: Sendable {
    /// Every spelling, e.g. `["-e", "--extension"]`.
    var names: [String]
    /// Whether the option takes a value.
    var takesValue: Bool
    /// The value's placeholder in help, e.g. `NAME`.
    var valueName: String = "VALUE"
    /// One line of help.
    var help: String

    /// The spelling parsed values are filed under: the last, the long one.
    var key: String { names.last ?? "" }

    /// An option without a value (`--verbose`), set or not.
    package static func flag(_ names: String..., help: String) -> Option {
      Option(names: names, takesValue: false, help: help)
    }

    /// An option that takes a value, written `--name value` or `--name=value`; `valueName` is
    /// the value's placeholder in help.
    package static func value(_ names: String..., valueName: String, help: String) -> Option {
      Option(names: names, takesValue: true, valueName: valueName, help: help)
    }
  }

  /// What the command line said.
  package struct Parsed {
    /// Flags that were given, by their ``Option/key``.
    var flags: Set<String> = []
    /// Values given for options, by their ``Option/key``, in order.
    var values: [String: [String]] = [:]
    /// Arguments that are not options.
    package var positional: [String] = []
    /// The keys of the options the parser accepts: asking about another one is a mistake in the
    /// command, caught at once.
    var accepted: Set<String> = []

    /// Whether the flag `option` was given.
    package func has(_ option: Option) -> Bool {
      check(option)
      return flags.contains(option.key)
    }

    /// The value given for `option`, the last one when it was given more than once.
    package func value(_ option: Option) -> String? {
      check(option)
      return values[option.key]?.last
    }

    /// Every value given for `option`, in order.
    package func all(_ option: Option) -> [String] {
      check(option)
      return values[option.key] ?? []
    }

    private func check(_ option: Option) {
      precondition(
        accepted.contains(option.key),
        "the command asks about \(option.key), which its parser does not accept")
    }
  }

  /// The options the command accepts, in the order help lists them.
  var options: [Option]

  /// Creates a parser that accepts `options`.
  package init(options: [Option]) {
    self.options = options
  }

  /// Reads `arguments` (those after the command's name) into flags, values and positional
  /// arguments; an unknown option, a missing value or a value given to a flag is a
  /// ``UsageError`` naming it.
  package func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
    var parsed = Parsed()
    parsed.accepted = Set(options.map(\.key))
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        parsed.positional.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String? = nil
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = options.first(where: { $0.names.contains(name) }) else {
        throw UsageError("unknown option '\(name)'")
      }
      let key = option.key
      if option.takesValue {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw UsageError("missing value for '\(name)' (expected \(option.valueName))")
        }
        parsed.values[key, default: []].append(value)
      } else {
        if inlineValue != nil { throw UsageError("'\(name)' does not take a value") }
        parsed.flags.insert(key)
      }
    }
    return parsed
  }

  /// The options section of a command's help.
  package func helpText() -> String {
    let rows = options.map { option -> (String, String) in
      var left = option.names.joined(separator: ", ")
      if option.takesValue { left += " <\(option.valueName.lowercased())>" }
      return (left, option.help)
    }
    let width = min(36, (rows.map(\.0.count).max() ?? 0) + 2)
    return rows.map { left, help in
      let padding =
        left.count < width
        ? String(repeating: " ", count: width - left.count) : "\n" + String(repeating: " ", count: width + 2)
      return "  \(left)\(padding)\(help)"
    }.joined(separator: "\n")
  }
}

/// A mistake in how a command was called: printed with a pointer to the command's help, exit
/// code 64.
package struct UsageError: Error, CustomStringConvertible {
  /// What was wrong (`unknown option '--x'`), printed after `error: ` with a pointer to the help.
  package var message: String
  /// An error that says `message`.
  package init(_ message: String) { self.message = message }
  /// The message, so that `"\(error)"` reads as it is printed.
  package var description: String { message }
}
