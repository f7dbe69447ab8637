from django.urls import path

from polis_site.notices import views

app_name = "notices"

urlpatterns = [
    path("preferences/", views.preferences, name="preferences"),
]
