from django.urls import path

from polis_site.analysis import views

app_name = "analysis"
urlpatterns = [
    path("<id:match_id>/analysis/", views.ask, name="ask"),
    path("<id:match_id>/analysis/part/", views.part, name="part"),
]
