// Placeholder until the Reporting target lands.
