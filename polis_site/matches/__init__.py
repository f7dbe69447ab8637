"""Play: a match of Polis, its seats and its action log, the one write path, and where other apps
plug in (`extensions`). What players see of it is the presentation app's."""
