"""What the analysis of a finished match stores: one row per match and engine version."""

from __future__ import annotations

from django.db import models

from engine import analysis
from polis_site.matches import fields


class Analysis(models.Model):
    """The computer's judgement of each decision of a match, made by tasks on the queue's LATER list
    one decision after another (`services.work`), then its suspected mistakes checked by whole
    games, one game to the end after another, as an engine version judged it."""

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="analyses")
    #: `engine.analysis.version()` of the engine that judged: a new engine analyses again.
    engine = models.CharField(max_length=12)
    #: The match's version when the analysis began (its steps 1 to `steps`), and the next step to
    #: judge: `upto > steps` once every step is judged (`judged`; then the checks).
    steps = models.PositiveIntegerField()
    upto = models.PositiveIntegerField(default=1)
    #: Per step judged (one with more than one answer): {"seq", "side", "before", "after", "loss",
    #: "best", "played"}, chances Athens' from 0 to 1 (engine/analysis.py's Judgement).
    judgements = fields.JSONField(default=list)
    #: The suspects' checks by whole games (`engine.analysis.Check`), by step: {"diffs": each pair's
    #: result, "half": the pair under way's first game's}.
    checks = fields.JSONField(default=dict)
    #: Whether every suspect is checked, once every step is judged (an analysis made before suspects
    #: were checked counts as checked: it has none to check).
    checked = models.BooleanField(default=False)
    requested_at = models.DateTimeField(auto_now_add=True)
    #: The last step's work: an analysis that stops moving was lost from the queue (`services.request`).
    worked_at = models.DateTimeField(auto_now=True)
    #: Seconds of thinking so far.
    seconds = models.FloatField(default=0.0)

    class Meta:
        verbose_name_plural = "analyses"
        constraints = [models.UniqueConstraint(fields=["match", "engine"], name="one_analysis_per_engine")]

    def __str__(self) -> str:
        return f"analysis of match {self.match_id} ({self.engine})"

    def check_of(self, seq: int) -> analysis.Check:
        """The check of the suspect at step `seq` so far (an empty one if none)."""
        stored = self.checks.get(str(seq), {})
        return analysis.Check(tuple(stored.get("diffs", ())), stored.get("half"))

    @property
    def judged(self) -> bool:
        return self.upto > self.steps

    @property
    def done(self) -> bool:
        return self.judged and self.checked
