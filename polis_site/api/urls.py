from django.urls import include, path
from django.views.generic import RedirectView

from polis_site.api import views
from polis_site.api.v1 import api

pages = ([
    path("tokens/", views.make, name="make"),
    path("tokens/<int:token_id>/revoke/", views.revoke, name="revoke"),
], "api")

urlpatterns = [
    path("account/", include(pages)),
    path("v1/", api.urls),
    # The current version's schema and docs under version-free addresses.
    path("schema/", RedirectView.as_view(pattern_name="api-v1:openapi-json", permanent=False), name="api-schema"),
    path("docs/", RedirectView.as_view(pattern_name="api-v1:openapi-view", permanent=False), name="api-docs"),
]
