// Placeholder until the RunnerTests tests land.
