"""Polis (Devir 2020 edition) rules engine: pure Python, no Django."""
