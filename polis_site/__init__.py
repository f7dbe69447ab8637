"""The Django project of Polis Online: settings, ASGI routing, the site's pages."""
