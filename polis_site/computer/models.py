"""What the computer's queue records: each time a decision was thought about."""

from __future__ import annotations

from django.db import models


class ComputerThought(models.Model):
    """One time the computer thought about a decision: a task of the queue that began to think. Two
    for one decision mean a worker died in the middle of the first (or a task was given out twice);
    the admin shows them, and the computer's benchmark counts them."""

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="computer_thoughts")
    #: The match's version the decision was owed at.
    version = models.PositiveIntegerField()
    #: Which process thought: host and process id.
    worker = models.CharField(max_length=100)
    started_at = models.DateTimeField(auto_now_add=True)
    #: How long thinking took, once it ended.
    seconds = models.FloatField(null=True, blank=True)
    #: Whether this thought's answer was the one played (a repeat of a played answer is not).
    answered = models.BooleanField(default=False)

    class Meta:
        #: Its table from when the matches app held it: the model changed owner, not its rows.
        db_table = "matches_computerthought"
        ordering = ["match", "version", "started_at"]
        indexes = [models.Index(fields=["match", "version"], name="thought_decision")]


class Worker(models.Model):
    """A worker of the computer (`manage.py computer`), heard from every BEAT_SECONDS while it runs
    (`heartbeat.py`): one not heard from for STALE_SECONDS is stopped, frozen or gone, and the
    status report (/healthz, the admin) names it."""

    #: Host and process id, as its thoughts name it.
    name = models.CharField(max_length=100, unique=True)
    #: The engine it thinks with: "compiled" or "pure".
    engine = models.CharField(max_length=10)
    started_at = models.DateTimeField()
    heard_at = models.DateTimeField()

    class Meta:
        ordering = ["-heard_at"]

    def __str__(self) -> str:
        return self.name
