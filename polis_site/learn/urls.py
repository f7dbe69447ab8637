from django.urls import path

from polis_site.learn import views

app_name = "learn"

urlpatterns = [
    path("tutorial/", views.start_tutorial, name="tutorial"),
    path("hints/<slug:kind>/dismiss/", views.dismiss_hint, name="dismiss_hint"),
]
