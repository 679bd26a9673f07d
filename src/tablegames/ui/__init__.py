"""The window: scenes, the loop, drawing. Reads the rules cores; never the other way round."""
