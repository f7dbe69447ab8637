from django.urls import path

import polis_site.converters  # noqa: F401  (registers the "id" converter)
from polis_site.tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournaments, name="list"),
    path("new/", views.create, name="create"),
    path("<id:tournament_id>/", views.tournament, name="tournament"),
    path("<id:tournament_id>/part/", views.part, name="part"),
    path("<id:tournament_id>/join/", views.join, name="join"),
    path("<id:tournament_id>/withdraw/", views.withdraw, name="withdraw"),
    path("<id:tournament_id>/invitation/", views.new_invitation, name="new_invitation"),
]
