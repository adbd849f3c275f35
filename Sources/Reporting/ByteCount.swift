/// A number of bytes as a message shows it: in MiB from one MiB on, else in KiB, else in bytes.
public enum ByteCount {
  /// `64 MiB`, `1.5 MiB`, `126.9 KiB` or `900 bytes`: one decimal, cut (not rounded), where the unit does not divide.
  public static func text(_ bytes: Int) -> String {
    for (unit, name) in [(1 << 20, "MiB"), (1 << 10, "KiB")] where bytes >= unit {
      let whole = bytes / unit
      let rest = bytes % unit
      return rest == 0 ? "\(whole) \(name)" : "\(whole).\(rest * 10 / unit) \(name)"
    }
    return bytes == 1 ? "1 byte" : "\(bytes) bytes"
  }
}
