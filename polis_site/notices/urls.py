from django.urls import path

from polis_site.notices import views

app_name = "notices"

urlpatterns = [
    path("preferences/", views.preferences, name="preferences"),
    path("push/subscribe/", views.push_subscribe, name="push_subscribe"),
    path("notices/stop/<str:token>/", views.stop, name="stop"),
    path("push/unsubscribe/", views.push_unsubscribe, name="push_unsubscribe"),
]
