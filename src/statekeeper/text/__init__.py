"""Text primitives shared by every step: typed values found in free text."""
