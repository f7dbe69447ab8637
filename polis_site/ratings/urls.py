from django.urls import path

from polis_site.ratings import views

app_name = "ratings"

urlpatterns = [
    path("players/", views.leaderboard, name="leaderboard"),
    path("players/<str:username>/", views.player_profile, name="profile"),
]
