from django.urls import path

import polis_site.converters  # noqa: F401  (registers the "id" converter)
from polis_site.lobby import views

app_name = "lobby"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("new/", views.create, name="create"),
    path("challenges/", views.challenges, name="challenges"),
    path("invite/<str:token>/", views.invite, name="invite"),
    path("<id:match_id>/join/", views.join, name="join"),
    path("<id:match_id>/rematch/", views.rematch, name="rematch"),
    path("<id:match_id>/cancel/", views.cancel, name="cancel"),
]
