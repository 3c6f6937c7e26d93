/// A seeded random number generator (SplitMix64, Steele, Lea and Flood 2014): the same seed
/// gives the same numbers on every machine and every run, so a generated-edit failure is
/// replayed from its seed alone. Not for anything that needs unpredictable numbers.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose numbers follow from `seed` alone.
  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (bound > 0). Written here rather than through
  /// `Int.random(in:using:)`, whose algorithm the standard library may change between
  /// releases, which would change what a recorded seed replays.
  mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0)
    return Int(next() % UInt64(bound))
  }

  /// One element of `items` (not empty).
  mutating func pick<T>(_ items: [T]) -> T {
    items[below(items.count)]
  }

  /// True with probability `numerator` in `denominator`.
  mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
    below(denominator) < numerator
  }
}
