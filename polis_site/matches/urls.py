from django.urls import path

from polis_site.matches import views

app_name = "matches"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("mine/", views.my_matches, name="mine"),
    path("preferences/", views.preferences, name="preferences"),
    path("new/", views.create, name="create"),
    path("invite/<str:token>/", views.invite, name="invite"),
    path("<int:match_id>/", views.match_page, name="match"),
    path("<int:match_id>/join/", views.join, name="join"),
    path("<int:match_id>/resign/", views.resign, name="resign"),
    path("<int:match_id>/claim/", views.claim, name="claim"),
    path("<int:match_id>/replay/", views.replay, name="replay"),
    path("<int:match_id>/replay/<int:seq>/", views.replay_step, name="replay_step"),
    path("api/<int:match_id>/state/", views.api_state, name="api_state"),
    path("api/<int:match_id>/act/", views.api_act, name="api_act"),
]
