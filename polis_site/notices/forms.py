"""The player's preferences: where turn notices go, and whether to send them."""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from polis_site.notices.models import Preferences
from polis_site.notices.services import verified_address


class PreferencesForm(forms.Form):
    email = forms.EmailField(label=_("Email address"), required=False,
                             help_text=_("Only for notices of your matches; never shown to other players. "
                                         "A new address is used once you open the link we send to it."))
    email_turns = forms.BooleanField(label=_("Email me when a match waits for my move and I am away"), required=False)

    def __init__(self, user: Any, *args: Any, **kwargs: Any) -> None:
        self.user = user
        preferences = Preferences.of(user)
        pending = EmailAddress.objects.get_new(user)
        super().__init__(*args, initial={"email": pending.email if pending else user.email,
                                         "email_turns": preferences.email_turns}, **kwargs)

    def save(self, request: HttpRequest) -> str | None:
        """Stores the choices; a new address gets a link to confirm it (django-allauth), which
        makes it the one notices go to. Returns the address a link was sent to, if any."""
        Preferences.objects.filter(user=self.user).update(email_turns=self.cleaned_data["email_turns"])
        email = self.cleaned_data["email"]
        if not email:
            EmailAddress.objects.filter(user=self.user).delete()
            self.user.email = ""
            self.user.save(update_fields=["email"])
            return None
        if email.lower() == self.user.email.lower() and verified_address(self.user):
            EmailAddress.objects.filter(user=self.user, verified=False).delete()  # a change abandoned
            return None
        EmailAddress.objects.add_new_email(request, self.user, email)
        return email
