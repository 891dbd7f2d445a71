"""Egocentric World."""
