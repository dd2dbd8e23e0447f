"""Conformance replay: run memory strategies over StateBench timelines and score them.

The metrics are the ones `docs/conformance.md` defines, so that numbers from this package can be
compared with any other engine's on the same data.
"""
