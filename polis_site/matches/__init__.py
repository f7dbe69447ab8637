"""Matches of Polis: seats, the action log, the one write path, the live websocket."""
