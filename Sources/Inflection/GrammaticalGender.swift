/// A grammatical gender, as `morphology: {grammaticalGender: …}` states it.
public enum GrammaticalGender: String, Hashable, Sendable {
  /// `feminine`.
  case feminine
  /// `masculine`.
  case masculine
  /// `neuter` (no Spanish noun takes it; English has no agreement by gender).
  case neuter
}
