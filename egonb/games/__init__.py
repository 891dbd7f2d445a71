"""The games, each in a folder of its own."""
