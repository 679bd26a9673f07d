"""18xx route revenue: hex maps, board states, the network model and the exact route search."""
