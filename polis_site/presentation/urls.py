from django.urls import path

import polis_site.converters  # noqa: F401  (registers the "id" converter)
from polis_site.presentation import views

app_name = "matches"

urlpatterns = [
    path("mine/", views.my_matches, name="mine"),
    path("reading/", views.reading, name="reading"),
    path("<id:match_id>/", views.match_page, name="match"),
    path("<id:match_id>/resign/", views.resign, name="resign"),
    path("<id:match_id>/abort/", views.abort, name="abort"),
    path("<id:match_id>/claim/", views.claim, name="claim"),
    path("<id:match_id>/replay/", views.replay, name="replay"),
    path("<id:match_id>/replay/<id:seq>/", views.replay_step, name="replay_step"),
    path("<id:match_id>/play-on/", views.play_on, name="play_on"),
    path("<id:match_id>/replay/notation.txt", views.notation, name="notation"),
    path("api/<id:match_id>/state/", views.api_state, name="api_state"),
    path("api/<id:match_id>/act/", views.api_act, name="api_act"),
]
