// Placeholder until the PlistLoader target lands.
