// Placeholder until the Runner target lands.
