// Placeholder until the ReportingTests tests land.
