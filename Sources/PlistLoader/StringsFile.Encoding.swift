extension StringsFile {
  /// How a strings file's bytes are encoded.
  public enum Encoding: Sendable, Hashable {
    /// A compiled (binary) property list, as in a built app.
    case binaryPropertyList
    /// UTF-8 text, with or without the `EF BB BF` mark.
    case utf8(byteOrderMark: Bool)
    /// UTF-16 little-endian text, with or without the `FF FE` mark.
    case utf16LittleEndian(byteOrderMark: Bool)
    /// UTF-16 big-endian text, with or without the `FE FF` mark.
    case utf16BigEndian(byteOrderMark: Bool)
  }
}
