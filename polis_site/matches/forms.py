"""The player's preferences: where turn notices go, and whether to send them."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from polis_site.matches.models import Preferences


class PreferencesForm(forms.Form):
    email = forms.EmailField(label=_("Email address"), required=False,
                             help_text=_("Only for notices of your matches; never shown to other players."))
    email_turns = forms.BooleanField(label=_("Email me when a match waits for my move and I am away"), required=False)

    def __init__(self, user: Any, *args: Any, **kwargs: Any) -> None:
        self.user = user
        preferences = Preferences.of(user)
        super().__init__(*args, initial={"email": user.email, "email_turns": preferences.email_turns}, **kwargs)

    def save(self) -> None:
        self.user.email = self.cleaned_data["email"]
        self.user.save(update_fields=["email"])
        Preferences.objects.filter(user=self.user).update(email_turns=self.cleaned_data["email_turns"])
