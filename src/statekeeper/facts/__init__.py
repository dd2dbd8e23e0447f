"""Facts: classification, constraints, scope and the supersession chain."""
