// Placeholder until the PlistLoaderTests tests land.
