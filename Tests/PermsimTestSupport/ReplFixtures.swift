/// What the REPL tests start a session from, shared by the engine's tests and the command's.
public enum ReplFixtures {
  /// The Info.plist of an app named WiFiFinder that may ask for When In Use.
  public static let wifiFinderInfoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict>
      <key>CFBundleDisplayName</key><string>WiFiFinder</string>
      <key>NSLocationWhenInUseUsageDescription</key><string>Finds your Wi-Fi.</string>
    </dict></plist>
    """
}
