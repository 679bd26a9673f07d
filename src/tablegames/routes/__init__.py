"""18xx route revenue: hex maps and board states, the network model, the exact all-trains-at-once search,
scenarios and the CLI."""
