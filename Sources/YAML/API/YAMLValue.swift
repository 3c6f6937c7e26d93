public import Diagnostics

/// One node of a YAML (or JSON) document: a scalar, a sequence or a mapping, with the place in the
/// file where it starts.
///
/// Equality and hashing compare content only, never locations, so a value parsed from a file equals
/// the same value written as a literal, and mapping keys are found wherever they were written.
/// Mappings compare as YAML defines them, without regard to key order; `.nan` equals `.nan`.
public struct YAMLValue: Sendable, Hashable {
  /// What a node holds.
  public enum Kind: Sendable {
    /// `null`, `~`, or nothing at all.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A 64-bit integer, written in decimal, `0x` hexadecimal or `0o` octal.
    case int(Int)
    /// A floating-point number, including `.inf`, `-.inf` and `.nan`, and a decimal integer too
    /// long for 64 bits (as JSON readers treat one).
    case double(Double)
    /// Text: every quoted scalar, and every plain scalar that is not another kind.
    case string(String)
    /// An ordered list of nodes.
    case sequence([YAMLValue])
    /// Key-value pairs in the order they were written.
    case mapping(YAMLMapping)
  }

  /// What the node holds.
  public var kind: Kind
  /// Where the node starts (its anchor or tag, when it has one), or `nil` for a value built in code.
  ///
  /// A value reached through an alias keeps the location of the node its anchor names.
  public var location: SourceLocation?

  /// Creates a node holding `kind`, optionally placed at `location`.
  public init(_ kind: Kind, at location: SourceLocation? = nil) {
    self.kind = kind
    self.location = location
  }

  /// Whether both nodes hold equal content, wherever they were written.
  public static func == (lhs: YAMLValue, rhs: YAMLValue) -> Bool {
    lhs.kind == rhs.kind
  }

  /// Hashes the content, leaving out the location.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
  }
}

extension YAMLValue.Kind: Hashable {
  /// Whether both kinds hold equal content; `.nan` equals `.nan` so that every value equals itself.
  public static func == (lhs: YAMLValue.Kind, rhs: YAMLValue.Kind) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let l), .bool(let r)): return l == r
    case (.int(let l), .int(let r)): return l == r
    case (.double(let l), .double(let r)): return l == r || (l.isNaN && r.isNaN)
    case (.string(let l), .string(let r)): return l == r
    case (.sequence(let l), .sequence(let r)): return l == r
    case (.mapping(let l), .mapping(let r)): return l == r
    default: return false
    }
  }

  /// Hashes the content consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null:
      hasher.combine(0)
    case .bool(let value):
      hasher.combine(1)
      hasher.combine(value)
    case .int(let value):
      hasher.combine(2)
      hasher.combine(value)
    case .double(let value):
      hasher.combine(3)
      hasher.combine(value.isNaN ? Double.nan : value)
    case .string(let value):
      hasher.combine(4)
      hasher.combine(value)
    case .sequence(let values):
      hasher.combine(5)
      hasher.combine(values)
    case .mapping(let mapping):
      hasher.combine(6)
      hasher.combine(mapping)
    }
  }
}
