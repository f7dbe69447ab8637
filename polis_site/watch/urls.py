from django.urls import path

from polis_site.watch import views

app_name = "watch"
urlpatterns = [
    path("", views.watch, name="watch"),
    path("privacy/", views.privacy, name="privacy"),
]
