"""18xx route revenue: the network model, the exact all-trains-at-once search, scenarios and the CLI."""
