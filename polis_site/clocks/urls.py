from django.urls import path

from polis_site.clocks import views

app_name = "clocks"

urlpatterns = [
    path("holiday/", views.holiday, name="holiday"),
]
