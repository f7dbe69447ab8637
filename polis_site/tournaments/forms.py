"""The form that makes a tournament: its terms as the lobby's challenge asks them (the ruleset, a
time control, rated or not), and its own (format, rounds, size, a start time, bots, by invitation or open)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from polis_site.lobby.forms import CLOCK, DAYS, control_choices
from polis_site.matches.models import DEFAULT_RULESET, RULESETS
from polis_site.presentation import refusals
from polis_site.tournaments import pairing
from polis_site.tournaments.models import Tournament

FORMATS = ((Tournament.Format.SWISS, _("Swiss")), (Tournament.Format.ROUND_ROBIN, _("Round robin")),
           (Tournament.Format.KNOCKOUT, _("Single elimination")))


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    format = forms.ChoiceField(label=_("Format"), choices=FORMATS, initial=Tournament.Format.SWISS,
                               error_messages={"invalid_choice": refusals.SERVER["bad_format"]})
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=30,
                                initial=5)
    ruleset = forms.ChoiceField(label=_("Rules"), choices=RULESETS, initial=DEFAULT_RULESET, error_messages={
        "invalid_choice": refusals.SERVER["bad_ruleset"]})
    control = forms.ChoiceField(label=_("Time control"), choices=control_choices, required=False, initial=f"{DAYS}3",
                                error_messages={"invalid_choice": refusals.SERVER["bad_time_limit"]})
    rated = forms.ChoiceField(label=_("Result"), choices=(("1", _("Rated")), ("0", _("Unrated"))), initial="1")
    min_players = forms.IntegerField(label=_("Fewest players"), min_value=2, max_value=pairing.MOST, initial=4)
    max_players = forms.IntegerField(label=_("Most players"), min_value=2, max_value=pairing.MOST, initial=16)
    starts_at = forms.DateTimeField(label=_("Starts (UTC)"), required=False,
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
                                    input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"])
    bots = forms.BooleanField(label=_("Bots may join"), required=False)
    invitation_only = forms.BooleanField(label=_("By invitation only (you share its link)"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, auto_id="t-%s", label_suffix="", **kwargs)

    def clean(self) -> dict[str, Any]:
        """Each wrong value said beside its own field, all at once (the services refuse them one by
        one, the first only)."""
        data = super().clean()
        if data.get("format") == Tournament.Format.ROUND_ROBIN and data.get("rounds") not in (None, 1, 2):
            self.add_error("rounds", _("A round robin is played once or twice: choose 1 or 2 rounds."))
        if data.get("format") == Tournament.Format.KNOCKOUT:
            data["rounds"] = 1  # a knockout has as many rounds as it needs
        least, most = data.get("min_players"), data.get("max_players")
        if least is not None and most is not None and least > most:
            self.add_error("max_players", _("The most players cannot be fewer than the fewest."))
        start = data.get("starts_at")
        if start is not None and start <= timezone.now():
            self.add_error("starts_at", _("Choose a start time still to come, or none."))
        return data

    def terms(self) -> dict[str, Any]:
        """The service's arguments from the choices made."""
        data = self.cleaned_data
        control = data.get("control") or ""
        return {"name": data["name"], "format": data["format"], "rounds": data["rounds"], "ruleset": data["ruleset"],
                "rated": data["rated"] != "0", "min_players": data["min_players"], "max_players": data["max_players"],
                "starts_at": data.get("starts_at"), "bots_allowed": bool(data.get("bots")),
                "invitation_only": bool(data.get("invitation_only")),
                "move_days": int(control.removeprefix(DAYS)) if control.startswith(DAYS) else None,
                "clock": control.removeprefix(CLOCK) if control.startswith(CLOCK) else ""}
