from django.contrib import admin
from django.urls import include, path, re_path
from django.views.i18n import JavaScriptCatalog

from polis_site import views
from polis_site.guests import views as guests
from polis_site.notices import languages

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("rules/", views.rules, name="rules"),
    path("rules/rulings/", views.rulings, name="rulings"),
    path("play/", guests.play_now, name="play_now"),
    path("learn/", include("polis_site.learn.urls")),
    path("watch/", include("polis_site.watch.urls")),
    path("tournaments/", include("polis_site.tournaments.urls")),
    path("sw.js", views.service_worker, name="service_worker"),
    # Django's language menu, the choice kept with a player's account.
    path("i18n/setlang/", languages.set_language, name="set_language"),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("admin/", admin.site.urls),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", views.login_view, name="login"),
    # django-allauth's link in the verification email (its other views are not used).
    re_path(r"^accounts/confirm-email/(?P<key>[-:\w]+)/$", views.ConfirmEmail.as_view(), name="account_confirm_email"),
    path("accounts/", include("django.contrib.auth.urls")),
    # The apps share /matches/: the lobby at its root, a match under its number, the players and
    # their preferences under their own words.
    path("api/", include("polis_site.api.urls")),
    path("matches/", include("polis_site.lobby.urls")),
    path("matches/", include("polis_site.ratings.urls")),
    path("matches/", include("polis_site.notices.urls")),
    path("matches/", include("polis_site.clocks.urls")),
    path("matches/", include("polis_site.relations.urls")),
    path("matches/", include("polis_site.analysis.urls")),
    path("matches/", include("polis_site.presentation.urls")),
]
