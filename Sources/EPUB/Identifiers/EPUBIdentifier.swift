/// A book's unique identifier (`dc:identifier`): one the author gives (an ISBN URN, a UUID) or
/// one derived from the book's URL.
public struct EPUBIdentifier: Sendable, Equatable, Hashable {
  /// The identifier as written in the package document.
  public var value: String

  /// The identifier `value`, as given.
  public init(_ value: String) {
    self.value = value
  }

  /// A `urn:uuid:` identifier named by the book's URL (``NameBasedUUID`` in the URL namespace):
  /// stable while the book stays at that URL, different for every other URL.
  public init(bookURL: String) {
    value = NameBasedUUID(name: Array(bookURL.utf8)).urn
  }
}
