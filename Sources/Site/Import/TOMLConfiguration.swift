import Diagnostics
import YAML

/// Reads a TOML configuration file (Hugo's `hugo.toml`) as the value tree the YAML ones give.
enum TOMLConfiguration {
  static func parse(_ bytes: [UInt8], path: String) throws -> YAMLValue {
    throw DiagnosticError(
      .error(
        "TOML configuration is not read yet", at: SourceLocation(path: path, line: 1, column: 1),
        hint: "write the settings as hugo.yaml for now"))
  }
}
