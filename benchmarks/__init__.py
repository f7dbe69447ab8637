"""Measuring tools, apart from the product: each prints its figures (docs/bench.md)."""
