import HashTreeCollections

/// A dictionary type that tells whether its keys are `String`s. Swift encodes a `String` key that
/// reads as an integer (`"9"`) with the same coding key as the `Int` key 9, so only the type can
/// tell the encoder which one it saw.
protocol StringKeyedDictionary {
  /// True when the dictionary's `Key` is `String`.
  static var hasStringKeys: Bool { get }
}

extension Dictionary: StringKeyedDictionary {
  static var hasStringKeys: Bool { Key.self == String.self }
}

extension TreeDictionary: StringKeyedDictionary {
  static var hasStringKeys: Bool { Key.self == String.self }
}
