from django.urls import path

from polis_site.relations import views

app_name = "relations"

urlpatterns = [
    path("players/<str:username>/block/", views.block, name="block"),
    path("players/<str:username>/unblock/", views.unblock, name="unblock"),
]
