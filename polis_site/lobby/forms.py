"""The challenge form: what a player asks of the match they offer, as a Django form so that a
refused choice comes back with every other choice kept and the reason beside the form.

A time control is one choice among no limit, a live clock and days per move (as lichess offers
real time, correspondence or unlimited), so the form cannot ask for two. A rating range and a
reliability are asked of players who take a challenge in the lobby: an invite link lets whoever
holds it in, so the form refuses the two together rather than ignore the range.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from polis_site.matches import terms
from polis_site.matches.models import DEFAULT_RULESET, RULESETS
from polis_site.presentation import refusals

#: The least reliabilities a challenge may ask for.
RELIABILITY_CHOICES = (50, 75, 90, 95)
SIDES = (("athens", _("Athens")), ("sparta", _("Sparta")), ("random", _("Either (drawn at random)")))
CLOCK = "clock:"
DAYS = "days:"


def _days(days: int) -> str:
    return str(ngettext_lazy("%(days)s day per move", "%(days)s days per move", days) % {"days": days})


def control_choices() -> list[Any]:
    return [("", _("No limit")),
            (_("Live clock"), [(f"{CLOCK}{clock}", _("%(clock)s (minutes + seconds a decision)") % {"clock": clock})
                               for clock in terms.CLOCKS]),
            (_("Days per move"), [(f"{DAYS}{days}", _days(days)) for days in terms.MOVE_DAYS if days])]


class ChallengeForm(forms.Form):
    # A refused choice is said as the service says it (polis_site/presentation/refusals.py), naming it.
    # A field left out takes its default (a form posted by hand, a test): only what is sent is checked.
    ruleset = forms.ChoiceField(label=_("Rules"), choices=RULESETS, initial=DEFAULT_RULESET, required=False, error_messages={
        "invalid_choice": refusals.SERVER["bad_ruleset"]})
    side = forms.ChoiceField(label=_("Play as"), choices=SIDES, initial="random", required=False, error_messages={
        "invalid_choice": refusals.SERVER["bad_side"]})
    control = forms.ChoiceField(label=_("Time control"), choices=control_choices, required=False, error_messages={
        "invalid_choice": refusals.SERVER["bad_time_limit"]})
    rated = forms.ChoiceField(label=_("Result"), choices=(("1", _("Rated")), ("0", _("Unrated"))), initial="1",
                              required=False)
    # Text, not numbers: the service refuses a bad rating naming it, in the words every refusal has.
    rating_min = forms.CharField(label=_("Opponents rated from"), required=False, max_length=12,
                                 widget=forms.NumberInput(attrs={"min": 0, "max": 4000, "step": 50, "placeholder": _("any")}))
    # Said whole to a screen reader, which reads the field alone ("to" was all it said).
    rating_max = forms.CharField(label=_("to"), required=False, max_length=12,
                                 widget=forms.NumberInput(attrs={"min": 0, "max": 4000, "step": 50, "placeholder": _("any"),
                                                                 "aria-label": _("Opponents rated up to")}))
    reliability_min = forms.ChoiceField(label=_("Their reliability at least"), required=False,
                                        choices=(("", _("any")), *((str(p), f"{p}%") for p in RELIABILITY_CHOICES)),
                                        error_messages={"invalid_choice": refusals.SERVER["bad_reliability"]})
    who = forms.ChoiceField(label=_("Who may join"), initial="lobby", required=False,
                            choices=(("lobby", _("Anyone, from the lobby")), ("invited", _("Only who has the invite link"))))
    # Bot accounts (the open API's) take only the lobby's challenges that allow them.
    bots = forms.BooleanField(label=_("Bots may take it"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, auto_id="%s", label_suffix="", **kwargs)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        asks = data.get("rating_min") or data.get("rating_max") or data.get("reliability_min")
        if data.get("who") == "invited" and asks:
            raise forms.ValidationError(_("A rating range or a reliability is asked of players who take a challenge "
                                          "in the lobby; whoever holds an invite link may join. Choose the lobby, "
                                          "or no range."), code="invite_with_range")
        return data

    def terms(self) -> dict[str, Any]:
        """The service's arguments from the choices made (a bad rating passed on for it to refuse)."""
        data = self.cleaned_data
        control = data.get("control") or ""
        return {"side": data["side"] or "random", "ruleset": data["ruleset"] or DEFAULT_RULESET, "rated": data["rated"] != "0",
                "listed": data["who"] != "invited", "bots_allowed": bool(data.get("bots")),
                "move_days": int(control.removeprefix(DAYS)) if control.startswith(DAYS) else None,
                "clock": control.removeprefix(CLOCK) if control.startswith(CLOCK) else None,
                "rating_range": (_number(data.get("rating_min")), _number(data.get("rating_max"))),
                "reliability_min": _number(data.get("reliability_min"))}


def _number(text: str | None) -> int | str | None:
    """A whole number as an int; anything else as sent, for the service to refuse by name
    (`str.isdigit` is true of "²", which `int` refuses)."""
    if not text:
        return None
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else text
