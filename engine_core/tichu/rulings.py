"""Tichu answers to the judge ops (CONTRACT section 3); filled in by the Tichu issues."""
